import type {
  CreateGrievanceRequest,
  GrievanceActionRequest,
  GrievanceCommentResponse,
  GrievanceResponse,
  ListGrievancesQuery,
  Role,
  SetGrievancePriorityRequest,
} from '@portal/contracts';
import { api, queryParams } from '@portal/web-core';

/** Grievances of the three roles' screens. Every change refreshes the lists and the dashboards. */
export const grievancesApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    grievances: build.query<GrievanceResponse[], { role: Role } & ListGrievancesQuery>({
      query: ({ role, ...q }) => ({ url: `/grievances/${role}`, params: queryParams(q) }),
      providesTags: ['Grievance'],
    }),
    submitGrievance: build.mutation<GrievanceResponse, CreateGrievanceRequest>({
      query: (body) => ({ url: '/grievances', method: 'POST', body }),
      invalidatesTags: ['Grievance', 'Dashboard'],
    }),
    actOnGrievance: build.mutation<
      GrievanceResponse,
      { id: string; action: 'review' | 'resolve' | 'reject' } & GrievanceActionRequest
    >({
      query: ({ id, action, ...body }) => ({ url: `/grievances/${id}/${action}`, method: 'PUT', body }),
      invalidatesTags: ['Grievance', 'Dashboard'],
    }),
    setGrievancePriority: build.mutation<GrievanceResponse, { id: string } & SetGrievancePriorityRequest>({
      query: ({ id, priority }) => ({ url: `/grievances/${id}/priority`, method: 'PUT', body: { priority } }),
      invalidatesTags: ['Grievance'],
    }),
    grievanceComments: build.query<GrievanceCommentResponse[], string>({
      query: (id) => `/grievances/${id}/comments`,
      providesTags: (_r, _e, id) => [{ type: 'Grievance', id: `comments-${id}` }],
    }),
    addGrievanceComment: build.mutation<GrievanceCommentResponse, { id: string; content: string }>({
      query: ({ id, content }) => ({ url: `/grievances/${id}/comments`, method: 'POST', body: { content } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Grievance', id: `comments-${id}` }],
    }),
  }),
});

export const {
  useSubmitGrievanceMutation,
  useActOnGrievanceMutation,
  useSetGrievancePriorityMutation,
  useAddGrievanceCommentMutation,
} = grievancesApi;

// Other people change these (a mentor acts, a mentee comments) and nothing pushes the change to this browser: a screen
// that opens them shows the cached rows at once and fetches them afresh.
const fresh = { refetchOnMountOrArgChange: true } as const;
export const useGrievancesQuery = (arg: { role: Role } & ListGrievancesQuery, options?: { skip?: boolean }) =>
  grievancesApi.useGrievancesQuery(arg, { ...fresh, ...options });
export const useGrievanceCommentsQuery = (grievanceId: string, options?: { skip?: boolean }) =>
  grievancesApi.useGrievanceCommentsQuery(grievanceId, { ...fresh, ...options });
