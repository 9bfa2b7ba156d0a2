import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { createClient } from 'redis';
import type { DataSource, EntitySubscriberInterface, QueryRunner, RemoveEvent, UpdateEvent } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisLink, redisOptions } from '../config/redis-options';
import { withTimeout } from '../common/with-timeout';
import { MetricsService } from '../observability/metrics.service';
import { User } from './entities/user.entity';
import { UserSession } from './entities/user-session.entity';
import type { TokenSessionRow } from './user-sessions.service';

/** Redis counter every instance compares its kept rows with: a write to `users` on any instance moves it on. */
export const TOKEN_USERS_KEY = 'portal:token-users:generation';

/**
 * Columns whose change cannot alter what the token check decides: sign-in writes lastLogin on every sign-in, and each
 * session's last use and address are written once a minute (the kept row is updated in place, see UserSessionsService).
 */
const IRRELEVANT = new Set(['lastLogin', 'updatedAt', 'lastUsedAt', 'address']);

interface Kept {
  generation: string;
  row: TokenSessionRow;
}

/**
 * The session and `users` row each authenticated call and handshake checks its token against (keyed by the token's
 * session id), kept in memory until a write to `users` or an ended session commits (on any instance, through Redis).
 * A new session needs no retirement: missing rows are never kept. Without it that look-up is a statement per request, about a quarter
 * of all statements in a school day. Writes go through TypeORM (update, delete, increment), whose subscriber events
 * retire every kept row: once when the statement runs, and again when its transaction commits, so a row read between
 * the two (still the truth then) is never kept past the commit. The write's answer, and the sign-out's socket
 * disconnects, wait for the retirement. Rows changed outside the API (a database console) show within `TTL_MS`.
 * With Redis unreachable every check reads the database, as it would without this cache; when it is back, the rows kept
 * before are dropped, here and (one increment) on the other instances: writes made meanwhile could not retire them.
 */
@Injectable()
export class TokenUsersCache implements OnModuleInit, OnModuleDestroy {
  static readonly TTL_MS = 5 * 60_000;
  private readonly logger = new Logger(TokenUsersCache.name);
  private readonly rows = new LRUCache<string, Kept>({ max: 100_000, ttl: TokenUsersCache.TTL_MS });
  private local = 0;
  private redis?: RedisLink<ReturnType<typeof createClient>>;
  /** Transactions that wrote to `users`: retired again when they commit. */
  private readonly pending = new WeakSet<QueryRunner>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() db: DataSource,
    private readonly metrics: MetricsService,
  ) {
    // Registered in the constructor, before SessionsService's (onModuleInit): on commit the rows are retired before
    // the user's sockets are told to go, so a reconnect cannot pass with the old token.
    const sessions: EntitySubscriberInterface<UserSession> = {
      listenTo: () => UserSession,
      afterUpdate: (e: UpdateEvent<UserSession>) => this.written(e.queryRunner, changedColumns(e)),
      afterRemove: (e: RemoveEvent<UserSession>) => this.written(e.queryRunner),
    };
    const subscriber: EntitySubscriberInterface<User> = {
      listenTo: () => User,
      afterUpdate: (e: UpdateEvent<User>) => this.written(e.queryRunner, changedColumns(e)),
      afterRemove: (e: RemoveEvent<User>) => this.written(e.queryRunner),
      afterTransactionCommit: ({ queryRunner }) => {
        if (queryRunner.isTransactionActive || !this.pending.has(queryRunner)) return;
        this.pending.delete(queryRunner);
        return this.retire();
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
      },
    };
    db.subscribers.push(sessions, subscriber);
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.redisUrl) return;
    const client = createClient(redisOptions(this.config.redisUrl, this.config.timeouts.redisMs));
    this.redis = new RedisLink(client, 'token rows', this.logger, {
      // `local` moves on each time: a row read before Redis went or came back never matches again.
      down: () => this.forget(),
      up: (recovered) => {
        if (recovered) void this.retire();
      },
    });
    await this.redis.start(this.config.timeouts.redisMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.close(this.config.timeouts.redisMs);
  }

  private forget(): void {
    this.local += 1;
    this.rows.clear();
  }

  /** The row for session `id`, from memory when read after the last relevant write; missing rows are not kept. */
  async get(id: string, load: () => Promise<TokenSessionRow | undefined>): Promise<TokenSessionRow | undefined> {
    const generation = await this.generation();
    const kept = generation === undefined ? undefined : this.rows.get(id);
    if (kept && kept.generation === generation) {
      this.metrics.tokenRow('hit');
      return kept.row;
    }
    this.metrics.tokenRow('miss');
    if (generation === undefined) return load();
    // The generation was read before loading: a write that lands meanwhile makes this row a miss next time.
    const row = await load();
    if (row) this.rows.set(id, { generation, row });
    return row;
  }

  /** Retires every kept row, here and on the other instances. */
  async retire(): Promise<void> {
    this.forget();
    // Redis unreachable: the other instances are told when it is back.
    if (!this.redis?.up) return;
    try {
      await this.bounded(this.redis.client.incr(TOKEN_USERS_KEY));
    } catch (e) {
      this.logger.error(`Could not retire other instances' token rows: ${(e as Error).message}`);
    }
  }

  private written(runner: QueryRunner | undefined, columns?: string[]): Promise<void> | undefined {
    if (columns && columns.length && columns.every((c) => IRRELEVANT.has(c))) return undefined;
    if (runner?.isTransactionActive) this.pending.add(runner);
    return this.retire();
  }

  private async generation(): Promise<string | undefined> {
    if (!this.redis) return String(this.local);
    if (!this.redis.up) return undefined;
    const local = this.local;
    try {
      const shared = (await this.bounded(this.redis.client.get(TOKEN_USERS_KEY))) ?? 0;
      // Retired (or Redis went) meanwhile: unknown, read the database.
      return local === this.local ? `${local}:${shared}` : undefined;
    } catch {
      return undefined;
    }
  }

  private bounded<R>(command: Promise<R>): Promise<R> {
    const ms = this.config.timeouts.redisMs;
    return withTimeout(command, ms, () => new Error(`Redis did not answer within ${ms} ms`));
  }
}

/**
 * The columns an update sets: `updatedColumns` for a save, the keys of the values for update(), increment() and the
 * query builder (TypeORM passes them as the event's entity). Unknown: undefined, which retires.
 */
function changedColumns(e: UpdateEvent<User> | UpdateEvent<UserSession>): string[] | undefined {
  if (e.updatedColumns.length) return e.updatedColumns.map((c) => c.propertyName);
  return e.entity ? Object.keys(e.entity) : undefined;
}
