import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryFailedError } from 'typeorm';

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'EPIPE', 'POOL_CLOSED']);
const DUPLICATE_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * Every error leaves as { statusCode, message, error }: never a stack trace. Unknown page routes fall back to the
 * single-page app so deep links like /admin/users work.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly spaIndex?: { root: string; file: string }) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();

    if (exception instanceof NotFoundException && this.spaIndex && this.isPageRequest(req)) {
      void reply.type('text/html').header('cache-control', 'no-cache').sendFile(this.spaIndex.file, this.spaIndex.root);
      return;
    }
    const body = this.toBody(exception);
    if (body.statusCode >= 500) this.logger.error(`${req.method} ${req.url}: ${describe(exception)}`);
    if (exception instanceof HttpException) {
      const retryAfter = (exception.getResponse() as { retryAfter?: number }).retryAfter;
      if (retryAfter) void reply.header('retry-after', String(retryAfter));
    }
    // JSON even where the route had set another type (e.g. a CSV export refused to a non-admin).
    void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  private isPageRequest(req: FastifyRequest): boolean {
    const path = req.url.split('?')[0];
    return req.method === 'GET' && !/^\/(api|socket\.io|remotes)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
  }

  private toBody(exception: unknown): { statusCode: number; message: string | string[]; error: string } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const res = exception.getResponse();
      const message = typeof res === 'string' ? res : ((res as { message?: string | string[] }).message ?? exception.message);
      return { statusCode: status, message, error: statusText(status) };
    }
    const code = (exception as { code?: string; driverError?: { code?: string } })?.driverError?.code ?? (exception as { code?: string })?.code;
    if (exception instanceof QueryFailedError && code && DUPLICATE_CODES.has(code)) {
      return { statusCode: 409, message: 'This record already exists.', error: 'Conflict' };
    }
    if (code && DB_DOWN_CODES.has(code)) {
      return { statusCode: 503, message: 'The database is unavailable right now. Please try again shortly.', error: 'Service Unavailable' };
    }
    const status = (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { statusCode: status, message: (exception as Error).message, error: statusText(status) };
    }
    return { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' };
  }
}

function statusText(status: number): string {
  const name = HttpStatus[status];
  return name ? name.toLowerCase().split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ') : 'Error';
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e);
}
