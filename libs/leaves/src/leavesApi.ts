import type {
  CreateLeaveRequest,
  DecideLeaveRequest,
  LeaveImpact,
  LeaveResponse,
  ListLeavesQuery,
  Role,
} from '@portal/contracts';
import { api, changedRecordTags, dashboardTags, listTags, queryParams, recordTags } from '@portal/web-core';

/**
 * Leave requests of the three roles' screens. A change refreshes that leave, the lists and the dashboards (the tags a
 * push of the same change invalidates); a change made by someone else arrives over the socket (liveRecords in web-core).
 */
export const leavesApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    leaves: build.query<LeaveResponse[], { role: Role } & ListLeavesQuery>({
      query: ({ role, ...q }) => ({ url: `/leaves/${role}`, params: queryParams(q) }),
      providesTags: (rows) => listTags('Leave', rows),
    }),
    requestLeave: build.mutation<LeaveResponse, CreateLeaveRequest>({
      query: (body) => ({ url: '/leaves', method: 'POST', body }),
      invalidatesTags: [...recordTags('Leave'), ...dashboardTags('leave')],
    }),
    decideLeave: build.mutation<LeaveResponse, { id: string; decision: 'approve' | 'reject' } & DecideLeaveRequest>({
      query: ({ id, decision, ...body }) => ({ url: `/leaves/${id}/${decision}`, method: 'PUT', body }),
      // The register and every attendance figure change with a decision (changedRecordTags: Attendance too).
      invalidatesTags: (_r, _e, { id }) => changedRecordTags({ type: 'leave', id }),
    }),
    cancelLeave: build.mutation<LeaveResponse, string>({
      query: (id) => ({ url: `/leaves/${id}/cancel`, method: 'PUT' }),
      invalidatesTags: (_r, _e, id) => changedRecordTags({ type: 'leave', id }),
    }),
    /** The effect of a leave over these dates on the signed-in mentee's attendance (before they request it). */
    leaveImpact: build.query<LeaveImpact, { startDate: string; endDate: string }>({
      query: (params) => ({ url: '/leaves/impact', params }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useRequestLeaveMutation, useDecideLeaveMutation, useCancelLeaveMutation, useLeaveImpactQuery } =
  leavesApi;

// Other people change these (a mentor decides): while the page is connected the change is pushed (liveRecords); a
// screen that opens them shows the cached rows at once and fetches them afresh for what a lost connection missed.
export const useLeavesQuery = (arg: { role: Role } & ListLeavesQuery, options?: { skip?: boolean }) =>
  leavesApi.useLeavesQuery(arg, { refetchOnMountOrArgChange: true, ...options });
