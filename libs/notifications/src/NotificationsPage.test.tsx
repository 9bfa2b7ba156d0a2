import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  EMAIL_DEFAULTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_PAGE_SIZE,
  type NotificationPreferences,
} from '@portal/contracts';
import { switchLanguage } from '@portal/web-core';
import { fakeSockets } from '../../web-core/testing/fakeSocket';
import { NotificationsPage } from './NotificationsPage';
import { mockApi, notification, renderWithPortal } from './testing/renderWithPortal';

jest.mock('socket.io-client', () => jest.requireActual('../../web-core/testing/fakeSocket').fakeSocketModule);

const prefs: NotificationPreferences = { email: { ...EMAIL_DEFAULTS } };
const page = (list: ReturnType<typeof notification>[], hasMore = false) => ({
  notifications: list,
  unreadCount: list.filter((n) => !n.read).length,
  hasMore,
});

describe('NotificationsPage', () => {
  it('says there are none yet', async () => {
    mockApi({
      'GET /notifications': page([]),
      'GET /notifications/unread-count': { unreadCount: 0 },
      'GET /notifications/preferences': prefs,
    });
    renderWithPortal(<NotificationsPage />);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark all read/ })).toBeDisabled();
  });

  it('says the list could not be loaded, and Retry loads it', async () => {
    let fail = true;
    mockApi({
      'GET /notifications': () =>
        fail ? [500, { statusCode: 500, message: 'Internal server error' }] : page([notification(0)]),
      'GET /notifications/unread-count': { unreadCount: 1 },
      'GET /notifications/preferences': prefs,
    });
    renderWithPortal(<NotificationsPage />);
    const inbox = await screen.findByTestId('inbox');
    await within(inbox).findByRole('alert');
    fail = false;
    fireEvent.click(within(inbox).getByRole('button', { name: 'Retry' }));
    expect(await within(inbox).findByText('Notice 0')).toBeInTheDocument();
    expect(within(inbox).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows read and unread in words, loads older pages, and marks all read', async () => {
    const first = Array.from({ length: NOTIFICATION_PAGE_SIZE }, (_, i) => notification(i, { read: i >= 2 }));
    const calls = mockApi({
      'GET /notifications': (url: URL) =>
        url.searchParams.get('before') ? page([notification(99, { title: 'The oldest' })]) : page(first, true),
      'GET /notifications/unread-count': { unreadCount: 3 },
      'GET /notifications/preferences': prefs,
      'PUT /notifications/read-all': { unreadCount: 0 },
    });
    renderWithPortal(<NotificationsPage />);
    const inbox = await screen.findByTestId('inbox');
    await within(inbox).findByText('Notice 0');
    expect(within(inbox).getAllByTestId('notification')).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(within(inbox).getAllByText('New')).toHaveLength(2);
    expect(screen.getByText('3 unread')).toBeInTheDocument();

    fireEvent.click(within(inbox).getByRole('button', { name: 'Load more notifications' }));
    expect(await within(inbox).findByText('The oldest')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/notifications').map((c) => c.url.search)).toEqual([
      `?limit=${NOTIFICATION_PAGE_SIZE}`,
      `?before=n${NOTIFICATION_PAGE_SIZE - 1}&limit=${NOTIFICATION_PAGE_SIZE}`,
    ]);
    expect(within(inbox).getByText(`All ${NOTIFICATION_PAGE_SIZE + 1} notifications shown`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Mark all read/ }));
    expect(await screen.findByText('All notifications marked read')).toBeInTheDocument();
    await waitFor(() => expect(within(inbox).queryByText('New')).not.toBeInTheDocument());
    expect(screen.getByText('All read')).toBeInTheDocument();
  });

  it('follows reads in another tab: reloads when fewer are unread than shown, all read at once at zero', async () => {
    let readElsewhere = false;
    const calls = mockApi({
      'GET /notifications': () =>
        page([notification(0, { read: readElsewhere }), notification(1, { title: 'Second' })]),
      'GET /notifications/unread-count': { unreadCount: 2 },
      'GET /notifications/preferences': prefs,
    });
    renderWithPortal(<NotificationsPage />);
    const inbox = await screen.findByTestId('inbox');
    await within(inbox).findByText('Second');
    await waitFor(() => expect(within(inbox).getAllByText('New')).toHaveLength(2));
    const socket = fakeSockets.at(-1)!;

    readElsewhere = true;
    act(() => socket.deliver('notificationsRead', { unreadCount: 1 }));
    await waitFor(() => expect(within(inbox).getAllByText('New')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/notifications')).toHaveLength(2);
    expect(screen.getByText('1 unread')).toBeInTheDocument();

    act(() => socket.deliver('notificationsRead', { unreadCount: 0 }));
    await waitFor(() => expect(within(inbox).queryByText('New')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/notifications')).toHaveLength(2); // no reload needed
  });

  it('marks one read without leaving the page', async () => {
    const calls = mockApi({
      'GET /notifications': page([notification(0, { title: 'Added to Robotics', link: null })]),
      'GET /notifications/unread-count': { unreadCount: 1 },
      'GET /notifications/preferences': prefs,
      'PUT /notifications/n0/read': notification(0, { read: true }),
    });
    renderWithPortal(<NotificationsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Mark read.*Added to Robotics/ }));
    await waitFor(() => expect(screen.queryByText('New')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/notifications/n0/read']);
    expect(screen.getByText('now at /here')).toBeInTheDocument();
  });

  it('saves an e-mail preference with a notice, and says so when saving fails', async () => {
    let refuse = false;
    const calls = mockApi({
      'GET /notifications': page([]),
      'GET /notifications/unread-count': { unreadCount: 0 },
      'GET /notifications/preferences': prefs,
      'PUT /notifications/preferences': (_url: URL, body: { email: Partial<NotificationPreferences['email']> }) =>
        refuse
          ? [500, { statusCode: 500, message: 'Internal server error' }]
          : { email: { ...prefs.email, ...body.email } },
    });
    renderWithPortal(<NotificationsPage />);
    const section = await screen.findByTestId('email-preferences');
    const announcements = await within(section).findByRole('switch', {
      name: NOTIFICATION_KIND_LABELS['announcement.new'],
    });
    expect(announcements).not.toBeChecked();
    // A mentee is never told of accounts awaiting approval.
    expect(within(section).queryByText(NOTIFICATION_KIND_LABELS['account.pending'])).not.toBeInTheDocument();

    fireEvent.click(announcements);
    expect(await screen.findByText(/Saved: e-mail on for/)).toBeInTheDocument();
    await waitFor(() => expect(announcements).toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { email: { 'announcement.new': true } },
    ]);

    refuse = true;
    const leaves = within(section).getByRole('switch', { name: NOTIFICATION_KIND_LABELS['leave.decided'] });
    fireEvent.click(leaves);
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(leaves).toBeChecked(); // unchanged
  });

  it("lists 'an account awaits approval' for an admin", async () => {
    mockApi({
      'GET /notifications': page([]),
      'GET /notifications/unread-count': { unreadCount: 0 },
      'GET /notifications/preferences': prefs,
    });
    renderWithPortal(<NotificationsPage />, { role: 'admin' });
    expect(await screen.findByRole('switch', { name: NOTIFICATION_KIND_LABELS['account.pending'] })).toBeChecked();
  });
});

describe('NotificationsPage in Hindi', () => {
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('shows its texts, the ages, the dates and the e-mail kinds in Hindi', async () => {
    await act(() => switchLanguage('hi'));
    mockApi({
      'GET /notifications': page([
        notification(0),
        notification(1, { createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(), read: true }),
        notification(2, { createdAt: '2026-03-05T10:00:00.000Z', read: true }),
      ]),
      'GET /notifications/unread-count': { unreadCount: 1 },
      'GET /notifications/preferences': prefs,
    });
    renderWithPortal(<NotificationsPage />);
    const inbox = await screen.findByTestId('inbox');
    await within(inbox).findByText('Notice 0');
    expect(screen.getByRole('heading', { name: 'सूचनाएँ' })).toBeInTheDocument();
    expect(screen.getByText('1 अपठित')).toBeInTheDocument();
    expect(within(inbox).getByText('अभी-अभी')).toBeInTheDocument();
    expect(within(inbox).getByText('3 घंटे पहले')).toBeInTheDocument();
    expect(within(inbox).getByText('5 मार्च 2026')).toBeInTheDocument();
    expect(within(inbox).getByText('सभी 3 सूचनाएँ दिखाई गईं')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /सभी को पढ़ा हुआ चिह्नित करें/ })).toBeEnabled();
    expect(await screen.findByLabelText('छुट्टी का अनुरोध स्वीकृत या अस्वीकृत हो')).toBeInTheDocument();
  });
});
