import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { redisOptions } from '../config/redis-options';
import { withTimeout } from '../common/with-timeout';

/** A response body already serialised (UTF-8 JSON): the controller sends it as it is (see `ReadCache.json`). */
export type Json<T> = Buffer & { readonly __body?: T };

/** Redis key holding the generation every instance compares its entries with. */
export const GENERATION_KEY = 'portal:read-cache:generation';

interface Entry {
  generation: string;
  json: Buffer;
}

/**
 * The heavy reads (admin and mentor dashboards, the admin's day and month attendance) answered from memory while
 * nothing has been written since they were computed. Every successful or failed HTTP write moves the generation on
 * (`read-cache.hook.ts`), so a read never returns data older than the last write it could see. With
 * several instances (`REDIS_URL`), the generation lives in Redis: a write through one instance retires the entries of
 * all of them before its answer is sent. Writes made outside the API (seed scripts, a database console) show within
 * `TTL_MS` at most.
 */
@Injectable()
export class ReadCache implements OnModuleInit, OnModuleDestroy {
  static readonly TTL_MS = 5 * 60_000;
  private readonly logger = new Logger(ReadCache.name);
  // Sized by the bytes kept, not by the number of entries: a large school's day view is big.
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (e) => e.json.length || 1,
    ttl: ReadCache.TTL_MS,
  });
  /** Reads being computed, so that ten requests arriving together run the statements once. */
  private readonly loading = new Map<string, Promise<Buffer>>();
  private localGeneration = 0;
  private redis?: ReturnType<typeof createClient>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.redisUrl || !this.config.readCache) return;
    this.redis = createClient(redisOptions(this.config.redisUrl, this.config.timeouts.redisMs));
    this.redis.on('error', (e: Error) => this.logger.error(`Redis: ${e.message}`));
    await this.redis.connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }

  /** `load()`'s answer as JSON, from memory when computed after the last write (kept as bytes: never encoded twice). */
  async json<T>(key: string, load: () => Promise<T>): Promise<Json<T>> {
    const generation = this.config.readCache ? await this.generation() : undefined;
    // Switched off, or without a known generation (Redis unreachable): compute afresh and keep nothing.
    if (generation === undefined) return serialise(await load());
    const hit = this.entries.get(key);
    if (hit?.generation === generation) return hit.json;
    const flight = `${generation}\u0000${key}`;
    let pending = this.loading.get(flight);
    if (!pending) {
      pending = load().then(serialise);
      this.loading.set(flight, pending);
      // Kept under the generation read before loading: a write that landed meanwhile makes it a miss, never stale.
      pending
        .then(
          (json) => this.entries.set(key, { generation, json }),
          () => undefined,
        )
        .finally(() => this.loading.delete(flight));
    }
    return pending;
  }

  /** Retires every entry, on this instance and (through Redis) on the others. */
  async invalidate(): Promise<void> {
    this.localGeneration += 1;
    this.entries.clear();
    if (!this.redis) return;
    try {
      await this.bounded(this.redis.incr(GENERATION_KEY));
    } catch (e) {
      this.logger.error(`Could not retire other instances' cached reads: ${(e as Error).message}`);
    }
  }

  /** A Redis server that stops answering must not hold the request: each command waits `REDIS_TIMEOUT_MS` at most. */
  private bounded<T>(command: Promise<T>): Promise<T> {
    const ms = this.config.timeouts.redisMs;
    return withTimeout(command, ms, () => new Error(`Redis did not answer within ${ms} ms`));
  }

  private async generation(): Promise<string | undefined> {
    if (!this.redis) return String(this.localGeneration);
    try {
      return `${this.localGeneration}:${(await this.bounded(this.redis.get(GENERATION_KEY))) ?? 0}`;
    } catch {
      return undefined;
    }
  }
}

const serialise = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
