import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { ErrorCode, type ApiError } from '@portal/contracts';
import { CommonException, DomainException } from './domain.exception';
import { codeForStatus, ERROR_STATUS } from './error-status';
import { isRetryable } from './with-retry';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'EPIPE',
  'POOL_CLOSED',
  // A statement or a pool wait that ran out of time (database/timeouts.ts): the server does not answer.
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'POOL_ACQUIRE_TIMEOUT',
]);
const DUPLICATE_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** Every error leaves as { statusCode, code, message, error }, its status decided by its code: never a stack trace. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) this.logger.error(`${req.method} ${req.url}: ${describe(exception)}`);
    if (exception instanceof DomainException && exception.retryAfterSeconds)
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    // JSON even where the route had set another type (e.g. a CSV export refused to a non-admin).
    void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }
}

/** The body of a failed call: the code decides the status; framework and database errors get a generic code. */
export function toErrorBody(exception: unknown): ApiError {
  if (exception instanceof DomainException) return body(exception.code, exception.response);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    const message =
      typeof res === 'string' ? res : ((res as { message?: string | string[] }).message ?? exception.message);
    return body(codeForStatus(status), message, status);
  }
  const dbCode =
    (exception as { driverError?: { code?: string } })?.driverError?.code ?? (exception as { code?: string })?.code;
  if (exception instanceof QueryFailedError && dbCode && DUPLICATE_CODES.has(dbCode))
    return body(ErrorCode.Conflict, 'This record already exists.');
  // A deadlock or lock-wait timeout outside withRetry (which answers the same after its last attempt): a 409, not a 500.
  if (isRetryable(exception)) {
    const conflict = CommonException.changedConcurrently();
    return body(conflict.code, conflict.response);
  }
  if (dbCode && DB_DOWN_CODES.has(dbCode))
    return body(ErrorCode.DatabaseUnavailable, 'The database is unavailable right now. Please try again shortly.');
  // fastify's own refusals (body too large, malformed JSON, multipart limits) carry a 4xx statusCode.
  const status = (exception as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return body(codeForStatus(status), (exception as Error).message, status);
  return body(ErrorCode.Internal, 'Internal server error');
}

function body(code: ErrorCode, message: string | string[], status: number = ERROR_STATUS[code]): ApiError {
  return { statusCode: status, code, message, error: statusText(status) };
}

function statusText(status: number): string {
  const name = HttpStatus[status];
  return name
    ? name
        .toLowerCase()
        .split('_')
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join(' ')
    : 'Error';
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e);
}
