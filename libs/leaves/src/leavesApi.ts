import type { CreateLeaveRequest, LeaveResponse, ListLeavesQuery, Role } from '@portal/contracts';
import { api, queryParams } from '@portal/web-core';

/** Leave requests of the three roles' screens. Every change refreshes the lists and the dashboards. */
export const leavesApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    leaves: build.query<LeaveResponse[], { role: Role } & ListLeavesQuery>({
      query: ({ role, ...q }) => ({ url: `/leaves/${role}`, params: queryParams(q) }),
      providesTags: ['Leave'],
    }),
    requestLeave: build.mutation<LeaveResponse, CreateLeaveRequest>({
      query: (body) => ({ url: '/leaves', method: 'POST', body }),
      invalidatesTags: ['Leave', 'Dashboard'],
    }),
    decideLeave: build.mutation<LeaveResponse, { id: string; decision: 'approve' | 'reject'; mentorComments?: string }>(
      {
        query: ({ id, decision, mentorComments }) => ({
          url: `/leaves/${id}/${decision}`,
          method: 'PUT',
          body: { mentorComments },
        }),
        invalidatesTags: ['Leave', 'Dashboard'],
      },
    ),
  }),
});

export const { useRequestLeaveMutation, useDecideLeaveMutation } = leavesApi;

// Other people change these (a mentor decides) and nothing pushes the change to this browser: a screen that opens
// them shows the cached rows at once and fetches them afresh.
export const useLeavesQuery = (arg: { role: Role } & ListLeavesQuery, options?: { skip?: boolean }) =>
  leavesApi.useLeavesQuery(arg, { refetchOnMountOrArgChange: true, ...options });
