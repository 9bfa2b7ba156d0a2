import type { AbsenceAnswerResponse, MentorDashboardResponse } from '@portal/contracts';
import { api, dashboardTags } from '@portal/web-core';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    mentorDashboard: build.query<MentorDashboardResponse, void>({
      query: () => '/mentors/dashboard',
      // Counts and recent rows of leaves, grievances and accounts (the mentor, the mentees): live with each; and groups.
      providesTags: dashboardTags('leave', 'grievance', 'user', 'group'),
    }),
    /** Families' answers to the mentees' absences, not yet marked seen; live with each answer's notification. */
    absenceAnswers: build.query<AbsenceAnswerResponse[], void>({
      query: () => '/mentor/absence-answers',
      providesTags: [{ type: 'Attendance', id: 'answers' }],
    }),
    markAnswerSeen: build.mutation<AbsenceAnswerResponse, string>({
      query: (id) => ({ url: `/mentor/absence-answers/${id}/seen`, method: 'PUT' }),
      invalidatesTags: [{ type: 'Attendance', id: 'answers' }],
    }),
  }),
});

export const { useMentorDashboardQuery, useAbsenceAnswersQuery, useMarkAnswerSeenMutation } = dashboardApi;
