import { RequestMethod } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { AuthUser } from '../common/auth-user';
import type { AppConfig } from '../config/app-config';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's request id is kept only if it is a plain token (it is echoed in a header and written to logs). */
const CALLER_ID = /^[\w.:-]{1,100}$/;
/** Query parameters whose values never reach a log line (reset links carry their token in the address). */
const SECRET_PARAMS = /^(token|access_token|password|secret|code)$/i;
export const REDACTED = '[redacted]';

type LoggedRequest = IncomingMessage & { id?: string; user?: AuthUser };

/** The request's address with the values of secret query parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url || !url.includes('?')) return url;
  const [path, query] = url.split('?', 2);
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, REDACTED);
  return `${path}?${params.toString()}`;
}

/** Fastify's request id: the caller's X-Request-Id when it is a plain token, else a new one (createApp echoes it). */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID();
}

/**
 * The guard resolves the caller on Fastify's request; the log line is written from the underlying Node request, so the
 * caller is copied there too (id and role only).
 */
export function exposeCallerToLog(req: { raw?: object; user?: AuthUser }): void {
  if (req.raw && req.user) (req.raw as LoggedRequest).user = req.user;
}

/** nestjs-pino's settings: one JSON line per API request (id, caller, status, duration), secrets redacted. */
export function loggerParams(config: AppConfig, stream?: DestinationStream): Params {
  const options = {
    level: config.log.level,
    // The id is Fastify's (requestId above), which pino-http finds on the request.
    genReqId: requestId,
    // Health probes every few seconds would drown the log.
    // (Inside the middleware the address is relative to the /api prefix; originalUrl keeps it whole.)
    autoLogging: {
      ignore: (req: IncomingMessage & { originalUrl?: string }) =>
        /^\/api\/health(\/|\?|$)/.test(req.originalUrl ?? req.url ?? ''),
    },
    customProps: (req: IncomingMessage) => {
      const user = (req as LoggedRequest).user;
      return user ? { userId: user.id, role: user.role } : {};
    },
    // Headers are not logged at all (authorization, cookies); the address loses secret parameters.
    serializers: {
      req: (req: { id?: string; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    // Anything else a handler logs under these names is hidden as well.
    redact: {
      paths: ['password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'authorization'],
      censor: REDACTED,
    },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    ...(config.log.pretty && !stream
      ? { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
  return {
    pinoHttp: stream ? [options, stream] : options,
    // Every route, in the path syntax of Nest 11 and later (nestjs-pino 4's default, '*', is converted with a warning).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  } as unknown as Params;
}
