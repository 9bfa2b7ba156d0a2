import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import type { AuthUser } from '../common/auth-user';
import { DISCLOSES, type Describe } from './discloses.decorator';
import { DisclosuresService } from './disclosures.service';

/** Records what a @Discloses route showed to a staff caller, before the answer leaves. */
@Injectable()
export class DisclosureInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly disclosures: DisclosuresService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const describe = this.reflector.get<Describe | undefined>(DISCLOSES, context.getHandler());
    if (!describe) return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const viewer = req.user;
    if (!viewer || (viewer.role !== 'admin' && viewer.role !== 'mentor')) return next.handle();
    return next
      .handle()
      .pipe(mergeMap((body) => from(this.disclosures.record(viewer, describe(body, req)).then(() => body))));
  }
}
