import type { AdminDashboardResponse } from '@portal/contracts';
import { api } from '@portal/web-core';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboardResponse, void>({
      query: () => '/admin/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useAdminDashboardQuery } = dashboardApi;
