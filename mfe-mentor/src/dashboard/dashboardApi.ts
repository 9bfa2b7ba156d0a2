import type { MentorDashboardResponse } from '@portal/contracts';
import { api } from '@portal/web-core';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    mentorDashboard: build.query<MentorDashboardResponse, void>({
      query: () => '/mentors/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useMentorDashboardQuery } = dashboardApi;
