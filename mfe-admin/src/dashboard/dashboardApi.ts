import type { AdminDashboardResponse } from '@portal/contracts';
import { api, dashboardTags } from '@portal/web-core';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboardResponse, void>({
      query: () => '/admin/dashboard',
      // Counts and recent rows of leaves, grievances and accounts (the mentor, the mentees): live with each; and groups.
      providesTags: dashboardTags('leave', 'grievance', 'user', 'group'),
    }),
  }),
});

export const { useAdminDashboardQuery } = dashboardApi;
