import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { GrievanceTickets } from './grievance-tickets';
import { GrievancesService } from './grievances.service';

/**
 * Runs the escalation sweep every GRIEVANCE_SWEEP_MS: with REDIS_URL, a BullMQ job scheduler on that Redis hands each
 * tick to one instance's worker; on the embedded default, a timer on every instance. Either way the sweep's
 * conditional UPDATE is what makes each escalation happen exactly once (GrievancesService.escalateDue), so a tick
 * run twice, or on two instances at once, escalates nothing twice.
 */
@Injectable()
export class GrievanceEscalation implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('GrievanceEscalation');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private clients: ReturnType<typeof createClient>[] = [];

  constructor(
    private readonly grievances: GrievancesService,
    private readonly tickets: GrievanceTickets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Grievances older than ticket numbers get theirs (SQLite's schema is synchronised, not migrated).
    await this.tickets
      .assignMissingTickets()
      .catch((e: Error) => this.logger.error(`assigning ticket numbers: ${e.message}`));
    const every = this.config.grievanceSweepMs;
    if (every <= 0) return;
    if (this.config.redisUrl) {
      try {
        await this.scheduleOnRedis(this.config.redisUrl, every);
        return;
      } catch (e) {
        this.logger.warn(`no job scheduler on Redis (${(e as Error).message}): sweeping on a timer instead`);
        await this.closeRedis();
      }
    }
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref?.();
  }

  /** One scheduler per database (instances of another database on the same Redis have their own). */
  private async scheduleOnRedis(url: string, every: number): Promise<void> {
    const db = this.config.database;
    const name = `portal-grievance-escalation-${createHash('sha256')
      .update(db.type === 'mysql' ? db.url.replace(/\/\/[^@/]*@/, '//') : db.file)
      .digest('hex')
      .slice(0, 16)}`;
    const client = () =>
      createClient({ url, socket: { connectTimeout: this.config.timeouts.redisMs * 5, reconnectStrategy: false } });
    this.clients = [client(), client()];
    this.queue = new Queue(name, { connection: this.clients[0] });
    this.queue.on('error', (e) => this.logger.warn(`queue: ${e.message}`));
    // Upserted by every instance: the same id keeps one schedule however many start.
    await this.queue.upsertJobScheduler(
      'sweep',
      { every },
      { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: true } },
    );
    this.worker = new Worker(name, () => this.sweep(), { connection: this.clients[1], concurrency: 1 });
    this.worker.on('error', (e) => this.logger.warn(`worker: ${e.message}`));
  }

  /** One sweep at a time on this instance; a failure is logged and the next tick tries again. */
  sweep(): Promise<unknown> {
    this.running ??= this.grievances
      .escalateDue()
      .then((n) => n && this.logger.log(`escalated ${n} grievance(s) past their deadline`))
      .catch((e: Error) => this.logger.error(`escalation sweep: ${e.message}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async closeRedis(): Promise<void> {
    await Promise.allSettled([this.worker?.close(), this.queue?.close()]);
    for (const c of this.clients) if (c.isOpen) c.destroy();
    this.worker = null;
    this.queue = null;
    this.clients = [];
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.closeRedis();
    await this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.onModuleDestroy();
  }
}
