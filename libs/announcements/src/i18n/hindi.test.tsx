import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { AnnouncementResponse } from '@portal/contracts';
import { createStore, SocketProvider, switchLanguage, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { AnnouncementsFeed } from '../AnnouncementsFeed';

jest.mock('socket.io-client', () => jest.requireActual('../../../web-core/testing/fakeSocket').fakeSocketModule);

const announcement: AnnouncementResponse = {
  _id: 'a1',
  title: 'Sports day',
  content: 'On Friday',
  priority: 'urgent',
  targetAudience: 'all',
  readers: 'students',
  targetGroup: null,
  targetClass: null,
  authorId: { _id: 'mentor1', email: 'm@example.edu', fullName: 'Dr. Carter', role: 'mentor' },
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
  likes: [],
  commentCount: 2,
};

const toGroup: AnnouncementResponse = {
  ...announcement,
  _id: 'a2',
  title: 'Chess practice',
  priority: 'low',
  commentCount: 0,
  likes: [{ userId: { _id: 'u9' } }],
  targetAudience: 'group',
  targetGroup: { _id: 'g1', name: 'Chess club' },
};

const renderFeed = () => {
  localStorage.setItem('token', 'tok');
  mockApi({ 'GET /announcements': [announcement, toGroup] });
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

describe('the feed in Hindi', () => {
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('shows the controls, priority, counts and date in Hindi', async () => {
    await act(() => switchLanguage('hi'));
    renderFeed();
    expect(await screen.findByText('Sports day')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /फ़ीड रीफ़्रेश करें/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'घोषणाएँ क्रमबद्ध करें: नई पहले' })).toBeInTheDocument();
    expect(screen.getByText('अति आवश्यक')).toBeInTheDocument();
    expect(screen.getByText('2 टिप्पणियाँ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पसंद करें · 0 पसंद' })).toBeInTheDocument();
    expect(screen.getAllByText('Dr. Carter · 5 जन. 2026', { exact: false })).toHaveLength(2);
    expect(screen.getByText('समूह: Chess club')).toBeInTheDocument();
  });

  it('keeps the English words', async () => {
    renderFeed();
    expect(await screen.findByText('Sports day')).toBeInTheDocument();
    expect(screen.getByText('2 comments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like · 0 likes' })).toBeInTheDocument();
    expect(screen.getAllByText('Dr. Carter · 5 Jan 2026', { exact: false })).toHaveLength(2);
    expect(screen.getByText('Group: Chess club')).toBeInTheDocument();
  });
});
