import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ReadCache } from './read-cache.service';

/**
 * Writes that no cached read shows and that happen all day (sign-in, chat, likes and comments): they leave the kept
 * reads alone. As "METHOD route" (test/read-cache.e2e-spec.ts checks each still exists).
 */
export const KEEPS_READ_CACHE = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/messages',
  'POST /api/messages/attachments',
  'DELETE /api/messages/conversation/:type/:id',
  'POST /api/announcements/:id/comments',
  'POST /api/announcements/:id/likes',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Refused before any handler ran: nothing can have been written.
const UNTOUCHED = new Set([401, 403, 404, 429]);

/**
 * Retires the kept reads after every HTTP write, failed ones included (a failure may follow a partial write), before
 * its answer leaves: a client that reads after its write sees it. A fastify hook rather than a Nest interceptor, which
 * would put an RxJS pipeline on every request, reads included.
 */
export function invalidateReadCacheOnWrites(app: NestFastifyApplication): void {
  const cache = app.get(ReadCache);
  // Callback style: a read goes straight through, without a promise of its own.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (req, reply, payload, done) => {
      if (
        READS.has(req.method) ||
        UNTOUCHED.has(reply.statusCode) ||
        KEEPS_READ_CACHE.has(`${req.method} ${req.routeOptions.url}`)
      ) {
        done(null, payload);
        return;
      }
      cache.invalidate().then(
        () => done(null, payload),
        (e: Error) => done(e),
      );
    });
}
