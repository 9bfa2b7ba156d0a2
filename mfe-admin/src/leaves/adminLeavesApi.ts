import { type LeaveResponse, type ListLeavesQuery, type Page, type PageSize } from '@portal/contracts';
import { api, listTags, queryParams } from '@portal/web-core';
import { arrayPage } from '../paging/arrayPage';

/**
 * The admin's leave list, one page at a time: search, filters and paging run on the server. The page arrives as an
 * array (as every role's list does) with the count of every matching leave in a header, put together here as a Page.
 * Tagged as the lists are, so decisions and pushed changes refresh it.
 */
export const adminLeavesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminLeavesPage: build.query<Page<LeaveResponse> & PageSize, ListLeavesQuery>({
      query: (q) => ({ url: '/leaves/admin', params: queryParams(q) }),
      transformResponse: (rows: LeaveResponse[], meta, q) => arrayPage(rows, meta, q),
      providesTags: (page) => listTags('Leave', page?.items),
    }),
  }),
});

// Fetched afresh on every visit and change of page (others decide leaves too); the previous page stays until then.
export const useAdminLeavesPageQuery = (q: ListLeavesQuery) =>
  adminLeavesApi.useAdminLeavesPageQuery(q, { refetchOnMountOrArgChange: true });
