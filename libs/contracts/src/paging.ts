/**
 * Lists, one idiom each (DESIGN.md section 5); every list endpoint is bounded by `limit`, its default and maximum
 * stated here or beside the list's own types.
 *
 * - Offset pages (`?page=&limit=`): `Page<T, K>`, a page of rows under the list's own key (`users`, `items`,
 *   `deliveries`) and the count of every row matching the query. A list answered as a bare array stays an array: the
 *   same page, with that count in the TOTAL_COUNT_HEADER response header (`pageFromArray` puts the two together).
 * - Cursor pages (`?before=&limit=`): `CursorPage<T, K>`, the rows under their key and whether more lie beyond them.
 *
 * The keys are the ones each list has always answered: the types describe those answers, they do not rename them.
 */

/** Offset pages: rows per page when `limit` is not sent, and the most one request may ask for. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The highest `page` accepted (an offset beyond any real list is a mistake, not a request). */
export const MAX_PAGE = 100_000;

/**
 * Lists a screen shows whole (a mentor's mentees and groups, a student's leaves, a thread's comments), answered as
 * arrays: at most this many rows unless `limit` asks for fewer, and `page` reaches the rest. The header's count tells a
 * caller when a list is longer than one answer.
 */
export const LIST_SIZE = 1000;
export const MAX_LIST_SIZE = 1000;

/** The count of every matching row, on a list answered as a bare array (exposed to cross-origin callers too). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** `?page=&limit=`: page from 1 (default 1), limit from 1 to the list's maximum. */
export interface PageQuery {
  page?: number;
  limit?: number;
}

/** `?before=&limit=`: the page ends just before (older than) the record `before` names. */
export interface CursorQuery {
  before?: string;
  limit?: number;
}

/** One page of an offset-paged list: its rows under `K`, the count of every matching row, and which page it is. */
export type Page<T, K extends string = 'items'> = { [P in K]: T[] } & {
  total: number;
  /** From 1. */
  page: number;
};
/** What some pages also say: how many pages there are at this page size. */
export interface PageCount {
  totalPages: number;
}
/** What some pages also say: the page size they were cut with. */
export interface PageSize {
  limit: number;
}

/** One page of a cursor-paged list: its rows under `K`, and whether more lie beyond them. */
export type CursorPage<T, K extends string = 'items'> = { [P in K]: T[] } & { hasMore: boolean };

/**
 * A page of a list answered as an array, with its TOTAL_COUNT_HEADER (`null` when absent: then the rows are all
 * there is).
 */
export function pageFromArray<T>(
  rows: T[],
  totalHeader: string | null | undefined,
  { page = 1, limit }: PageQuery = {},
): Page<T> & PageSize {
  const total = Number(totalHeader);
  return {
    items: rows,
    total: totalHeader != null && Number.isFinite(total) ? total : (page - 1) * (limit ?? rows.length) + rows.length,
    page,
    limit: limit ?? LIST_SIZE,
  };
}
