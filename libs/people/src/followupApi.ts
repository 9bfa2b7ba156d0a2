import type {
  ActionItem,
  CreateMentoringEntryRequest,
  FollowUpOutcome,
  FollowUpOverview,
  FollowUpQueueEntry,
  LastContacts,
  MenteeFollowUp,
  MentoringEntry,
  MyFollowUp,
  RiskSettings,
  UpdateRiskSettingsRequest,
} from '@portal/contracts';
import { api, changedRecordTags, i18n, LIST_ID, listTags, queryParams, schoolToday } from '@portal/web-core';
import './i18n';

const withTags = api.enhanceEndpoints({ addTagTypes: ['FollowUp', 'RiskSettings'] });

/**
 * Early warning and follow-up: the mentor's queue (live), the mentoring log, the admin's settings and figures. A
 * student's follow-up is tagged with the student's id, as the server's recordChanged names it (liveRecords).
 */
export const followupApi = withTags.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    followUpQueue: build.query<FollowUpQueueEntry[], void>({
      query: () => '/followup/queue',
      // A new signal of one of the mentor's students (recordChanged): the queue is read again (it is one
      // indexed read) by liveRecords in web-core.
      providesTags: (rows) => listTags('FollowUp', rows, (e) => e.menteeId),
    }),
    lastContacts: build.query<LastContacts, void>({
      query: () => '/followup/contacts',
      providesTags: (contacts) => listTags('FollowUp', contacts && Object.keys(contacts), (id) => id),
    }),
    menteeFollowUp: build.query<MenteeFollowUp, string>({
      query: (id) => `/followup/mentees/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'FollowUp', id }],
    }),
    // The student's own: only their own changes reach them, so any is this one.
    myFollowUp: build.query<MyFollowUp, void>({
      query: () => '/followup/me',
      providesTags: [{ type: 'FollowUp', id: LIST_ID }],
    }),
    logFollowUp: build.mutation<MentoringEntry, { menteeId: string } & CreateMentoringEntryRequest>({
      query: ({ menteeId, ...body }) => ({ url: `/followup/mentees/${menteeId}/log`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { menteeId }) => changedRecordTags({ type: 'followup', id: menteeId }),
    }),
    dismissSignals: build.mutation<MenteeFollowUp, { menteeId: string; reason: string }>({
      query: ({ menteeId, reason }) => ({
        url: `/followup/mentees/${menteeId}/dismiss`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_r, _e, { menteeId }) => changedRecordTags({ type: 'followup', id: menteeId }),
    }),
    /** `menteeId`: the student whose log holds the item (its follow-up is what changes). */
    setActionItem: build.mutation<ActionItem, { id: string; done: boolean; menteeId: string }>({
      query: ({ id, done }) => ({ url: `/followup/action-items/${id}`, method: 'PUT', body: { done } }),
      invalidatesTags: (_r, _e, { menteeId }) => changedRecordTags({ type: 'followup', id: menteeId }),
    }),
    riskSettings: build.query<RiskSettings, void>({
      query: () => '/admin/followup/settings',
      providesTags: ['RiskSettings'],
    }),
    updateRiskSettings: build.mutation<RiskSettings, UpdateRiskSettingsRequest>({
      query: (body) => ({ url: '/admin/followup/settings', method: 'PUT', body }),
      invalidatesTags: ['RiskSettings', 'FollowUp'],
    }),
    followUpOverview: build.query<FollowUpOverview, void>({
      query: () => '/admin/followup/overview',
      providesTags: [{ type: 'FollowUp', id: LIST_ID }],
    }),
    followUpOutcomes: build.query<FollowUpOutcome[], { mentorId?: string }>({
      query: (q) => ({ url: '/admin/followup/outcomes', params: queryParams(q) }),
      providesTags: [{ type: 'FollowUp', id: LIST_ID }],
    }),
  }),
});

export const {
  useFollowUpQueueQuery,
  useLastContactsQuery,
  useMenteeFollowUpQuery,
  useMyFollowUpQuery,
  useLogFollowUpMutation,
  useDismissSignalsMutation,
  useSetActionItemMutation,
  useRiskSettingsQuery,
  useUpdateRiskSettingsMutation,
  useFollowUpOverviewQuery,
  useFollowUpOutcomesQuery,
} = followupApi;

/** Whole days from a date (YYYY-MM-DD) to the school's today, for "last contact N days ago". */
export function daysSince(date: string, today = schoolToday()): number {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  return Math.max(0, Math.round((day(today) - day(date)) / 86_400_000));
}

/** In the current language: callers redraw on a change of language through their own catalogue hook. */
export function lastContactText(date: string | null | undefined): string {
  if (!date) return i18n.t('lastContact.none', { ns: 'people' });
  const count = daysSince(date);
  return count === 0
    ? i18n.t('lastContact.today', { ns: 'people' })
    : i18n.t('lastContact.daysAgo', { ns: 'people', count });
}
