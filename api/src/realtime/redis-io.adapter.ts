import type { ResyncEvent } from '@portal/contracts';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Namespace, Server, ServerOptions } from 'socket.io';
import { withTimeout } from '../common/with-timeout';
import { RedisLink, type RedisLinkEvents, redisOptions } from '../config/redis-options';
import { Clock } from '../dates/clock';
import { Realtime } from './realtime.service';

type RedisClient = ReturnType<typeof createClient>;
type BroadcastOptions = Parameters<RedisAdapter['addSockets']>[0];
type Rooms = Parameters<RedisAdapter['addSockets']>[1];

/**
 * socket.io over Redis pub/sub: with several API instances behind one URL, an event emitted on one instance reaches
 * sockets connected to any of them. Without Redis (down, or not yet reached) every event still reaches the sockets of
 * this instance, and nothing is thrown at the caller; when it is back the sockets here are told to refetch.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly log = new Logger('RedisIoAdapter');
  private readonly pub: RedisLink<RedisClient>;
  private readonly sub: RedisLink<RedisClient>;
  private readonly servers = new Set<Server>();
  /** Subscriptions being sent (asked for while Redis was unreachable, sent once it answers). */
  private readonly subscribing = new Set<Promise<unknown>>();
  /** When Redis was lost, until the sockets here have been told (resync). */
  private missedSince?: Date;
  /** Sends the resync: the API's events all leave through Realtime. */
  private readonly realtime: Realtime;

  constructor(
    app: INestApplicationContext,
    url: string,
    private readonly timeoutMs: number,
  ) {
    super(app);
    const clock = app.get(Clock);
    this.realtime = app.get(Realtime);
    const events: RedisLinkEvents = {
      down: () => {
        this.missedSince ??= clock.now();
      },
      up: (recovered) => {
        // Once the other 'ready' listeners have run: the subscriptions that waited for the connection are then sent.
        if (recovered)
          setImmediate(() => void this.resync().catch((e: Error) => this.log.warn(`resync: ${e.message}`)));
      },
    };
    // Publishes fail at once while Redis is unreachable (never queued for later).
    this.pub = new RedisLink(createClient(redisOptions(url, timeoutMs)), 'socket adapter', this.log, events);
    // Subscriptions are sent once connected (createIOServer), and node-redis renews them after each reconnect.
    this.sub = new RedisLink(createClient(redisOptions(url, timeoutMs)), 'socket adapter subscriber', this.log, events);
  }

  /** Connects both clients in the background; waits for their first attempt, `REDIS_TIMEOUT_MS` at most. */
  async connect(): Promise<void> {
    await Promise.all([this.pub.start(this.timeoutMs), this.sub.start(this.timeoutMs)]);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    const pub = this.pub.client;
    const sub = this.sub.client;
    // The adapter does not wait for its publishes and subscriptions: their failures are handled here. A subscription
    // waits for the connection (node-redis loses track of one queued across a failed attempt) and is tried again on the
    // next one if it fails.
    const pubClient = withReplaced(pub, {
      publish: (channel: string, message: string | Buffer) => settle(() => pub.publish(channel, message), this.unsent),
    });
    const subscribing =
      (command: 'subscribe' | 'pSubscribe') =>
      (...args: unknown[]): Promise<void> => {
        const attempt = async (): Promise<void> => {
          if (!sub.isReady) {
            sub.once('ready', () => void attempt());
            return;
          }
          const sent = settle(
            () => (sub[command] as (...a: unknown[]) => Promise<void>)(...args),
            (e) => {
              this.log.warn(`socket adapter could not subscribe (${e.message}): again once Redis answers`);
              sub.once('ready', () => void attempt());
            },
          );
          this.subscribing.add(sent);
          await sent.finally(() => this.subscribing.delete(sent));
        };
        return attempt();
      };
    const unsubscribing =
      (command: 'unsubscribe' | 'pUnsubscribe') =>
      (...args: unknown[]): Promise<void> =>
        settle(
          () => (sub[command] as (...a: unknown[]) => Promise<void>)(...args),
          () => undefined,
        );
    const subClient = withReplaced(sub, {
      subscribe: subscribing('subscribe'),
      pSubscribe: subscribing('pSubscribe'),
      unsubscribe: unsubscribing('unsubscribe'),
      pUnsubscribe: unsubscribing('pUnsubscribe'),
    });
    const timeoutMs = this.timeoutMs;
    // socket.io calls it with `new`: a function, not an arrow.
    server.adapter(function (nsp: Namespace) {
      return new LocalFirstRedisAdapter(nsp, pubClient, subClient, timeoutMs);
    });
    this.servers.add(server);
    return server;
  }

  async close(server: Server): Promise<void> {
    this.servers.delete(server);
    await super.close(server);
    await Promise.all([this.pub.close(this.timeoutMs), this.sub.close(this.timeoutMs)]);
  }

  /** A publish that failed (Redis unreachable): this instance's sockets have the event; the others' miss it. */
  private readonly unsent = (e: Error) => this.log.debug?.(`socket event not published: ${e.message}`);

  /**
   * Redis is back (both connections, subscriptions made): the sockets here may have missed events from other instances
   * meanwhile, which reach them again from now on.
   */
  private async resync(): Promise<void> {
    await Promise.all(this.subscribing);
    if (!this.missedSince || !this.pub.up || !this.sub.up) return;
    const event: ResyncEvent = { since: this.missedSince.toISOString() };
    this.missedSince = undefined;
    if (this.servers.size) this.realtime.resyncHere(event);
  }
}

