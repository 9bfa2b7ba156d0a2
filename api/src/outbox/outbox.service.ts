import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { AsyncResource } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { Brackets, DataSource, LessThan, type EntityManager, type QueryRunner, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { afterKeptReadsRetired } from '../read-cache/read-scopes';
import { inTurnOnSqlite } from '../common/sqlite-transactions';
import { Clock } from '../dates/clock';
import { MetricsService } from '../observability/metrics.service';
import { OutboxJob, type OutboxStatus } from './outbox-job.entity';
import { OutboxQueue } from './outbox-queue';

/** What a handler is told about the run: the clock of the run, the attempt (1 = first), and whether it is the last. */
export interface OutboxRun {
  jobId: string;
  now: Date;
  attempt: number;
  final: boolean;
  /** When the job runs again if this attempt fails (null on the final attempt). */
  retryAt: Date | null;
}
/**
 * Runs a job. `local`: what the writer handed over in memory (`enqueue`'s `local`), only when the job runs at once on
 * the instance that wrote it; a run after a restart or on another instance gets the payload alone.
 */
export type OutboxHandler<P = unknown, L = unknown> = (payload: P, run: OutboxRun, local?: L) => Promise<void>;

/** Attempts before a job is given up ('failed'); the first retry after BACKOFF_BASE_MS, doubling up to BACKOFF_MAX_MS. */
export const OUTBOX_MAX_ATTEMPTS = 8;
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
/** A claimed job is another instance's until its lease ends (longer than any handler's bounded waits). */
export const LEASE_MS = 5 * 60_000;
/** Jobs taken per run; the poller runs again at once while it finds a full batch. */
const BATCH = 50;
/** Finished jobs are kept this long (the record of what ran), then removed. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;

/**
 * Work runs in lanes, each with its own loop (and, with Redis, its own BullMQ queue): e-mail, whose server may be slow
 * or silent, never delays in-app notifications, socket pushes, risk evaluations, guardian notices or escalations.
 */
export type OutboxLane = 'main' | 'mail';
const LANES: OutboxLane[] = ['main', 'mail'];
/** Jobs of a lane one instance's BullMQ worker runs at once. */
const LANE_CONCURRENCY: Record<OutboxLane, number> = { main: 4, mail: 2 };

export const backoffMs = (attempt: number) => Math.min(BACKOFF_BASE_MS * 2 ** (attempt - 1), BACKOFF_MAX_MS);

/**
 * The outbox: work written in the transaction of the change that causes it, run afterwards by a worker with retries
 * and exponential backoff. Several API instances share the table: a job is claimed by one atomic conditional UPDATE
 * (status, lock token, lease), so each runs once; a crashed instance's claim is taken over when its lease has passed.
 * With REDIS_URL the due jobs are handed to a BullMQ queue (outbox-queue.ts) whose workers run them; without it, and
 * while Redis is unreachable, this instance's poller runs them itself (jobs the queue held before an outage are still
 * due in the table: the claim lets each run once, here or by a worker once Redis is back).
 */
@Injectable()
export class OutboxService implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly handlers = new Map<
    string,
    { run: OutboxHandler; maxAttempts: number; atOnce: boolean; lane: OutboxLane }
  >();
  /** Jobs to run once their transaction commits (claimed at insert by this instance), by transaction. */
  private readonly onCommit = new WeakMap<QueryRunner, (() => void)[]>();
  /** Runs started after a commit and not yet finished (shutdown and runDue wait for them). */
  private readonly inFlight = new Set<Promise<unknown>>();
  /**
   * The context runs after a commit start in: this service's own, made before any request, not the committing flow's
   * (its SQLite turn would let the run's transaction in beside the one still finishing; its HTTP write would count
   * the run's statements as its own).
   */
  private readonly detached = new AsyncResource('OutboxAtOnce');
  /** Each lane's poll: its timer and the run in progress. */
  private readonly loops = new Map<OutboxLane, { timer: NodeJS.Timeout | null; running: Promise<unknown> | null }>(
    LANES.map((lane) => [lane, { timer: null, running: null }]),
  );
  private stopped = false;
  private queues = new Map<OutboxLane, OutboxQueue>();
  /** With REDIS_URL: Redis is unreachable and the due jobs are run from the table here. */
  private polling = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(OutboxJob) private readonly outboxJobs: Repository<OutboxJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    metrics: MetricsService,
  ) {
    db.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => {
        // A savepoint released inside a transaction commits nothing yet.
        if (queryRunner.isTransactionActive) return;
        const runs = this.onCommit.get(queryRunner);
        this.onCommit.delete(queryRunner);
        // Inside an HTTP write, once the kept reads it changes are retired: the pushes tell people to read again.
        for (const run of runs ?? []) afterKeptReadsRetired(run);
      },
      // Rolled back (the whole transaction or a savepoint in it): its jobs may not exist. Any that do (a savepoint's
      // rollback leaves the jobs written before it) stay claimed and are run when their lease ends, like a crashed
      // instance's.
      afterTransactionRollback: ({ queryRunner }) => {
        this.onCommit.delete(queryRunner);
      },
    });
    metrics.gauge(
      'outbox_jobs',
      'Notification worker queue: outbox jobs not done, by status',
      () => this.depth(),
      'status',
    );
  }

  /** Jobs waiting (pending), being run (running) and given up (failed): the worker's queue depth. */
  async depth(): Promise<Record<'pending' | 'running' | 'failed', number>> {
    const rows = await this.outboxJobs
      .createQueryBuilder('j')
      .select('j.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .where('j.status IN (:...open)', { open: ['pending', 'running', 'failed'] })
      .groupBy('j.status')
      .getRawMany<{ status: OutboxStatus; n: string | number }>();
    const depth = { pending: 0, running: 0, failed: 0 };
    for (const r of rows) if (r.status in depth) depth[r.status as keyof typeof depth] = Number(r.n);
    return depth;
  }

  /**
   * Each module registers the handlers of its job kinds (in its onModuleInit). `atOnce`: a job due when it is written
   * is claimed by the writing instance in the same INSERT and run by it as soon as the transaction commits, instead
   * of waiting for a poll and a claim (for small jobs a user waits on, like a socket push). If that instance goes
   * away first, the job is taken over when its lease ends.
   */
  register<P, L = never>(
    kind: string,
    run: OutboxHandler<P, L>,
    opts: { maxAttempts?: number; atOnce?: boolean; lane?: OutboxLane } = {},
  ): void {
    if (this.handlers.has(kind)) throw new Error(`outbox handler for ${kind} registered twice`);
    this.handlers.set(kind, {
      run: run as OutboxHandler,
      maxAttempts: opts.maxAttempts ?? OUTBOX_MAX_ATTEMPTS,
      atOnce: opts.atOnce ?? false,
      lane: opts.lane ?? 'main',
    });
  }

  /**
   * Writes a job in the caller's transaction: it exists if and only if the change commits. `local` goes to the
   * handler, in memory, when the job runs at once here (see `register`).
   */
  async enqueue(
    tx: EntityManager,
    job: { kind: string; payload: Record<string, unknown>; runAfter?: Date; local?: unknown },
  ): Promise<string> {
    const now = this.clock.now();
    const runAfter = job.runAfter ?? now;
    // Only an instance that runs jobs (it polls) takes one at once, and not while it shuts down.
    const atOnce =
      this.handlers.get(job.kind)?.atOnce === true && this.config.outboxPollMs > 0 && !this.stopped && runAfter <= now;
    const token = atOnce ? randomUUID() : null;
    const row = tx.create(OutboxJob, {
      kind: job.kind,
      payload: job.payload,
      status: atOnce ? 'running' : 'pending',
      attempts: atOnce ? 1 : 0,
      runAfter,
      lockToken: token,
      leaseUntil: atOnce ? new Date(now.getTime() + LEASE_MS) : null,
      lastError: null,
    });
    // (TypeORM's insert type does not take a JSON column's object; the row is the entity itself.)
    await tx.insert(OutboxJob, row as never);
    if (atOnce)
      this.afterCommit(tx, () =>
        this.detached.runInAsyncScope(() => this.track(this.execute(row, token!, now, job.local))),
      );
    return row.id;
  }

  /** `run` once the caller's transaction commits, or at once when there is none (the insert has committed); inside an
   * HTTP write, not before its kept reads are retired. */
  private afterCommit(tx: EntityManager, run: () => void): void {
    const runner = tx.queryRunner;
    if (!runner?.isTransactionActive) {
      afterKeptReadsRetired(run);
      return;
    }
    const runs = this.onCommit.get(runner) ?? [];
    runs.push(run);
    this.onCommit.set(runner, runs);
  }

  private track(run: Promise<unknown>): void {
    const settled = run.catch((e: Error) => this.logger.warn(`outbox run failed: ${e.message}`));
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  /** Until the runs started after commits have finished. */
  private async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.redisUrl) {
      const db = this.config.database;
      const name = `portal-outbox-${createHash('sha256')
        .update(db.type === 'mysql' ? db.url.replace(/\/\/[^@/]*@/, '//') : db.file)
        .digest('hex')
        .slice(0, 16)}`;
      for (const lane of LANES)
        this.queues.set(
          lane,
          new OutboxQueue(
            lane === 'main' ? name : `${name}-${lane}`,
            this.config.redisUrl,
            this.config.timeouts.redisMs,
            (id) => this.runOne(id),
            LANE_CONCURRENCY[lane],
          ),
        );
    }
    if (this.config.outboxPollMs > 0) for (const lane of LANES) this.schedule(lane);
  }

  /** Stops polling and waits for the run in progress (its waits are bounded), before the database closes. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const loop of this.loops.values()) {
      if (loop.timer) clearTimeout(loop.timer);
      loop.timer = null;
    }
    await Promise.all([...this.loops.values()].map((l) => l.running?.catch(() => undefined)));
    await this.settled();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.onModuleDestroy();
  }

  private schedule(lane: OutboxLane, delay = this.config.outboxPollMs): void {
    if (this.stopped) return;
    const loop = this.loops.get(lane)!;
    loop.timer = setTimeout(() => {
      loop.timer = null;
      // Redis unreachable: this instance runs the due jobs itself (the claim still lets each run once).
      const work = this.relaying(lane)
        ? // Relayed jobs stay due until a worker claims them: the next relay waits for the interval.
          this.relay(lane).then(
            () => 0,
            (e: Error) => {
              this.logger.warn(`relay to Redis failed (${e.message}): running due jobs here`);
              return this.runLane(lane);
            },
          )
        : this.runLane(lane);
      const run = work.then(
        (count) => count,
        (e) => {
          this.logger.warn(`outbox run failed: ${(e as Error).message}`);
          return 0;
        },
      );
      loop.running = run;
      void run.then((count) => {
        loop.running = null;
        // A full batch: more may be due.
        this.schedule(lane, count >= BATCH ? 0 : undefined);
      });
    }, delay);
    loop.timer.unref?.();
  }

  /** Whether this poll hands the due jobs to BullMQ (Redis configured and reachable); a change is logged once. */
  private relaying(lane: OutboxLane): boolean {
    const queue = this.queues.get(lane);
    if (!queue) return false;
    const polling = !queue.ready;
    if (polling !== this.polling)
      this.logger.warn(
        polling ? 'Redis unreachable: running due jobs from the table here' : 'relaying jobs to Redis again',
      );
    this.polling = polling;
    return !polling;
  }

  /**
   * Ids of a lane's jobs due at `now`: pending ones whose time has come, and running ones whose lease has passed. New
   * work first: a job retried after failures waits behind those not tried yet.
   */
  private async due(now: Date, lane: OutboxLane): Promise<string[]> {
    const mailKinds = [...this.handlers].filter(([, h]) => h.lane === 'mail').map(([kind]) => kind);
    const qb = this.outboxJobs
      .createQueryBuilder('j')
      .select('j.id', 'id')
      .where(
        new Brackets((w) =>
          w
            .where('j.status = :pending AND j.runAfter <= :now', { pending: 'pending', now })
            .orWhere('j.status = :running AND j.leaseUntil < :now', { running: 'running', now }),
        ),
      )
      .orderBy('j.attempts', 'ASC')
      .addOrderBy('j.runAfter', 'ASC')
      .limit(BATCH);
    if (mailKinds.length) qb.andWhere(`j.kind ${lane === 'mail' ? 'IN' : 'NOT IN'} (:...mailKinds)`, { mailKinds });
    else if (lane === 'mail') return [];
    return (await qb.getRawMany<{ id: string }>()).map((r) => r.id);
  }

  /** Runs every job due at `now` on this instance, lane by lane (tests call it with their own clock); answers how many. */
  async runDue(now: Date = this.clock.now()): Promise<number> {
    let count = 0;
    for (const lane of LANES) count += await this.runLane(lane, now);
    return count;
  }

  /** Runs a lane's jobs due at `now`, one after another; answers how many it tried. */
  private async runLane(lane: OutboxLane, now: Date = this.clock.now()): Promise<number> {
    // The jobs this instance took at once finish first: a caller that runs what is due finds every job settled.
    await this.settled();
    const ids = await this.due(now, lane);
    for (const id of ids) {
      if (this.stopped && this.config.outboxPollMs > 0) break;
      await this.runOne(id, now);
    }
    await this.outboxJobs.delete({ status: 'done', updatedAt: LessThan(new Date(now.getTime() - KEEP_DONE_MS)) });
    return ids.length;
  }

  /** With REDIS_URL: hands the due jobs to BullMQ (jobId = outbox id and attempt, so a job is queued once). */
  private async relay(lane: OutboxLane, now: Date = this.clock.now()): Promise<number> {
    const ids = await this.due(now, lane);
    if (!ids.length) return 0;
    const jobs = await this.outboxJobs.createQueryBuilder('j').select(['j.id', 'j.attempts']).whereInIds(ids).getMany();
    if (jobs.length) await this.queues.get(lane)!.add(jobs.map((j) => ({ id: j.id, attempt: j.attempts })));
    return jobs.length;
  }

  /**
   * Claims the job (if it is still due: another instance may have taken it) and runs its handler. The claim is one
   * conditional UPDATE: of two instances racing for a job, exactly one sees a row changed.
   */
  async runOne(id: string, now: Date = this.clock.now()): Promise<'done' | 'retry' | 'failed' | 'skipped'> {
    const token = randomUUID();
    const claim = await inTurnOnSqlite(this.db, () =>
      this.db
        .createQueryBuilder()
        .update(OutboxJob)
        .set({
          status: 'running',
          lockToken: token,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
          attempts: () => 'attempts + 1',
        })
        .where('id = :id', { id })
        .andWhere(
          new Brackets((w) =>
            w
              .where('status = :pending AND runAfter <= :now', { pending: 'pending', now })
              .orWhere('status = :running AND leaseUntil < :now', { running: 'running', now }),
          ),
        )
        .execute(),
    );
    if (!claim.affected) return 'skipped';
    return this.execute(await this.outboxJobs.findOneByOrFail({ id }), token, now);
  }

  /** Runs a job this instance has claimed (with `token`) and records how it went. */
  private async execute(
    job: Pick<OutboxJob, 'id' | 'kind' | 'payload' | 'attempts'>,
    token: string,
    now: Date,
    local?: unknown,
  ): Promise<'done' | 'retry' | 'failed'> {
    const id = job.id;
    const handler = this.handlers.get(job.kind);
    const maxAttempts = handler?.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
    const final = job.attempts >= maxAttempts;
    const retryAt = final ? null : new Date(now.getTime() + backoffMs(job.attempts));
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await handler.run(job.payload, { jobId: id, now, attempt: job.attempts, final, retryAt }, local);
      await this.finish(id, token, { status: 'done', lastError: null });
      return 'done';
    } catch (e) {
      const message = (e as Error)?.message ?? String(e);
      this.logger.warn(`${job.kind} ${id} attempt ${job.attempts} failed: ${message}`);
      if (final) {
        await this.finish(id, token, { status: 'failed', lastError: message.slice(0, 2000) });
        return 'failed';
      }
      await this.finish(id, token, { status: 'pending', runAfter: retryAt!, lastError: message.slice(0, 2000) });
      return 'retry';
    }
  }

  /** Only the holder of the claim may finish it (a lease taken over means someone else now owns the job). */
  private async finish(
    id: string,
    token: string,
    set: Pick<OutboxJob, 'status' | 'lastError'> & { runAfter?: Date },
  ): Promise<void> {
    await inTurnOnSqlite(this.db, () =>
      this.db
        .createQueryBuilder()
        .update(OutboxJob)
        .set({ ...set, lockToken: null, leaseUntil: null })
        .where('id = :id AND lockToken = :token', { id, token })
        .execute(),
    );
  }
}
