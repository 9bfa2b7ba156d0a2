import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { MeResponse, NotificationResponse, RecordChangedEvent } from '@portal/contracts';
import { fakeSockets } from '../testing/fakeSocket';
import { api } from './api';
import { dashboardTags, listTags, LIST_ID } from './cacheTags';
import { LIVE_BATCH_MS, useLiveRecords } from './liveRecords';
import { sessionActions } from './session';
import { SocketProvider } from './socket';
import { createStore } from './store';
import { mockApi } from './testing';

jest.mock('socket.io-client', () => jest.requireActual('../testing/fakeSocket').fakeSocketModule);

// Endpoints shaped as the domain libraries' are: lists tag their rows and themselves, details their record, dashboards
// the record types they count.
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    liveLeaves: build.query<{ _id: string; status: string }[], void>({
      query: () => '/leaves/mentee',
      providesTags: (rows) => listTags('Leave', rows),
    }),
    liveDashboard: build.query<{ pendingLeaves: number }, void>({
      query: () => '/mentees/dashboard',
      providesTags: dashboardTags('leave', 'grievance', 'user'),
    }),
    liveGrievance: build.query<{ _id: string }, string>({
      query: (id) => `/grievances/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Grievance', id }],
    }),
    liveComments: build.query<unknown[], string>({
      query: (id) => `/grievances/${id}/comments`,
      providesTags: (_r, _e, id) => [{ type: 'Grievance', id: `comments-${id}` }],
    }),
    liveQueue: build.query<{ menteeId: string }[], void>({
      query: () => '/followup/queue',
      providesTags: (rows) => listTags('FollowUp', rows, (e) => e.menteeId),
    }),
    liveUser: build.query<{ _id: string }, string>({
      query: (id) => `/admin/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    liveUsers: build.query<{ _id: string }[], void>({
      query: () => '/admin/users',
      providesTags: (rows) => listTags('User', rows),
    }),
    liveSettings: build.query<object, void>({
      query: () => '/admin/grievances/settings',
      providesTags: [{ type: 'Grievance', id: 'settings' }],
    }),
  }),
});

const me = { user: { _id: 'me', fullName: 'Me', role: 'mentee' }, profile: null } as unknown as MeResponse;
const note = (kind: NotificationResponse['kind']): { notification: NotificationResponse; unreadCount: number } => ({
  notification: { _id: 'n1', kind, title: 't', body: '', link: null, read: false, createdAt: '2026-03-02T10:00:00Z' },
  unreadCount: 1,
});

let leaveStatus = 'pending';
let calls: ReturnType<typeof mockApi>;
const asked = (path: string) => calls.filter((c) => c.path === path).length;
/** Waits past the batching of pushes and the refetches it starts. */
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, LIVE_BATCH_MS + 30));
  });

function LeavesScreen() {
  const { data } = testApi.useLiveLeavesQuery();
  return <p>{data?.map((l) => `${l._id}: ${l.status}`).join(', ') ?? 'loading'}</p>;
}

function Live() {
  useLiveRecords();
  return null;
}

async function page() {
  localStorage.setItem('token', 'tok');
  const store = createStore();
  store.dispatch(sessionActions.profileLoaded(me));
  const tree = (live: boolean) => (
    <Provider store={store}>
      <SocketProvider token="tok">
        {live && <Live />}
        <LeavesScreen />
      </SocketProvider>
    </Provider>
  );
  const view = render(tree(true));
  const subs = [
    store.dispatch(testApi.endpoints.liveDashboard.initiate()),
    store.dispatch(testApi.endpoints.liveGrievance.initiate('g1')),
    store.dispatch(testApi.endpoints.liveGrievance.initiate('g2')),
    store.dispatch(testApi.endpoints.liveComments.initiate('g1')),
    store.dispatch(testApi.endpoints.liveQueue.initiate()),
    store.dispatch(testApi.endpoints.liveUser.initiate('u1')),
    store.dispatch(testApi.endpoints.liveUser.initiate('u2')),
    store.dispatch(testApi.endpoints.liveUsers.initiate()),
    store.dispatch(testApi.endpoints.liveSettings.initiate()),
  ];
  await settle();
  calls.length = 0;
  const socket = fakeSockets.at(-1)!;
  return { store, socket, subs, stopLive: () => view.rerender(tree(false)) };
}

