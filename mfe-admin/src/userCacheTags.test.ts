import { waitFor } from '@testing-library/react';
import { createStore } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { adminApi } from './adminApi';

// Cache tags per record: changing one account refetches it and the lists, not another account's detail.
describe('account cache tags', () => {
  const setup = async () => {
    const user = (_url: URL, _body: unknown, { id }: Record<string, string>) => ({ _id: id });
    const calls = mockApi({
      'GET /admin/users': { users: [{ _id: 'u1' }, { _id: 'u2' }], total: 2, page: 1, limit: 20 },
      'GET /admin/users/:id': user,
      'GET /admin/mentors': [
        { _id: 't1', stats: { menteeCount: 1 } },
        { _id: 't2', stats: { menteeCount: 0 } },
      ],
      'PUT /admin/users/:id/toggle-status': user,
      'PUT /admin/assign-mentor': { mentee: { _id: 'u1' }, mentorCounts: { t1: 0, t2: 1 } },
    });
    const store = createStore();
    const subs = [
      store.dispatch(adminApi.endpoints.adminUsers.initiate({})),
      store.dispatch(adminApi.endpoints.adminMentors.initiate({})),
      ...['u1', 'u2', 't1', 't9'].map((id) => store.dispatch(adminApi.endpoints.adminUser.initiate(id))),
    ];
    await Promise.all(subs.map((s) => s.unwrap()));
    calls.length = 0;
    const asked = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
    return { store, asked };
  };

  it('deactivating u1 refetches u1 and the lists; u2 stays cached', async () => {
    const { store, asked } = await setup();
    await store.dispatch(adminApi.endpoints.toggleUserStatus.initiate('u1'));
    await waitFor(() => {
      expect(asked('/admin/users/u1')).toBe(1);
      expect(asked('/admin/users')).toBe(1);
      expect(asked('/admin/mentors')).toBe(1);
    });
    expect(asked('/admin/users/u2')).toBe(0);
    expect(asked('/admin/users/t1')).toBe(0);
  });

  it('assigning a mentor refetches the mentee and both mentors (the one before from the answer); no one else', async () => {
    const { store, asked } = await setup();
    await store.dispatch(adminApi.endpoints.assignMentor.initiate({ menteeId: 'u1', mentorId: 't2' }));
    await waitFor(() => {
      expect(asked('/admin/users/u1')).toBe(1);
      expect(asked('/admin/users/t1')).toBe(1);
      expect(asked('/admin/users')).toBe(1);
    });
    expect(asked('/admin/users/u2')).toBe(0);
    expect(asked('/admin/users/t9')).toBe(0);
  });
});
