import { type GrievanceResponse, type ListGrievancesQuery, type Page, type PageSize } from '@portal/contracts';
import { api, listTags, queryParams } from '@portal/web-core';
import { arrayPage } from '../paging/arrayPage';

/**
 * The admin's grievance list, one page at a time: search, filters and paging run on the server (within the visibility
 * rule). The page arrives as an array (as every role's list does) with the count of every matching grievance in a
 * header, put together here as a Page. Tagged as the lists are, so actions and pushed changes refresh it.
 */
export const adminGrievancesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGrievancesPage: build.query<Page<GrievanceResponse> & PageSize, ListGrievancesQuery>({
      query: (q) => ({ url: '/grievances/admin', params: queryParams(q) }),
      transformResponse: (rows: GrievanceResponse[], meta, q) => arrayPage(rows, meta, q),
      providesTags: (page) => listTags('Grievance', page?.items),
    }),
  }),
});

// Fetched afresh on every visit and change of page (mentors and students change these too).
export const useAdminGrievancesPageQuery = (q: ListGrievancesQuery) =>
  adminGrievancesApi.useAdminGrievancesPageQuery(q, { refetchOnMountOrArgChange: true });
