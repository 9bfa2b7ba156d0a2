import type { Logger } from '@nestjs/common';
import {
  ClientClosedError,
  ClientOfflineError,
  ConnectionTimeoutError,
  SocketClosedUnexpectedlyError,
  type RedisClientOptions,
} from 'redis';
import { withTimeout } from '../common/with-timeout';

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

/** Whether `e` says that Redis cannot be reached (not a reply or a failure of the command itself). */
export function isConnectionError(e: unknown): boolean {
  return (
    e instanceof SocketClosedUnexpectedlyError ||
    e instanceof ConnectionTimeoutError ||
    e instanceof ClientOfflineError ||
    e instanceof ClientClosedError ||
    // The socket's own (ECONNREFUSED, ECONNRESET, EHOSTUNREACH...).
    (e instanceof Error &&
      typeof (e as NodeJS.ErrnoException).code === 'string' &&
      !!(e as NodeJS.ErrnoException).syscall)
  );
}

/** What RedisLink needs of a node-redis client (any of its typed variants). */
export interface RedisConnection {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  on(event: 'error', listener: (e: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
  connect(): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
}

export interface RedisLinkEvents {
  /** The connection was lost (or the first attempt failed): told once per outage. */
  down?: () => void;
  /** Connected: `recovered` after an outage (anything done meanwhile went without Redis), not on a first connection. */
  up?: (recovered: boolean) => void;
}

/**
 * One Redis connection of the portal, which serves without it: the connection is made in the background (a start never
 * waits for Redis beyond its first attempt, bounded), node-redis retries with backoff after a failure or a loss, and the
 * owner is told when Redis goes and comes back. An outage is logged once when it starts and once when it ends.
 */
export class RedisLink<C extends RedisConnection = RedisConnection> {
  private state: 'connecting' | 'up' | 'down' = 'connecting';
  /** Resolves start()'s wait. */
  private firstAttempt?: () => void;

  constructor(
    readonly client: C,
    private readonly what: string,
    private readonly logger: Logger,
    private readonly events: RedisLinkEvents = {},
  ) {
    client.on('error', (e) => this.failed(e));
    client.on('ready', () => this.ready());
  }

  /** Whether commands can be sent now (a hung server still counts as up: commands then time out). */
  get up(): boolean {
    return this.client.isReady;
  }

  /**
   * Connects in the background. Resolves once the first attempt has succeeded or failed, and within `waitMs` at most:
   * when Redis is up a start finds it connected; when it is down, the start goes on at once (refused) or after
   * `waitMs` (no answer), and the connection follows by itself.
   */
  start(waitMs: number): Promise<void> {
    if (this.client.isOpen) return Promise.resolve();
    const settled = new Promise<void>((resolve) => (this.firstAttempt = resolve));
    // Rejected only when closed before connecting, or by a reconnect strategy that gives up.
    this.client.connect().catch((e: Error) => {
      this.logger.debug?.(`Redis (${this.what}): ${e.message}`);
      this.settleFirstAttempt();
    });
    return withTimeout(settled, waitMs, () => new Error('timeout')).catch(() => undefined);
  }

  /** Closes the connection: politely when up (bounded by `waitMs`), at once otherwise. */
  async close(waitMs: number): Promise<void> {
    if (!this.client.isOpen) return;
    if (this.client.isReady)
      await withTimeout(this.client.close(), waitMs, () => new Error('timeout')).catch(() => undefined);
    try {
      if (this.client.isOpen) this.client.destroy();
    } catch {
      // Closed meanwhile.
    }
  }

  private settleFirstAttempt(): void {
    this.firstAttempt?.();
    this.firstAttempt = undefined;
  }

  private failed(e: Error): void {
    this.settleFirstAttempt();
    // An error on a connection that is still up (a reply it could not parse) is not an outage.
    if (this.client.isReady) {
      this.logger.warn(`Redis (${this.what}): ${e.message}`);
      return;
    }
    if (this.state === 'down') {
      this.logger.debug?.(`Redis (${this.what}) still unreachable: ${e.message}`);
      return;
    }
    this.state = 'down';
    this.logger.warn(`Redis (${this.what}) unreachable (${e.message}): serving without it, reconnecting`);
    this.events.down?.();
  }

  private ready(): void {
    this.settleFirstAttempt();
    const recovered = this.state === 'down';
    this.state = 'up';
    if (recovered) this.logger.warn(`Redis (${this.what}) reachable again`);
    this.events.up?.(recovered);
  }
}
