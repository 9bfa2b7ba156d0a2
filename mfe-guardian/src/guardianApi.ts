import type {
  GuardianDeliveryRequest,
  GuardianDeliveryResponse,
  AbsenceAnswerSummary,
  AnnouncementResponse,
  GuardianAbsenceAnswerRequest,
  GuardianAttendanceQuery,
  GuardianChild,
  GuardianChildAttendance,
  GuardianConsentOverview,
  GuardianConsentState,
  RecordConsentRequest,
} from '@portal/contracts';
import { api, listTags } from '@portal/web-core';

/** A child's attendance for a month; no month: the school's current month (the server's today decides it). */
export type ChildAttendanceArgs = GuardianAttendanceQuery & { childId: string };

export const guardianApi = api.injectEndpoints({
  endpoints: (build) => ({
    guardianChildren: build.query<GuardianChild[], void>({
      query: () => '/guardian/children',
      providesTags: (children) => listTags('User', children),
    }),
    childAttendance: build.query<GuardianChildAttendance, ChildAttendanceArgs>({
      query: ({ childId, month }) => ({
        url: `/guardian/children/${childId}/attendance`,
        params: month ? { month } : undefined,
      }),
      providesTags: (_r, _e, { childId }) => [{ type: 'Attendance', id: childId }],
    }),
    /** One page of the child's announcements for families, newest first; `before`: the last one already shown. */
    childAnnouncements: build.query<AnnouncementResponse[], { childId: string; before?: string }>({
      query: ({ childId, before }) => ({
        url: `/guardian/children/${childId}/announcements`,
        params: before ? { before } : undefined,
      }),
      providesTags: (rows) => listTags('Announcement', rows),
    }),
    /** An answer to one of the child's absences: the child's months show it. */
    answerAbsence: build.mutation<AbsenceAnswerSummary, GuardianAbsenceAnswerRequest & { childId: string }>({
      query: ({ childId, ...body }) => ({
        url: `/guardian/children/${childId}/absence-answers`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { childId }) => [{ type: 'Attendance', id: childId }],
    }),
    /** How the guardian's e-mails come, and the school's digest time. */
    delivery: build.query<GuardianDeliveryResponse, void>({
      query: () => '/notifications/delivery',
      providesTags: [{ type: 'User', id: 'delivery' }],
    }),
    setDelivery: build.mutation<GuardianDeliveryResponse, GuardianDeliveryRequest>({
      query: (body) => ({ url: '/notifications/delivery', method: 'PUT', body }),
      // The answer is the new state: no second request.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(guardianApi.util.upsertQueryData('delivery', undefined, data));
      },
    }),
    /** The school's privacy notice and the guardian's consent for each child. */
    consent: build.query<GuardianConsentOverview, void>({
      query: () => '/guardian/consent',
      providesTags: [{ type: 'User', id: 'consent' }],
    }),
    recordConsent: build.mutation<GuardianConsentState, RecordConsentRequest & { childId: string }>({
      query: ({ childId, ...body }) => ({ url: `/guardian/children/${childId}/consent`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'User', id: 'consent' }],
    }),
  }),
});

export const {
  useGuardianChildrenQuery,
  useChildAttendanceQuery,
  useConsentQuery,
  useRecordConsentMutation,
  useAnswerAbsenceMutation,
  useChildAnnouncementsQuery,
  useDeliveryQuery,
  useSetDeliveryMutation,
} = guardianApi;
