import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PeriodicSweep } from '../common/periodic-sweep';
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
  private readonly sweeps = new PeriodicSweep(
    this.logger,
    'escalation sweep',
    () => this.grievances.escalateDue(),
    (n) => `escalated ${n} grievance(s) past their deadline`,
  );

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
    this.sweeps.start(this.config.grievanceSweepMs);
  }

  sweep(): Promise<unknown> {
    return this.sweeps.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.onModuleDestroy();
  }
}
