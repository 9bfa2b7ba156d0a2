import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, type Repository } from 'typeorm';
import {
  RETENTION_DEFAULTS,
  RETENTION_KINDS,
  type RetentionDryRunResponse,
  type RetentionKind,
  type RetentionPeriods,
  type RetentionSettingsResponse,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { CalendarService } from '../calendar/calendar.service';
import type { AuthUser } from '../common/auth-user';
import { PeriodicSweep } from '../common/periodic-sweep';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { OutboxService } from '../outbox/outbox.service';
import type { RetentionPeriodsDto } from './dto/retention.dto';
import { RetentionPeriod, RetentionState } from './entities/retention.entity';
import { RetentionRegistry, type RetentionHandler } from './retention.registry';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';

const DAY_MS = 86_400_000;
const JOB_PURGE = 'retention.purge';
const STATE_ID = 1;

/**
 * Retention: the school's period for each kind of record, and the daily purge. A timer of each instance claims the
 * day's purge (a conditional update) and writes it to the outbox in the same transaction, so it runs once a day across
 * instances; each kind's owner deletes its own rows (RetentionRegistry), each in its transaction with the count in the
 * audit log.
 */
@Injectable()
export class RetentionService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeps = new PeriodicSweep(
    new Logger('Retention'),
    'daily purge claim',
    () => this.claimDailyPurge(),
    () => 'queued the daily purge',
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(RetentionPeriod) private readonly periods: Repository<RetentionPeriod>,
    @InjectRepository(RetentionState) private readonly state: Repository<RetentionState>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: RetentionRegistry,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly calendar: CalendarService,
    private readonly clock: Clock,
    private readonly cache: ReadCache,
  ) {}

  onModuleInit(): void {
    this.outbox.register(JOB_PURGE, async () => {
      await this.purgeNow();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Every kind has its owner's handler, or the application does not start (the audit log's is this module's own).
    const missing = RETENTION_KINDS.filter((k) => k !== 'auditEntries' && !this.registry.get(k));
    if (missing.length) throw new Error(`no retention handler for ${missing.join(', ')}`);
    await this.state.upsert({ id: STATE_ID }, { conflictPaths: ['id'], skipUpdateIfNoValuesChanged: true });
    this.sweeps.start(this.config.purgeSweepMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps.stop();
  }

  async settings(): Promise<RetentionSettingsResponse> {
    const state = await this.state.findOneBy({ id: STATE_ID });
    return { periods: await this.current(), lastPurgeAt: iso(state?.lastPurgeAt) };
  }

  async update(actor: AuthUser, changes: RetentionPeriodsDto): Promise<RetentionSettingsResponse> {
    const before = await this.current();
    const sent = Object.entries(changes).filter(([, v]) => v !== undefined) as [RetentionKind, number | null][];
    await this.db.transaction(async (tx) => {
      for (const [kind, days] of sent) await tx.upsert(RetentionPeriod, { kind, days }, ['kind']);
      const diff = Object.fromEntries(
        sent.filter(([k, v]) => before[k] !== v).map(([k, v]) => [k, { from: before[k], to: v }]),
      );
      if (Object.keys(diff).length)
        await this.audit.record(
          tx,
          actor,
          'retention.update',
          { type: 'retention', id: null, label: 'Retention periods' },
          diff,
        );
    });
    return this.settings();
  }

  /** What the purge would delete now, kind by kind. */
  async dryRun(): Promise<RetentionDryRunResponse> {
    const periods = await this.current();
    const counts = {} as Record<RetentionKind, number>;
    for (const kind of RETENTION_KINDS) {
      const cutoff = this.cutoff(periods[kind]);
      counts[kind] = cutoff ? await this.handler(kind).count(cutoff) : 0;
    }
    return { counts };
  }

  /** Deletes what is past its period, kind by kind (each in a transaction, with its count in the audit log). */
  async purgeNow(): Promise<Record<RetentionKind, number>> {
    const periods = await this.current();
    const counts = {} as Record<RetentionKind, number>;
    for (const kind of RETENTION_KINDS) {
      const cutoff = this.cutoff(periods[kind]);
      counts[kind] = 0;
      if (!cutoff) continue;
      counts[kind] = await this.db.transaction(async (tx) => {
        const n = await this.handler(kind).purge(tx, cutoff);
        if (n)
          await this.audit.recordOperator(
            tx,
            'retention purge',
            'retention.purge',
            { type: 'retention', id: kind, label: `${kind} older than ${periods[kind]} days` },
            { [kind]: { from: n, to: 0 } },
          );
        return n;
      });
    }
    await this.state.update({ id: STATE_ID }, { lastPurgeAt: this.clock.now() });
    // Old records of every kind may show in kept reads (a list's last page, a month's register): once a day, all go.
    if (Object.values(counts).some((n) => n > 0)) await this.cache.retire(Scope.everything);
    return counts;
  }

  /** Claims today's purge for this instance and queues it; 0 when another instance (or an earlier run) had it. */
  async claimDailyPurge(): Promise<number> {
    const today = await this.calendar.today();
    return this.db.transaction(async (tx) => {
      const claimed = await tx.update(
        RetentionState,
        [
          { id: STATE_ID, lastPurgeOn: IsNull() },
          { id: STATE_ID, lastPurgeOn: LessThan(today) },
        ],
        { lastPurgeOn: today },
      );
      if (!claimed.affected) return 0;
      await this.outbox.enqueue(tx, { kind: JOB_PURGE, payload: { day: today } });
      return 1;
    });
  }

  private handler(kind: RetentionKind): RetentionHandler {
    if (kind === 'auditEntries') return this.audit.retention();
    return this.registry.get(kind)!;
  }

  private cutoff(days: number | null): Date | null {
    return days === null ? null : new Date(this.clock.now().getTime() - days * DAY_MS);
  }

  /** How long this kind is kept now, in days (null: kept); what other modules show their users. */
  async days(kind: RetentionKind): Promise<number | null> {
    return (await this.current())[kind];
  }

  private async current(): Promise<RetentionPeriods> {
    const rows = await this.periods.find();
    const out = { ...RETENTION_DEFAULTS };
    for (const r of rows) if ((RETENTION_KINDS as readonly string[]).includes(r.kind)) out[r.kind] = r.days;
    return out;
  }
}
