import { waitFor } from '@testing-library/react';
import { api, createStore, dashboardTags } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { leavesApi } from './leavesApi';

// Screens shaped as the apps' are: one leave's card, and figures that count leaves or grievances.
const screens = api.injectEndpoints({
  endpoints: (build) => ({
    oneLeave: build.query<{ _id: string }, string>({
      query: (id) => `/test/leaves/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Leave', id }],
    }),
    leaveFigures: build.query<object, void>({
      query: () => '/test/leave-figures',
      providesTags: dashboardTags('leave'),
    }),
    grievanceFigures: build.query<object, void>({
      query: () => '/test/grievance-figures',
      providesTags: dashboardTags('grievance'),
    }),
  }),
});

// Cache tags per record: cancelling one leave refetches it, the lists and the figures that count leaves; not another.
describe('leave cache tags', () => {
  it('cancelling l1 refetches l1, the list and the leave figures; l2 and the grievance figures stay cached', async () => {
    const leave = (_url: URL, _body: unknown, { id }: Record<string, string>) => ({ _id: id });
    const calls = mockApi({
      'GET /leaves/mentee': [{ _id: 'l1' }, { _id: 'l2' }],
      'GET /test/leaves/:id': leave,
      'GET /test/leave-figures': {},
      'GET /test/grievance-figures': {},
      'PUT /leaves/:id/cancel': leave,
    });
    const store = createStore();
    const subs = [
      store.dispatch(leavesApi.endpoints.leaves.initiate({ role: 'mentee' })),
      store.dispatch(screens.endpoints.oneLeave.initiate('l1')),
      store.dispatch(screens.endpoints.oneLeave.initiate('l2')),
      store.dispatch(screens.endpoints.leaveFigures.initiate()),
      store.dispatch(screens.endpoints.grievanceFigures.initiate()),
    ];
    await Promise.all(subs.map((s) => s.unwrap()));
    calls.length = 0;
    const asked = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

    await store.dispatch(leavesApi.endpoints.cancelLeave.initiate({ id: 'l1' }));
    await waitFor(() => {
      expect(asked('/test/leaves/l1')).toBe(1);
      expect(asked('/leaves/mentee')).toBe(1);
      expect(asked('/test/leave-figures')).toBe(1);
    });
    expect(asked('/test/leaves/l2')).toBe(0);
    expect(asked('/test/grievance-figures')).toBe(0);
  });
});
