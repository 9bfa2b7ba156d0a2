import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ANNOUNCEMENT_PAGE_SIZE, type AnnouncementResponse } from '@portal/contracts';
import { createStore, SocketProvider, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { fakeSockets } from '../../web-core/testing/fakeSocket';
import { AnnouncementsFeed } from './AnnouncementsFeed';

jest.mock('socket.io-client', () => jest.requireActual('../../web-core/testing/fakeSocket').fakeSocketModule);

const announcement = (i: number, over: Partial<AnnouncementResponse> = {}): AnnouncementResponse => ({
  _id: `a${i}`,
  title: `Notice ${i}`,
  content: 'Text',
  priority: 'medium',
  targetAudience: 'all',
  readers: 'students',
  targetGroup: null,
  targetClass: null,
  authorId: { _id: 'mentor1', email: 'm@example.edu', fullName: 'Dr. Carter', role: 'mentor' },
  // Newest first: a higher i is older.
  createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
  likes: [],
  commentCount: 0,
  ...over,
});
// 120 announcements: two full pages and one of 20.
const all = Array.from({ length: 120 }, (_, i) => announcement(i));

function mockPages() {
  const asked: string[] = [];
  mockApi({
    'GET /announcements': (url: URL) => {
      asked.push(url.search);
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit'));
      const start = before ? all.findIndex((a) => a._id === before) + 1 : 0;
      return all.slice(start, start + limit);
    },
  });
  return asked;
}

const renderFeed = () => {
  localStorage.setItem('token', 'tok');
  return render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <SocketProvider token="tok">
          <AnnouncementsFeed />
        </SocketProvider>
      </ThemeProvider>
    </Provider>,
  );
};

describe('announcements feed', () => {
  it('loads the next page after the last one shown until every announcement is there', async () => {
    const asked = mockPages();
    renderFeed();
    expect(await screen.findByText('Notice 0')).toBeInTheDocument();
    expect(screen.getAllByTestId('announcement')).toHaveLength(ANNOUNCEMENT_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Load more announcements' }));
    expect(await screen.findByText('Notice 99')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more announcements' }));
    expect(await screen.findByText('Notice 119')).toBeInTheDocument();
    expect(screen.getAllByTestId('announcement')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: 'Load more announcements' })).not.toBeInTheDocument();
    expect(screen.getByText('All 120 announcements shown')).toBeInTheDocument();
    expect(asked).toEqual([`?limit=50`, `?before=a49&limit=50`, `?before=a99&limit=50`]);
  });

  it('keeps live updates across pages: new ones on top, likes and deletions on any loaded page', async () => {
    mockPages();
    renderFeed();
    await screen.findByText('Notice 0');
    fireEvent.click(screen.getByRole('button', { name: 'Load more announcements' }));
    await screen.findByText('Notice 99');
    const socket = fakeSockets.at(-1)!;
    act(() => socket.deliver('newAnnouncement', announcement(-1, { title: 'Fresh news' })));
    await waitFor(() => expect(screen.getAllByTestId('announcement')[0]).toHaveTextContent('Fresh news'));
    act(() =>
      socket.deliver('announcementLikeUpdated', {
        announcementId: 'a80',
        likes: [{ userId: { _id: 'x' } }, { userId: { _id: 'y' } }],
      }),
    );
    const card = screen.getByText('Notice 80').closest('[data-testid="announcement"]') as HTMLElement;
    await waitFor(() => expect(within(card).getByRole('button', { name: /^Like ·/ })).toHaveTextContent('2'));
    act(() => socket.deliver('announcementDeleted', { announcementId: 'a75' }));
    await waitFor(() => expect(screen.queryByText('Notice 75')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('announcement')).toHaveLength(100);
  });

  it('asks for likes and comments while it shows, again after a reconnect', async () => {
    mockPages();
    renderFeed();
    await screen.findByText('Notice 0');
    const socket = fakeSockets.at(-1)!;
    const watches = () => socket.emitted.filter(([e]) => e === 'watchAnnouncements').length;
    // The earlier tests' stores keep their feeds for a minute and watch the newest socket too: one watch each.
    const feeds = watches();
    expect(feeds).toBeGreaterThanOrEqual(1);
    act(() => socket.deliver('connect'));
    expect(watches()).toBe(feeds * 2);
  });

  it('labels a group or class announcement with whom it went to; one for a whole role carries no such label', async () => {
    mockApi({
      'GET /announcements': [
        announcement(0, { targetAudience: 'group', targetGroup: { _id: 'g1', name: 'Science Club' } }),
        announcement(1, { targetAudience: 'class', targetClass: { class: '9', section: 'A' } }),
        announcement(2, { targetAudience: 'mentees' }),
      ],
    });
    renderFeed();
    const card = async (title: string) =>
      (await screen.findByText(title)).closest('[data-testid="announcement"]') as HTMLElement;
    expect(within(await card('Notice 0')).getByText('Group: Science Club')).toBeInTheDocument();
    expect(within(await card('Notice 1')).getByText('Class 9-A')).toBeInTheDocument();
    expect(within(await card('Notice 2')).queryByText(/^(Group|Class|Mentees|Everyone)/)).not.toBeInTheDocument();
  });

  it('says "1 comment" and "2 comments"', async () => {
    mockApi({ 'GET /announcements': [announcement(0, { commentCount: 1 }), announcement(1, { commentCount: 2 })] });
    renderFeed();
    expect(await screen.findByText('1 comment')).toBeInTheDocument();
    expect(screen.getByText('2 comments')).toBeInTheDocument();
  });
});
