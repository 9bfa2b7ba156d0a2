import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ReadCache } from './read-cache.service';
import { Scope, currentWrite, type WriteScopes } from './read-scopes';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Refused before any handler ran: nothing can have been written.
const UNTOUCHED = new Set([401, 403, 404, 429]);

declare module 'fastify' {
  interface FastifyRequest {
    readCacheWrite?: WriteScopes;
  }
}

/**
 * Retires, after every HTTP write, the kept reads it declared it changes (`ReadCache.retire` in its service or
 * controller), before its answer leaves: a client that reads after its write sees it. A write that declared nothing
 * (a route nobody thought of) retires everything, and so does a failed one that had not declared yet (a failure may
 * follow a partial write), unless it ran no statement but reads: refused before its handler (a body that does not parse),
 * by validation, or for want of a database connection, it changed nothing. Fastify hooks rather than a Nest interceptor, which would put an RxJS pipeline on every
 * request, reads included.
 */
export function invalidateReadCacheOnWrites(app: NestFastifyApplication): void {
  const cache = app.get(ReadCache);
  const fastify = app.getHttpAdapter().getInstance();
  // Callback style: the handler runs inside `run`, so that its service's `retire` calls find this write's scopes.
  fastify.addHook('preHandler', (req, _reply, done) => {
    if (READS.has(req.method)) {
      done();
      return;
    }
    const write: WriteScopes = { declared: false, scopes: new Set() };
    req.readCacheWrite = write;
    currentWrite.run(write, done);
  });
  fastify.addHook('onSend', (req, reply, payload, done) => {
    const write = req.readCacheWrite;
    if (write) write.done = true;
    if (READS.has(req.method) || UNTOUCHED.has(reply.statusCode)) {
      runAfter(write);
      done(null, payload);
      return;
    }
    cache.retireNow(retiredBy(write)).then(
      () => {
        runAfter(write);
        done(null, payload);
      },
      (e: Error) => {
        runAfter(write);
        done(e);
      },
    );
  });
}

/** What waited for the write's retirement (pushes of its changes), once. */
function runAfter(write: WriteScopes | undefined): void {
  const runs = write?.after ?? [];
  if (write) write.after = [];
  for (const run of runs) run();
}

/** What a finished HTTP write retires: what it declared; else everything, if it may have changed anything. */
function retiredBy(write: WriteScopes | undefined): Iterable<string> {
  if (write?.declared) return write.scopes;
  return write?.wrote ? [Scope.everything] : [];
}