/**
 * The Redis adapter, also applied on this instance at once. Joining, leaving and disconnecting by room are only
 * published by the Redis adapter (each instance, this one included, acts when the message comes back): without Redis,
 * a sign-out would leave even this instance's sockets connected. Applying twice changes nothing.
 */
class LocalFirstRedisAdapter extends RedisAdapter {
  constructor(
    nsp: Namespace,
    pub: unknown,
    sub: unknown,
    private readonly timeoutMs: number,
  ) {
    super(nsp, pub, sub);
  }

  override addSockets(opts: BroadcastOptions, rooms: Rooms): void {
    super.addSockets(local(opts), rooms);
    super.addSockets(opts, rooms);
  }

  override delSockets(opts: BroadcastOptions, rooms: Rooms): void {
    super.delSockets(local(opts), rooms);
    super.delSockets(opts, rooms);
  }

  override disconnectSockets(opts: BroadcastOptions, close: boolean): void {
    super.disconnectSockets(local(opts), close);
    super.disconnectSockets(opts, close);
  }

  /** Other instances cannot be counted without Redis: this one answers alone (fetchSockets, serverSideEmit). */
  override serverCount(): Promise<number> {
    return withTimeout(super.serverCount(), this.timeoutMs, () => new Error('timeout')).catch(() => 1);
  }
}

const local = (opts: BroadcastOptions): BroadcastOptions => ({ ...opts, flags: { ...opts.flags, local: true } });

/** `work()`'s promise, with a failure (thrown or rejected) handed to `failed` instead of left unhandled. */
function settle<T>(work: () => Promise<T>, failed: (e: Error) => void): Promise<T | undefined> {
  try {
    return work().catch((e: Error) => {
      failed(e);
      return undefined;
    });
  } catch (e) {
    failed(e as Error);
    return Promise.resolve(undefined);
  }
}

/** `client` as the Redis adapter sees it, with some of its commands replaced; everything else is the client's own. */
function withReplaced<C extends object>(client: C, replaced: Record<string, (...args: never[]) => unknown>): C {
  return new Proxy(client, {
    get(target, key) {
      if (typeof key === 'string' && Object.hasOwn(replaced, key)) return replaced[key];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
