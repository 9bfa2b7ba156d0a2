import type { RedisClientOptions } from 'redis';

/**
 * Redis waits are bounded: connecting takes `timeoutMs` × 5 at most, and while the connection is down commands fail
 * at once instead of queueing. node-redis's command `timeout` only covers a command not yet written, so a server
 * that stops answering is bounded by the callers (read cache: `withTimeout`; the socket adapter's publishes are not
 * awaited by any request).
 */
export function redisOptions(url: string, timeoutMs: number): RedisClientOptions {
  return {
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: timeoutMs * 5, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
    commandOptions: { timeout: timeoutMs },
  };
}
