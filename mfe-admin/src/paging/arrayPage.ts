import { pageFromArray, TOTAL_COUNT_HEADER, type PageQuery } from '@portal/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/**
 * A list answered as an array (as every role's list is) with the count of all matching rows in a header, put together
 * as a Page. The shared base query is fetchBaseQuery's: its meta carries the response.
 */
export function arrayPage<T>(rows: T[], meta: unknown, q: PageQuery) {
  const response = (meta as FetchBaseQueryMeta | undefined)?.response;
  return pageFromArray(rows, response?.headers.get(TOTAL_COUNT_HEADER), q);
}
