import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, mergeMap, type Observable } from 'rxjs';
import { ReadCache } from './read-cache.service';

const KEEPS_READ_CACHE = 'keepsReadCache';
/** For writes that no cached read shows (sign-in, chat messages): they happen all day and must not empty the cache. */
export const KeepsReadCache = () => SetMetadata(KEEPS_READ_CACHE, true);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** After any HTTP write, failed ones included (a failure may come after a partial write), and before its answer. */
@Injectable()
export class InvalidateReadCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: ReadCache, private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http' || READS.has(ctx.switchToHttp().getRequest<{ method: string }>().method)) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(KEEPS_READ_CACHE, [ctx.getHandler(), ctx.getClass()])) return next.handle();
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        await this.cache.invalidate();
        return body;
      }),
      catchError(async (e: unknown) => {
        await this.cache.invalidate();
        throw e;
      }),
    );
  }
}
