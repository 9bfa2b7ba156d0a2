import type {
  CreateGrievanceRequest, CreateLeaveRequest, GrievanceActionRequest, GrievanceCommentResponse, GrievanceResponse,
  LeaveResponse, ListGrievancesQuery, ListLeavesQuery, Role,
} from '@portal/contracts';
import { api, getToken, queryParams } from '@portal/kit';

const scopeOf = (role: Role) => (role === 'admin' ? 'admin' : role);

/** Leaves and grievances, shared by the three roles' screens. Every change refreshes the lists and the dashboards. */
export const workflowsApi = api.injectEndpoints({
  overrideExisting: true, // each remote bundles its own copy of these (identical) endpoints; the last one loaded wins
  endpoints: (build) => ({
    leaves: build.query<LeaveResponse[], { role: Role } & ListLeavesQuery>({
      query: ({ role, ...q }) => ({ url: `/leaves/${scopeOf(role)}`, params: queryParams(q) }), providesTags: ['Leave'],
    }),
    requestLeave: build.mutation<LeaveResponse, CreateLeaveRequest>({
      query: (body) => ({ url: '/leaves', method: 'POST', body }), invalidatesTags: ['Leave', 'Dashboard'],
    }),
    decideLeave: build.mutation<LeaveResponse, { id: string; decision: 'approve' | 'reject'; mentorComments?: string }>({
      query: ({ id, decision, mentorComments }) => ({ url: `/leaves/${id}/${decision}`, method: 'PUT', body: { mentorComments } }),
      invalidatesTags: ['Leave', 'Dashboard'],
    }),
    grievances: build.query<GrievanceResponse[], { role: Role } & ListGrievancesQuery>({
      query: ({ role, ...q }) => ({ url: `/grievances/${scopeOf(role)}`, params: queryParams(q) }), providesTags: ['Grievance'],
    }),
    submitGrievance: build.mutation<GrievanceResponse, CreateGrievanceRequest>({
      query: (body) => ({ url: '/grievances', method: 'POST', body }), invalidatesTags: ['Grievance', 'Dashboard'],
    }),
    actOnGrievance: build.mutation<GrievanceResponse, { id: string; action: 'review' | 'resolve' | 'reject' } & GrievanceActionRequest>({
      query: ({ id, action, ...body }) => ({ url: `/grievances/${id}/${action}`, method: 'PUT', body }), invalidatesTags: ['Grievance', 'Dashboard'],
    }),
    grievanceComments: build.query<GrievanceCommentResponse[], string>({
      query: (id) => `/grievances/${id}/comments`, providesTags: (_r, _e, id) => [{ type: 'Grievance', id: `comments-${id}` }],
    }),
    addGrievanceComment: build.mutation<GrievanceCommentResponse, { id: string; content: string }>({
      query: ({ id, content }) => ({ url: `/grievances/${id}/comments`, method: 'POST', body: { content } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Grievance', id: `comments-${id}` }],
    }),
  }),
});

export const {
  useRequestLeaveMutation, useDecideLeaveMutation, useSubmitGrievanceMutation, useActOnGrievanceMutation, useAddGrievanceCommentMutation,
} = workflowsApi;

// Other people change these (a mentor decides, a mentee comments) and nothing pushes the change to this browser:
// a screen that opens them shows the cached rows at once and fetches them afresh.
const fresh = { refetchOnMountOrArgChange: true } as const;
export const useLeavesQuery = (arg: { role: Role } & ListLeavesQuery, options?: { skip?: boolean }) =>
  workflowsApi.useLeavesQuery(arg, { ...fresh, ...options });
export const useGrievancesQuery = (arg: { role: Role } & ListGrievancesQuery, options?: { skip?: boolean }) =>
  workflowsApi.useGrievancesQuery(arg, { ...fresh, ...options });
export const useGrievanceCommentsQuery = (grievanceId: string, options?: { skip?: boolean }) =>
  workflowsApi.useGrievanceCommentsQuery(grievanceId, { ...fresh, ...options });

/** Downloads a CSV export with the session's token (a plain link would not carry it). */
export async function downloadCsv(path: string, params: Record<string, string | undefined>, fileName: string): Promise<void> {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]).toString();
  const res = await fetch(`/api${path}${query ? `?${query}` : ''}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (!res.ok) throw new Error(`Export failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
