import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { GrievanceTickets } from './grievance-tickets';
import { GrievancesService } from './grievances.service';

/**
 * Runs the escalation sweep every GRIEVANCE_SWEEP_MS on a timer of each instance. The sweep's conditional UPDATE is
 * what makes each escalation happen exactly once (GrievancesService.escalateDue), so instances sweeping at once
 * escalate nothing twice; no Redis is needed, so an instance starts and sweeps while Redis is down.
 */
@Injectable()
export class GrievanceEscalation implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('GrievanceEscalation');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

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
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref?.();
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

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.onModuleDestroy();
  }
}
