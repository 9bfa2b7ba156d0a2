import type { MenteeDashboardResponse } from '@portal/contracts';
import { api } from '@portal/web-core';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    menteeDashboard: build.query<MenteeDashboardResponse, void>({
      query: () => '/mentees/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useMenteeDashboardQuery } = dashboardApi;
