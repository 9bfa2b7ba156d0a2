import type { MentorDashboardResponse } from '@portal/contracts';
import { api, dashboardTags } from '@portal/web-core';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    mentorDashboard: build.query<MentorDashboardResponse, void>({
      query: () => '/mentors/dashboard',
      // Counts and recent rows of leaves, grievances and accounts (the mentor, the mentees): live with each; and groups.
      providesTags: dashboardTags('leave', 'grievance', 'user', 'group'),
    }),
  }),
});

export const { useMentorDashboardQuery } = dashboardApi;
