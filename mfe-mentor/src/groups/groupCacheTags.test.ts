import { waitFor } from '@testing-library/react';
import { createStore } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { groupsApi } from '@portal/groups';

// Cache tags per record: changing one group refetches its details and the group lists, not another group's details.
describe('group cache tags', () => {
  it('editing g1 refetches g1 and the lists; g2 stays cached', async () => {
    const group = (_url: URL, _body: unknown, { id }: Record<string, string>) => ({ group: { _id: id } });
    const calls = mockApi({
      'GET /groups': [{ _id: 'g1' }, { _id: 'g2' }],
      'GET /groups/archived': [{ _id: 'g3' }],
      'GET /groups/:id/details': group,
      'PUT /groups/:id': (_url: URL, _body: unknown, { id }: Record<string, string>) => ({ _id: id }),
    });
    const store = createStore();
    const subs = [
      store.dispatch(groupsApi.endpoints.mentorGroups.initiate()),
      store.dispatch(groupsApi.endpoints.archivedGroups.initiate()),
      store.dispatch(groupsApi.endpoints.groupDetails.initiate('g1')),
      store.dispatch(groupsApi.endpoints.groupDetails.initiate('g2')),
    ];
    await Promise.all(subs.map((s) => s.unwrap()));
    calls.length = 0;
    const asked = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

    await store.dispatch(
      groupsApi.endpoints.updateGroup.initiate({ id: 'g1', name: 'Robotics', description: '', menteeIds: [] }),
    );
    await waitFor(() => {
      expect(asked('/groups/g1/details')).toBe(1);
      expect(asked('/groups')).toBe(1);
      expect(asked('/groups/archived')).toBe(1);
    });
    expect(asked('/groups/g2/details')).toBe(0);
  });
});
