import type {
  CreateLeaveRequest,
  DecideLeaveRequest,
  LeaveDocumentResponse,
  LeaveImpact,
  LeaveResponse,
  ListLeavesQuery,
  Role,
} from '@portal/contracts';
import { api, changedRecordTags, dashboardTags, listTags, queryParams, recordTags } from '@portal/web-core';

type LeavesArgs = { role: Role; childId?: string } & ListLeavesQuery;

/**
 * Leave requests of every role's screens. A change refreshes that leave, the lists and the dashboards (the tags a
 * push of the same change invalidates); a change made by someone else arrives over the socket (liveRecords in web-core).
 */
export const leavesApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    /** A role's list; a guardian's is one child's (`childId`). */
    leaves: build.query<LeaveResponse[], LeavesArgs>({
      query: ({ role, childId, ...q }) => ({
        url: role === 'guardian' ? `/guardian/children/${childId}/leaves` : `/leaves/${role}`,
        params: queryParams(q),
      }),
      providesTags: (rows) => listTags('Leave', rows),
    }),
    /** A student's own request, or a guardian's for their child (`childId`). */
    requestLeave: build.mutation<LeaveResponse, CreateLeaveRequest & { childId?: string }>({
      query: ({ childId, ...body }) => ({
        url: childId ? `/guardian/children/${childId}/leaves` : '/leaves',
        method: 'POST',
        body,
      }),
      invalidatesTags: [...recordTags('Leave'), ...dashboardTags('leave')],
    }),
    /** A document to file with a leave (a doctor's note): uploaded first, then named by the request. */
    uploadLeaveDocument: build.mutation<LeaveDocumentResponse, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: '/leaves/documents', method: 'POST', body: form };
      },
    }),
    decideLeave: build.mutation<LeaveResponse, { id: string; decision: 'approve' | 'reject' } & DecideLeaveRequest>({
      query: ({ id, decision, ...body }) => ({ url: `/leaves/${id}/${decision}`, method: 'PUT', body }),
      // The register and every attendance figure change with a decision (changedRecordTags: Attendance too).
      invalidatesTags: (_r, _e, { id }) => changedRecordTags({ type: 'leave', id }),
    }),
    /** Cancelled by whoever filed it: the student, or the guardian (`asGuardian`). */
    cancelLeave: build.mutation<LeaveResponse, { id: string; asGuardian?: boolean }>({
      query: ({ id, asGuardian }) => ({
        url: asGuardian ? `/guardian/leaves/${id}/cancel` : `/leaves/${id}/cancel`,
        method: 'PUT',
      }),
      invalidatesTags: (_r, _e, { id }) => changedRecordTags({ type: 'leave', id }),
    }),
    /** The effect of a leave over these dates on the signed-in student's attendance, or a guardian's child's. */
    leaveImpact: build.query<LeaveImpact, { startDate: string; endDate: string; childId?: string }>({
      query: ({ childId, ...params }) => ({
        url: childId ? `/guardian/children/${childId}/leave-impact` : '/leaves/impact',
        params,
      }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useRequestLeaveMutation,
  useUploadLeaveDocumentMutation,
  useDecideLeaveMutation,
  useCancelLeaveMutation,
  useLeaveImpactQuery,
} = leavesApi;

// Other people change these (a mentor decides): while the page is connected the change is pushed (liveRecords); a
// screen that opens them shows the cached rows at once and fetches them afresh for what a lost connection missed.
export const useLeavesQuery = (arg: LeavesArgs, options?: { skip?: boolean }) =>
  leavesApi.useLeavesQuery(arg, { refetchOnMountOrArgChange: true, ...options });
