import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getSocket } from '@portal/web-core';
import { fakeSockets, type FakeSocket } from '../../web-core/testing/fakeSocket';
import { NotificationBell } from './NotificationBell';
import { mockApi, notification, renderWithPortal } from './testing/renderWithPortal';

jest.mock('socket.io-client', () => jest.requireActual('../../web-core/testing/fakeSocket').fakeSocketModule);

/** jsdom matches no media query, which antd reads as a phone; this makes every width query match (a desktop). */
function asDesktop() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: /min-width/.test(query),
  })) as typeof original;
  return () => {
    window.matchMedia = original;
  };
}

describe('NotificationBell', () => {
  it('shows the unread count in its name and badge, and counts a notification arriving over the socket', async () => {
    mockApi({ 'GET /notifications/unread-count': { unreadCount: 3 } });
    renderWithPortal(<NotificationBell />);
    // Until the count arrives the bell does not claim "none unread".
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
    // The count listens on the page's connection (the provider opens it once it has loaded the client).
    await waitFor(() => {
      const socket = getSocket() as unknown as FakeSocket | null;
      expect(socket?.count('notification')).toBeGreaterThan(0);
      expect(socket?.count('notificationsRead')).toBeGreaterThan(0);
    });

    act(() => fakeSockets.at(-1)!.deliver('notification', { notification: notification(0), unreadCount: 4 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    // Screen readers hear that one arrived.
    expect(screen.getByText('New notification. 4 unread notifications')).toHaveAttribute('role', 'status');

    act(() => fakeSockets.at(-1)!.deliver('notificationsRead', { unreadCount: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
  });

  it('on a phone opens a full-width drawer with the newest, each linking to its record and read once opened', async () => {
    const calls = mockApi({
      'GET /notifications/unread-count': { unreadCount: 2 },
      'GET /notifications': {
        notifications: [
          notification(0, { title: 'Your leave request was approved', link: '/leaves' }),
          notification(1, { title: 'You were added to Robotics', link: '/chat', read: true }),
          notification(2, { title: 'Old one', read: false }),
        ],
        unreadCount: 2,
        hasMore: false,
      },
      'PUT /notifications/n0/read': notification(0, { read: true }),
    });
    renderWithPortal(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('Your leave request was approved');
    expect(within(drawer).getAllByTestId('notification')).toHaveLength(3);
    // Unread is said in words ("New"), not by colour alone.
    expect(within(drawer).getAllByText('New')).toHaveLength(2);
    // A full-width drawer.
    expect(document.querySelector('.ant-drawer-content-wrapper')?.getAttribute('style')).toMatch(/width: 100%/);

    fireEvent.click(within(drawer).getByRole('link', { name: 'Your leave request was approved' }));
    expect(await screen.findByText('now at /leaves')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/notifications/n0/read')).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('on a desktop opens a popover: a new one arrives on top of the open list, Mark all read, See all', async () => {
    const restore = asDesktop();
    try {
      const calls = mockApi({
        'GET /notifications/unread-count': { unreadCount: 1 },
        'GET /notifications': { notifications: [notification(1)], unreadCount: 1, hasMore: false },
        'PUT /notifications/read-all': { unreadCount: 0 },
      });
      renderWithPortal(<NotificationBell />);
      fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
      const panel = await screen.findByRole('region', { name: 'Notifications' });
      await within(panel).findByText('Notice 1');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      act(() =>
        fakeSockets
          .at(-1)!
          .deliver('notification', { notification: notification(0, { title: 'Fresh one' }), unreadCount: 2 }),
      );
      await waitFor(() => expect(within(panel).getAllByTestId('notification')[0]).toHaveTextContent('Fresh one'));
      expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

      fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
      expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
      expect(within(panel).queryByText('New')).not.toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/notifications/read-all']);

      fireEvent.click(within(panel).getByRole('link', { name: 'See all notifications' }));
      expect(await screen.findByText('now at /notifications')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
