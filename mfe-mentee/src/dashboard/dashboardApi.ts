import type { MenteeDashboardResponse } from '@portal/contracts';
import { api, dashboardTags } from '@portal/web-core';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    menteeDashboard: build.query<MenteeDashboardResponse, void>({
      query: () => '/mentees/dashboard',
      // Counts and recent rows of leaves, grievances and accounts (the mentor, the mentees): live with each.
      providesTags: dashboardTags('leave', 'grievance', 'user'),
    }),
  }),
});

export const { useMenteeDashboardQuery } = dashboardApi;
