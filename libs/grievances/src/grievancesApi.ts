import type {
  CreateGrievanceRequest,
  GrievanceActionRequest,
  GrievanceAnalyticsResponse,
  GrievanceCommentResponse,
  GrievanceDeadlineSettings,
  GrievanceEventResponse,
  GrievanceResponse,
  RevealedIdentityResponse,
  SetGrievanceCategoryRequest,
  ListGrievancesQuery,
  Role,
  SetGrievancePriorityRequest,
} from '@portal/contracts';
import { api, changedRecordTags, dashboardTags, LIST_ID, listTags, queryParams, recordTags } from '@portal/web-core';

/**
 * Grievances of the three roles' screens. A change refreshes that grievance (never another one), the lists and, when
 * its status moves, the dashboards; a change made by someone else arrives over the socket and refreshes the lists, the
 * grievance and its thread (liveRecords in web-core).
 */
export const grievancesApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    grievances: build.query<GrievanceResponse[], { role: Role } & ListGrievancesQuery>({
      query: ({ role, ...q }) => ({ url: `/grievances/${role}`, params: queryParams(q) }),
      providesTags: (rows) => listTags('Grievance', rows),
    }),
    submitGrievance: build.mutation<GrievanceResponse, CreateGrievanceRequest>({
      query: (body) => ({ url: '/grievances', method: 'POST', body }),
      invalidatesTags: [...recordTags('Grievance'), ...dashboardTags('grievance')],
    }),
    actOnGrievance: build.mutation<
      GrievanceResponse,
      { id: string; action: 'review' | 'resolve' | 'reject' } & GrievanceActionRequest
    >({
      query: ({ id, action, ...body }) => ({ url: `/grievances/${id}/${action}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => changedRecordTags({ type: 'grievance', id }),
    }),
    setGrievancePriority: build.mutation<GrievanceResponse, { id: string } & SetGrievancePriorityRequest>({
      query: ({ id, priority }) => ({ url: `/grievances/${id}/priority`, method: 'PUT', body: { priority } }),
      invalidatesTags: (_r, _e, { id }) => recordTags('Grievance', id),
    }),
    /** One grievance, afresh; a staff member's opening is a "viewed" line on the student's timeline. */
    grievance: build.query<GrievanceResponse, string>({
      query: (id) => `/grievances/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Grievance', id }],
    }),
    grievanceTimeline: build.query<GrievanceEventResponse[], string>({
      query: (id) => `/grievances/${id}/timeline`,
      providesTags: (_r, _e, id) => [{ type: 'Grievance', id }],
    }),
    confirmGrievance: build.mutation<GrievanceResponse, string>({
      query: (id) => ({ url: `/grievances/${id}/confirm`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => changedRecordTags({ type: 'grievance', id }),
    }),
    reopenGrievance: build.mutation<GrievanceResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/grievances/${id}/reopen`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { id }) => changedRecordTags({ type: 'grievance', id }),
    }),
    setGrievanceCategory: build.mutation<GrievanceResponse, { id: string } & SetGrievanceCategoryRequest>({
      query: ({ id, category }) => ({ url: `/admin/grievances/${id}/category`, method: 'PUT', body: { category } }),
      invalidatesTags: (_r, _e, { id }) => recordTags('Grievance', id),
    }),
    revealGrievanceIdentity: build.mutation<RevealedIdentityResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/grievances/${id}/reveal`, method: 'POST', body: { reason } }),
      // The grievance and its timeline show the reveal; no list changes.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Grievance', id }],
    }),
    grievanceSettings: build.query<GrievanceDeadlineSettings, void>({
      query: () => '/admin/grievances/settings',
      providesTags: [{ type: 'Grievance', id: 'settings' }],
    }),
    updateGrievanceSettings: build.mutation<GrievanceDeadlineSettings, GrievanceDeadlineSettings>({
      query: (body) => ({ url: '/admin/grievances/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Grievance', id: 'settings' }],
    }),
    grievanceAnalytics: build.query<GrievanceAnalyticsResponse, void>({
      query: () => '/admin/grievances/analytics',
      providesTags: [{ type: 'Grievance', id: LIST_ID }],
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
  useConfirmGrievanceMutation,
  useReopenGrievanceMutation,
  useSetGrievanceCategoryMutation,
  useRevealGrievanceIdentityMutation,
  useGrievanceSettingsQuery,
  useUpdateGrievanceSettingsMutation,
  useGrievanceAnalyticsQuery,
} = grievancesApi;

// Other people change these (a mentor acts, a mentee comments): while the page is connected the change is pushed
// (liveRecords); a screen that opens them shows the cached rows at once and fetches them afresh for what a lost
// connection missed.
const fresh = { refetchOnMountOrArgChange: true } as const;
export const useGrievancesQuery = (arg: { role: Role } & ListGrievancesQuery, options?: { skip?: boolean }) =>
  grievancesApi.useGrievancesQuery(arg, { ...fresh, ...options });
export const useGrievanceCommentsQuery = (grievanceId: string, options?: { skip?: boolean }) =>
  grievancesApi.useGrievanceCommentsQuery(grievanceId, { ...fresh, ...options });
export const useGrievanceQuery = (id: string, options?: { skip?: boolean }) =>
  grievancesApi.useGrievanceQuery(id, { ...fresh, ...options });
export const useGrievanceTimelineQuery = (id: string, options?: { skip?: boolean }) =>
  grievancesApi.useGrievanceTimelineQuery(id, { ...fresh, ...options });
