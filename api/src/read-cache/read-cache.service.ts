import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { createClient } from 'redis';
import type { DataSource, EntitySubscriberInterface } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisLink, redisOptions } from '../config/redis-options';
import { withTimeout } from '../common/with-timeout';
import { MetricsService } from '../observability/metrics.service';
import { Scope, currentWrite, dependencies } from './read-scopes';
import type { ArrayPage, KeptPage } from '../common/array-page';

/** A response body already serialised (UTF-8 JSON): the controller sends it as it is (see `ReadCache.json`). */
export type Json<T> = Buffer & { readonly __body?: T };

/** Redis hash of one generation per scope, which every instance compares its entries with. */
export const SCOPES_KEY = 'portal:read-cache:scopes';

interface Entry {
  generation: string;
  json: Buffer;
  /** A kept page of a list: the count of every matching row (`json` holds the page's rows). */
  total?: number;
}

/**
 * The heavy reads (admin and mentor dashboards, the admin's day and month attendance) answered from memory while
 * nothing they depend on has been written since they were computed. Each entry is kept under a scope (read-scopes.ts)
 * and remembers the generations of its scope, its family and `*`; a write moves on the generations of the scopes it
 * changes (`retire`), so a read never returns data older than the last write it could see. With several instances
 * (`REDIS_URL`) the generations live in a Redis hash: a write through one instance retires the entries of all of them
 * before its answer is sent. Writes made outside the API (seed scripts, a database console) show within `TTL_MS` at
 * most. While Redis is unreachable (or does not answer within REDIS_TIMEOUT_MS) every read is computed and nothing is
 * kept; when it is back, what was kept before is dropped, here and (a `*` retirement) on the other instances: writes
 * made meanwhile could not retire anything through it.
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
  private readonly loading = new Map<string, Promise<Entry>>();
  /** This instance's generation per scope retired here (a few hundred mentors and days at most). */
  private readonly local = new Map<string, number>();
  private redis?: RedisLink<ReturnType<typeof createClient>>;
  /** Moves on whenever Redis goes or comes back: an entry of an earlier epoch is never kept or served. */
  private epoch = 0;
  private readonly later = new Set<NodeJS.Timeout>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    @InjectDataSource() db: DataSource,
  ) {
    // Marks the HTTP write whose statement this is (the query runs in the request's async context) as one that may
    // have changed something; reads (SELECT, and SHOW/EXPLAIN) do not count.
    const watcher: EntitySubscriberInterface = {
      beforeQuery: ({ query }) => {
        const write = currentWrite.getStore();
        if (write && !write.wrote && !READ_STATEMENT.test(query)) write.wrote = true;
      },
    };
    db.subscribers.push(watcher);
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.redisUrl || !this.config.readCache) return;
    const client = createClient(redisOptions(this.config.redisUrl, this.config.timeouts.redisMs));
    this.redis = new RedisLink(client, 'read cache', this.logger, {
      down: () => this.forget(),
      up: (recovered) => {
        if (!recovered) return;
        this.forget();
        void this.retireNow([Scope.everything]);
      },
    });
    await this.redis.start(this.config.timeouts.redisMs);
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.later) clearTimeout(timer);
    await this.redis?.close(this.config.timeouts.redisMs);
  }

  /** Drops every entry, and any being computed from generations read before now. */
  private forget(): void {
    this.epoch++;
    this.entries.clear();
  }

  /**
   * `load()`'s answer as JSON, from memory when computed after the last write to `scope` (kept as bytes: never
   * encoded twice). The scope is the entry's key too: one answer per scope.
   */
  async json<T>(scope: string, load: () => Promise<T>): Promise<Json<T>> {
    const generation = this.config.readCache ? await this.generation(scope) : undefined;
    // Switched off, or without a known generation (Redis unreachable): compute afresh and keep nothing.
    if (generation === undefined) {
      this.metrics.readCache('miss', scope);
      return serialise(await load());
    }
    const hit = this.entries.get(scope);
    if (hit?.generation === generation) {
      this.metrics.readCache('hit', scope);
      return hit.json;
    }
    this.metrics.readCache('miss', scope);
    return (await this.kept(scope, generation, async () => ({ json: serialise(await load()) }))).json;
  }

  /**
   * The entry being computed for this key and generation, or `load()`'s, kept under the generation read before loading
   * (a write meanwhile makes it a miss, never stale); requests for the same key and generation share it while it loads.
   */
  private kept(key: string, generation: string, load: () => Promise<Omit<Entry, 'generation'>>): Promise<Entry> {
    const inFlight = flight(generation, key);
    const loading = this.loading.get(inFlight);
    if (loading) return loading;
    const epoch = this.epoch;
    const pending = load().then((kept) => ({ ...kept, generation }));
    this.loading.set(inFlight, pending);
    pending
      .then(
        (entry) => {
          // Redis went or came back meanwhile: the generations it was read under are not to be trusted.
          if (epoch === this.epoch) this.entries.set(key, entry);
        },
        () => undefined,
      )
      .finally(() => this.loading.delete(inFlight));
    return pending;
  }

  /**
   * One page of a list (`variant` names the filter and page), kept under `scope` as `json` keeps an answer: its rows as
   * JSON and its total. Every variant of a scope is retired with it.
   */
  async page<T>(scope: string, variant: string, load: () => Promise<ArrayPage<T>>): Promise<KeptPage<T>> {
    const key = `${scope}${VARIANT}${variant}`;
    const generation = this.config.readCache ? await this.generation(scope) : undefined;
    const compute = async () => {
      const { rows, total } = await load();
      return { json: serialise(rows), total };
    };
    if (generation === undefined) {
      this.metrics.readCache('miss', scope);
      const { json, total } = await compute();
      return { rows: json, total };
    }
    const hit = this.entries.get(key);
    const counted = hit?.generation === generation;
    this.metrics.readCache(counted ? 'hit' : 'miss', scope);
    const { json, total } = counted ? hit : await this.kept(key, generation, compute);
    return { rows: json, total: total ?? 0 };
  }

  /**
   * `json` for many scopes at once, with one generation look-up for them all: each scope's answer as JSON, in the order
   * asked, from memory where kept; the rest computed together by `load(missing)` (a value for each) and kept. Counted
   * as one look-up of the first scope's family: a hit when every one was kept.
   */
  async jsonEach<T>(scopes: string[], load: (missing: string[]) => Promise<Map<string, T>>): Promise<Buffer[]> {
    if (!scopes.length) return [];
    const generations = this.config.readCache ? await this.generations(scopes) : undefined;
    if (!generations) {
      this.metrics.readCache('miss', scopes[0]);
      const values = await load(scopes);
      return scopes.map((s) => serialise(values.get(s)));
    }
    const answers: Promise<Buffer>[] = [];
    const missing: { scope: string; generation: string; at: number }[] = [];
    let kept = 0;
    scopes.forEach((scope, at) => {
      const generation = generations[at];
      const hit = this.entries.get(scope);
      if (hit?.generation === generation) {
        answers[at] = Promise.resolve(hit.json);
        kept++;
      } else {
        const pending = this.loading.get(flight(generation, scope));
        if (pending) answers[at] = pending.then((e) => e.json);
        else missing.push({ scope, generation, at });
      }
    });
    this.metrics.readCache(kept === scopes.length ? 'hit' : 'miss', scopes[0]);
    if (missing.length) {
      const batch = load(missing.map((m) => m.scope));
      for (const { scope, generation, at } of missing)
        answers[at] = this.kept(scope, generation, async () => ({ json: serialise((await batch).get(scope)) })).then(
          (e) => e.json,
        );
    }
    return Promise.all(answers);
  }

  /**
   * Retires the entries of these scopes (read-scopes.ts), on every instance; call it once the write is committed.
   * Inside an HTTP write the scopes are collected and retired by the write hook after the handler, before the answer
   * leaves (read-cache.hook.ts); `retire()` with none there declares that the write changes no kept read. Elsewhere
   * (jobs, sweeps) they are retired at once.
   */
  async retire(...scopes: (string | string[])[]): Promise<void> {
    const all = scopes.flat();
    const write = currentWrite.getStore();
    if (write && !write.done) {
      write.declared = true;
      for (const s of all) write.scopes.add(s);
      return;
    }
    await this.retireNow(all);
  }

  /** Retires these scopes' entries now, on this instance and (through Redis) on the others (`*`: every entry). */
  async retireNow(scopes: Iterable<string>): Promise<void> {
    const retired = new Set(scopes);
    if (!retired.size) return;
    for (const s of retired) this.local.set(s, (this.local.get(s) ?? 0) + 1);
    if (retired.has(Scope.everything)) this.entries.clear();
    else
      for (const key of [...this.entries.keys()])
        if (dependencies(scopeOf(key)).some((s) => retired.has(s))) this.entries.delete(key);
    // Redis unreachable: the other instances are told when it is back (everything is retired then).
    if (!this.redis?.up) return;
    try {
      const multi = this.redis.client.multi();
      for (const s of retired) multi.hIncrBy(SCOPES_KEY, s, 1);
      await this.bounded(multi.exec());
    } catch (e) {
      this.logger.error(`Could not retire other instances' cached reads: ${(e as Error).message}`);
    }
  }

  /** Retires these scopes again after `ms`: for data other instances keep a copy of for that long (the calendar). */
  retireAgainAfter(scopes: string[], ms: number): void {
    const timer = setTimeout(() => {
      this.later.delete(timer);
      void this.retireNow(scopes);
    }, ms);
    timer.unref();
    this.later.add(timer);
  }

  /** A Redis server that stops answering must not hold the request: each command waits `REDIS_TIMEOUT_MS` at most. */
  private bounded<T>(command: Promise<T>): Promise<T> {
    const ms = this.config.timeouts.redisMs;
    return withTimeout(command, ms, () => new Error(`Redis did not answer within ${ms} ms`));
  }

  /** The generations `scope`'s entry depends on, here and (one HMGET) in Redis. */
  private async generation(scope: string): Promise<string | undefined> {
    return (await this.generations([scope]))?.[0];
  }

  /** The generations each scope's entry depends on, here and (one HMGET for them all) in Redis. */
  private async generations(scopes: string[]): Promise<string[] | undefined> {
    const deps = scopes.map(dependencies);
    const here = deps.map((fields) => fields.map((s) => this.local.get(s) ?? 0).join('.'));
    if (!this.redis) return here;
    if (!this.redis.up) return undefined;
    const fields = [...new Set(deps.flat())];
    const epoch = this.epoch;
    try {
      const shared = await this.bounded(this.redis.client.hmGet(SCOPES_KEY, fields));
      // Redis went (and perhaps came back) meanwhile: these generations may be older than a write made then.
      if (epoch !== this.epoch) return undefined;
      const of = new Map(fields.map((f, i) => [f, shared[i] ?? 0]));
      return deps.map((list, i) => `${epoch}/${here[i]}:${list.map((s) => of.get(s)).join('.')}`);
    } catch {
      return undefined;
    }
  }
}

const flight = (generation: string, key: string) => `${generation}\u0000${key}`;
/** Between a scope and a variant in an entry's key (`page`). */
const VARIANT = '\u0001';
const scopeOf = (key: string) => key.split(VARIANT, 1)[0];
const READ_STATEMENT = /^\s*(SELECT|SHOW|EXPLAIN)\b/i;
const serialise = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
