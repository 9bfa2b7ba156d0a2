import { waitFor } from '@testing-library/react';
import { createStore } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { grievancesApi } from './grievancesApi';

// Cache tags per record: acting on one grievance refetches it and the lists, never another grievance's detail.
describe('grievance cache tags', () => {
  const setup = async () => {
    const calls = mockApi({
      'GET /grievances/mentor': [{ _id: 'g1' }, { _id: 'g2' }],
      'GET /grievances/:id': (_url: URL, _body: unknown, { id }: Record<string, string>) => ({ _id: id }),
      'GET /grievances/:id/timeline': [],
      'GET /grievances/:id/comments': [],
      'PUT /grievances/:id/priority': (_url: URL, _body: unknown, { id }: Record<string, string>) => ({ _id: id }),
      'PUT /grievances/:id/resolve': (_url: URL, _body: unknown, { id }: Record<string, string>) => ({ _id: id }),
    });
    const store = createStore();
    const subs = [
      store.dispatch(grievancesApi.endpoints.grievances.initiate({ role: 'mentor' })),
      ...['g1', 'g2'].flatMap((id) => [
        store.dispatch(grievancesApi.endpoints.grievance.initiate(id)),
        store.dispatch(grievancesApi.endpoints.grievanceTimeline.initiate(id)),
        store.dispatch(grievancesApi.endpoints.grievanceComments.initiate(id)),
      ]),
    ];
    await Promise.all(subs.map((s) => s.unwrap()));
    calls.length = 0;
    const asked = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
    return { store, asked };
  };

  it('a new priority for g1 refetches g1, its timeline and the list; g2 and the threads stay cached', async () => {
    const { store, asked } = await setup();
    await store.dispatch(grievancesApi.endpoints.setGrievancePriority.initiate({ id: 'g1', priority: 'high' }));
    await waitFor(() => {
      expect(asked('/grievances/g1')).toBe(1);
      expect(asked('/grievances/g1/timeline')).toBe(1);
      expect(asked('/grievances/mentor')).toBe(1);
    });
    expect(asked('/grievances/g2')).toBe(0);
    expect(asked('/grievances/g2/timeline')).toBe(0);
    expect(asked('/grievances/g1/comments')).toBe(0);
  });

  it("resolving g1 refetches g1, its thread and the list (a push's tags); nothing of g2", async () => {
    const { store, asked } = await setup();
    await store.dispatch(grievancesApi.endpoints.actOnGrievance.initiate({ id: 'g1', action: 'resolve' }));
    await waitFor(() => {
      expect(asked('/grievances/g1')).toBe(1);
      expect(asked('/grievances/g1/comments')).toBe(1);
      expect(asked('/grievances/mentor')).toBe(1);
    });
    expect(asked('/grievances/g2')).toBe(0);
    expect(asked('/grievances/g2/timeline')).toBe(0);
    expect(asked('/grievances/g2/comments')).toBe(0);
  });
});