describe('live records: a push refetches the screens that show the record', () => {
  beforeEach(() => {
    leaveStatus = 'pending';
    calls = mockApi({
      'GET /leaves/mentee': () => [{ _id: 'l1', status: leaveStatus }],
      'GET /mentees/dashboard': { pendingLeaves: 1 },
      'GET /grievances/g1': { _id: 'g1' },
      'GET /grievances/g2': { _id: 'g2' },
      'GET /grievances/g1/comments': [],
      'GET /followup/queue': [{ menteeId: 's1' }],
      'GET /admin/users/u1': { _id: 'u1' },
      'GET /admin/users/u2': { _id: 'u2' },
      'GET /admin/users': [{ _id: 'u1' }, { _id: 'u2' }],
      'GET /admin/grievances/settings': {},
      'GET /auth/me': me,
    });
  });

  it('recordChanged for a leave: the open leaves list shows the new status, the dashboard is read again, nothing else', async () => {
    const { socket } = await page();
    expect(screen.getByText('l1: pending')).toBeInTheDocument();
    expect(socket.count('recordChanged')).toBe(1); // one subscription for the page

    leaveStatus = 'approved';
    act(() => socket.deliver('recordChanged', { type: 'leave', id: 'l1' } satisfies RecordChangedEvent));
    await settle();
    expect(screen.getByText('l1: approved')).toBeInTheDocument();
    expect(calls.map((c) => c.path).sort()).toEqual(['/leaves/mentee', '/mentees/dashboard']);
  });

  it('recordChanged for a grievance: that grievance, its thread, the lists and the dashboard; not another grievance', async () => {
    const { socket } = await page();
    act(() => socket.deliver('recordChanged', { type: 'grievance', id: 'g1' }));
    await settle();
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/grievances/g1',
      '/grievances/g1/comments',
      '/mentees/dashboard',
    ]);
  });

  it('recordChanged for a follow-up refetches the queue; for an account its detail, the lists and the dashboards', async () => {
    const { socket } = await page();
    act(() => socket.deliver('recordChanged', { type: 'followup', id: 's1' }));
    await settle();
    expect(calls.map((c) => c.path)).toEqual(['/followup/queue']);

    calls.length = 0;
    act(() => socket.deliver('recordChanged', { type: 'user', id: 'u1' }));
    await settle();
    expect(calls.map((c) => c.path).sort()).toEqual(['/admin/users', '/admin/users/u1', '/mentees/dashboard']);

    // One's own account: the session's copy (the profile page) is read again too.
    calls.length = 0;
    act(() => socket.deliver('recordChanged', { type: 'user', id: 'me' }));
    await settle();
    expect(calls.map((c) => c.path).sort()).toEqual(['/admin/users', '/auth/me', '/mentees/dashboard']);
  });

  it('a notification that announces a change refetches that type; others refetch nothing', async () => {
    const { socket } = await page();
    leaveStatus = 'approved';
    act(() => socket.deliver('notification', note('leave.decided')));
    await settle();
    expect(screen.getByText('l1: approved')).toBeInTheDocument();
    expect(calls.map((c) => c.path).sort()).toEqual(['/leaves/mentee', '/mentees/dashboard']);

    calls.length = 0;
    act(() => socket.deliver('notification', note('grievance.comment')));
    await settle();
    expect(asked('/grievances/g1')).toBe(1);
    expect(asked('/grievances/g2')).toBe(1);
    expect(asked('/grievances/g1/comments')).toBe(1);
    expect(asked('/mentees/dashboard')).toBe(1);
    expect(asked('/leaves/mentee')).toBe(0);

    calls.length = 0;
    act(() => socket.deliver('notification', note('risk.signal')));
    await settle();
    expect(calls.map((c) => c.path)).toEqual(['/followup/queue']);

    // The follow-up change and its notification: one read of the queue.
    calls.length = 0;
    act(() => {
      socket.deliver('recordChanged', { type: 'followup', id: 's1' });
      socket.deliver('notification', note('risk.signal'));
    });
    await settle();
    expect(calls.map((c) => c.path)).toEqual(['/followup/queue']);

    calls.length = 0;
    act(() => socket.deliver('notification', note('mentor.assigned')));
    await settle();
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/admin/users',
      '/admin/users/u1',
      '/admin/users/u2',
      '/auth/me',
      '/mentees/dashboard',
    ]);

    calls.length = 0;
    act(() => socket.deliver('notification', note('announcement.new')));
    await settle();
    expect(calls).toEqual([]);
  });

  it('a recordChanged and the notification of the same change are one refetch', async () => {
    const { socket } = await page();
    act(() => {
      socket.deliver('recordChanged', { type: 'leave', id: 'l1' });
      socket.deliver('notification', note('leave.decided'));
    });
    await settle();
    expect(asked('/leaves/mentee')).toBe(1);
    expect(asked('/mentees/dashboard')).toBe(1);
  });

  it('a reconnect or a server resync reads every live screen again; after the page goes, pushes do nothing', async () => {
    const { socket, stopLive } = await page();
    act(() => socket.io.handlers.get('reconnect')?.forEach((fn) => fn(1)));
    await settle();
    expect(new Set(calls.map((c) => c.path))).toEqual(
      new Set([
        '/leaves/mentee',
        '/mentees/dashboard',
        '/grievances/g1',
        '/grievances/g2',
        '/grievances/g1/comments',
        '/followup/queue',
        '/admin/users/u1',
        '/admin/users/u2',
        '/admin/users',
        '/admin/grievances/settings',
      ]),
    );

    // The server's Redis came back (it may have missed other instances' events): the same.
    calls.length = 0;
    act(() => socket.deliver('resync', { since: '2026-11-27T10:00:00.000Z' }));
    await settle();
    expect(calls.map((c) => c.path)).toContain('/leaves/mentee');
    expect(calls.map((c) => c.path)).toContain('/followup/queue');

    stopLive();
    expect(socket.count('recordChanged')).toBe(0);
    expect(socket.count('resync')).toBe(0);
    expect(socket.io.handlers.get('reconnect')?.size ?? 0).toBe(0);
    calls.length = 0;
    act(() => socket.deliver('notification', note('leave.decided')));
    await settle();
    expect(calls).toEqual([]);
  });

  it('tags: a list provides its rows and itself', () => {
    expect(listTags('Leave', [{ _id: 'a' }])).toEqual([
      { type: 'Leave', id: 'a' },
      { type: 'Leave', id: LIST_ID },
    ]);
    expect(dashboardTags('leave')).toEqual([{ type: 'Dashboard', id: 'leave' }]);
  });
});
