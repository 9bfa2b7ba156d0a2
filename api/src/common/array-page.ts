import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { TOTAL_COUNT_HEADER, type PageQuery } from '@portal/contracts';
import { windowOf } from './pagination.dto';

/**
 * One page of a list answered as a bare array (contracts: paging.ts): the rows go out as the body, unchanged from
 * before lists were paged, and the count of every matching row in the X-Total-Count header.
 */
export interface ArrayPage<T> {
  rows: T[];
  total: number;
}

/** A page of a list kept by the read cache: its rows already serialised (sent as they are), and the total. */
export interface KeptPage<T> {
  rows: Buffer & { readonly __body?: T[] };
  total: number;
}

/** Marks a route as answering an ArrayPage (the API reference documents the header from it). */
export const ANSWERS_ARRAY_PAGE = 'list:array-page';

@Injectable()
class TotalCountInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((page: ArrayPage<unknown> | KeptPage<unknown>) => {
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        return page.rows;
      }),
    );
  }
}

/** The route's handler returns an ArrayPage: its rows are the body, its total the X-Total-Count header. */
export const AnswersArrayPage = () =>
  applyDecorators(SetMetadata(ANSWERS_ARRAY_PAGE, true), UseInterceptors(TotalCountInterceptor));

/** The page `q` asks for of a list already read whole (lists that are computed, not queried, and short by nature). */
export function pageOf<T>(all: T[], q: PageQuery): ArrayPage<T> {
  const { skip, limit } = windowOf(q);
  return { rows: all.slice(skip, skip + limit), total: all.length };
}
