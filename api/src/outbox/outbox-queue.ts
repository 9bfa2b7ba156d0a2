import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { createClient } from 'redis';
import { withTimeout } from '../common/with-timeout';
import { isConnectionError, RedisLink } from '../config/redis-options';

/**
 * The outbox on Redis (REDIS_URL): due outbox rows are added to a BullMQ queue, with the outbox id and attempt as the
 * job id, so however many instances relay the same row it is queued once; BullMQ's workers (one per instance) share
 * the queue out. The outbox row stays the record of truth: the worker claims it with the same conditional UPDATE as
 * the in-process poller, so a job BullMQ happened to hand out twice still runs once, and a job lost from Redis is
 * relayed again from the table. While Redis is unreachable the service runs due rows from the table itself (`ready`);
 * node-redis reconnects these clients by itself, and BullMQ's queue and worker go on once it is back.
 */
export class OutboxQueue {
  private readonly logger = new Logger('OutboxQueue');
  private readonly queue: Queue;
  private readonly worker: Worker;
  private readonly clients: ReturnType<typeof createClient>[];
  private readonly link: RedisLink;

  /** `name`: one queue per database (instances of another database on the same Redis must not take these jobs). */
  constructor(
    name: string,
    url: string,
    private readonly timeoutMs: number,
    run: (outboxId: string) => Promise<unknown>,
    concurrency: number,
  ) {
    // Passed in as clients, these connections are ours to close (BullMQ closes only those it made).
    const client = () =>
      createClient({
        url,
        socket: { connectTimeout: timeoutMs * 5, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
      });
    this.clients = [client(), client()];
    // Watched, not connected here: BullMQ connects the clients it is given.
    this.link = new RedisLink(this.clients[0], 'outbox queue', this.logger);
    this.queue = new Queue(name, { connection: this.clients[0] });
    // An outage is logged once (RedisLink), not at every retry of the queue and the worker.
    const report = (what: string) => (e: Error) =>
      this.ready && !isConnectionError(e) && this.logger.warn(`${what}: ${e.message}`);
    this.queue.on('error', report('queue'));
    this.worker = new Worker(name, async (job) => run((job.data as { id: string }).id), {
      connection: this.clients[1],
      concurrency,
    });
    this.worker.on('error', report('worker'));
  }

  /** Whether jobs can be queued now (Redis reachable). */
  get ready(): boolean {
    return this.link.up;
  }

  /** Queues these outbox rows (a row already queued for this attempt is not queued again). */
  async add(jobs: { id: string; attempt: number }[]): Promise<void> {
    await withTimeout(
      this.queue.addBulk(
        jobs.map((j) => ({
          name: 'outbox',
          data: { id: j.id },
          opts: { jobId: `${j.id}-${j.attempt}`, removeOnComplete: true, removeOnFail: true },
        })),
      ),
      this.timeoutMs * 5,
      () => new Error('adding outbox jobs to Redis timed out'),
    );
  }

  async close(): Promise<void> {
    await Promise.allSettled([
      withTimeout(this.worker.close(), 10_000, () => new Error('closing the outbox worker timed out')),
      withTimeout(this.queue.close(), 5_000, () => new Error('closing the outbox queue timed out')),
    ]);
    // Whatever BullMQ left open (the worker's blocking connection is a duplicate of its client) goes now.
    for (const c of this.clients) if (c.isOpen) c.destroy();
  }
}
