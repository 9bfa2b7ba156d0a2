import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { LIST_SIZE, MAX_LIST_SIZE, MAX_PAGE, MAX_PAGE_SIZE, type PageQuery } from '@portal/contracts';
import { MayOmit } from './may-omit';

/** `page`: a whole number from 1 to MAX_PAGE, 1 when omitted. */
export const PageField = () =>
  applyDecorators(
    MayOmit(),
    Type(() => Number),
    IsInt({ message: 'page must be a whole number' }),
    Min(1, { message: 'page must be 1 or more' }),
    Max(MAX_PAGE, { message: 'page is too large' }),
  );

/** `limit`: a whole number from 1 to `max`; each list states its default (windowOf). */
export const LimitField = (max: number) =>
  applyDecorators(
    MayOmit(),
    Type(() => Number),
    IsInt({ message: 'limit must be a whole number' }),
    Min(1, { message: 'limit must be 1 or more' }),
    Max(max, { message: `limit must be at most ${max}` }),
  );

/** `?page=&limit=` of a list answered as a Page object (contracts: Page): limit 1 to MAX_PAGE_SIZE. */
export class PageQueryDto implements PageQuery {
  @PageField()
  page?: number;

  @LimitField(MAX_PAGE_SIZE)
  limit?: number;
}

/**
 * `?page=&limit=` of a list answered as an array (its total in X-Total-Count, common/array-page.ts): limit 1 to
 * MAX_LIST_SIZE, LIST_SIZE when omitted.
 */
export class ListQueryDto implements PageQuery {
  @PageField()
  page?: number;

  @LimitField(MAX_LIST_SIZE)
  limit?: number;
}

/** The rows `page` and `limit` ask for (page 1 and `size` when omitted), as an offset and a count. */
export function windowOf(q: PageQuery, size = LIST_SIZE): { page: number; limit: number; skip: number } {
  const page = q.page ?? 1;
  const limit = q.limit ?? size;
  return { page, limit, skip: (page - 1) * limit };
}
