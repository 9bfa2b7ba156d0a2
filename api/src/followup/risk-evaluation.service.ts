import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_RISK_SETTINGS,
  isSchoolDay,
  type AttendanceStatus,
  type LastContacts,
  type RiskSettings,
  type RiskSignalKind,
} from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, In, IsNull, LessThan, type EntityManager, type Repository } from 'typeorm';
import { AttendanceService } from '../attendance/attendance.service';
import { CalendarService, type SchoolRules } from '../calendar/calendar.service';
import type { CalendarRules } from '../calendar/school-days';
import { dateOnly, type RawDate } from '../common/raw-row';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { addDays, dayIn } from '../dates/days';
import { DomainEvents } from '../events/domain-events';
import { GrievanceReports } from '../grievances/grievance-reports.service';
import { LeavesService } from '../leaves/leaves.service';
import { NotificationsService } from '../notifications/notifications.service';
import { OutboxService } from '../outbox/outbox.service';
import { UserDirectory, type MenteeCard } from '../users/user-directory.service';
import {
  MentoringEntryRow,
  RiskRunRow,
  RiskSettingsRow,
  RiskSignalRow,
  type SignalAudience,
} from './entities/followup.entity';
import { list, render, text, type Text, type TextParam } from '../i18n/texts';
import { evaluateRisk, grievanceOpen, type MarkedDay } from './risk-rules';

const JOB_EVALUATE = 'followup.evaluate';
/** Students per evaluation statement (and per outbox job of a large register). */
const CHUNK = 500;
/** Students named in a digest notification; the rest are counted. */
const DIGEST_NAMES = 3;

/** The last `count` school days up to `today`, oldest first (looking back at most two years). */
export function lastSchoolDays(today: string, count: number, rules: CalendarRules): string[] {
  const out: string[] = [];
  for (let i = 0, d = today; i < 730 && out.length < count; i++, d = addDays(d, -1))
    if (isSchoolDay(d, rules)) out.unshift(d);
  return out;
}

/** "Asha Rao, Ben Li and 3 others". */
export function digestNames(names: TextParam[], shown = DIGEST_NAMES): TextParam {
  if (names.length <= shown)
    return names.length > 1 ? text('names.two', { first: list(names.slice(0, -1)), last: names.at(-1)! }) : names[0];
  return text('names.more', { names: list(names.slice(0, shown)), count: names.length - shown });
}

/**
 * Early warning: which students need a follow-up. Signals are derived from the records (risk-rules.ts) and stored, one
 * row per student, kind and audience while it holds, so the queues are indexed reads. A student is re-evaluated after
 * every write that changes an input (the 'mentees.changed' event, an outbox job written in the writer's
 * transaction), after a log entry, at start-up (silently: nobody is told of what was already true) and in a periodic
 * sweep for what time alone changes. Each evaluation tells each mentor at most once, naming only the students newly
 * flagged.
 */
@Injectable()
export class RiskEvaluation implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RiskEvaluation');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(RiskSettingsRow) private readonly settingsRows: Repository<RiskSettingsRow>,
    @InjectRepository(RiskSignalRow) private readonly signals: Repository<RiskSignalRow>,
    @InjectRepository(RiskRunRow) private readonly runs: Repository<RiskRunRow>,
    @InjectRepository(MentoringEntryRow) private readonly entries: Repository<MentoringEntryRow>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly calendar: CalendarService,
    private readonly notifications: NotificationsService,
    private readonly outbox: OutboxService,
    private readonly directory: UserDirectory,
    private readonly attendance: AttendanceService,
    private readonly leaves: LeavesService,
    private readonly grievances: GrievanceReports,
    private readonly clock: Clock,
    events: DomainEvents,
  ) {
    events.on('mentees.changed', (tx, e) => this.queue(tx, e.menteeIds));
    // A new mentor starts the "no contact" count afresh; the old one's queue loses the student.
    events.on('mentor.changed', (tx, e) => this.queue(tx, [e.menteeId]));
  }

  onModuleInit(): void {
    this.outbox.register<{ menteeIds: string[] }>(JOB_EVALUATE, (p) => this.evaluate(p.menteeIds));
  }

  /**
   * The start-up run (complete within a minute of start, telling nobody) and the periodic sweep, each claimed so that
   * one instance of several runs it.
   */
  onApplicationBootstrap(): void {
    const every = this.config.riskSweepMs;
    if (every <= 0) return;
    const schedule = (ms: number, run: () => Promise<unknown>) => {
      this.timer = setTimeout(() => {
        void run()
          .catch((e: Error) => this.logger.warn(`risk sweep failed: ${e.message}`))
          .finally(() => schedule(every, () => this.sweepIfDue('sweep', every, true)));
      }, ms);
      this.timer.unref?.();
    };
    // After the start's own work (the demo seed) has settled; silent: nothing new happened.
    schedule(this.config.riskStartupDelayMs, () => this.sweepIfDue('startup', every / 2, false));
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async settings(): Promise<RiskSettings> {
    const row = await this.settingsRows.findOneBy({ id: 1 });
    if (!row) return { ...DEFAULT_RISK_SETTINGS };
    return Object.fromEntries(
      Object.keys(DEFAULT_RISK_SETTINGS).map((k) => [k, row[k as keyof RiskSettings]]),
    ) as unknown as RiskSettings;
  }

  /** Each student's last logged contact (YYYY-MM-DD). */
  async lastContacts(menteeIds: readonly string[]): Promise<LastContacts> {
    const out: LastContacts = {};
    for (let i = 0; i < menteeIds.length; i += CHUNK) {
      const rows = await this.entries
        .createQueryBuilder('e')
        .select('e.menteeId', 'menteeId')
        .addSelect('MAX(e.date)', 'last')
        .where({ menteeId: In(menteeIds.slice(i, i + CHUNK)) })
        .groupBy('e.menteeId')
        .getRawMany<{ menteeId: string; last: RawDate }>();
      for (const r of rows) out[r.menteeId] = dateOnly(r.last);
    }
    return out;
  }

  /** In the writer's transaction: these students are evaluated once it commits (in jobs of CHUNK). */
  async queue(tx: EntityManager, menteeIds: string[]): Promise<void> {
    const ids = [...new Set(menteeIds)];
    for (let i = 0; i < ids.length; i += CHUNK)
      await this.outbox.enqueue(tx, { kind: JOB_EVALUATE, payload: { menteeIds: ids.slice(i, i + CHUNK) } });
  }

  /** In the writer's transaction: every student (new thresholds). */
  async queueEveryone(tx: EntityManager): Promise<void> {
    const ids: string[] = [];
    for (let page = await this.directory.menteeIdsAfter('', CHUNK); page.length;) {
      ids.push(...page);
      page = await this.directory.menteeIdsAfter(page[page.length - 1], CHUNK);
    }
    await this.queue(tx, ids);
  }

  /**
   * Claims the run `name` unless another instance ran it within `within` ms (one conditional write), then evaluates
   * every student. Answers whether this instance ran it.
   */
  async sweepIfDue(name: string, within: number, tell: boolean): Promise<boolean> {
    const now = this.clock.now();
    await this.runs
      .createQueryBuilder()
      .insert()
      .values({ name, claimedAt: new Date(0) })
      .orIgnore()
      .execute();
    const claimed = await this.runs.update(
      { name, claimedAt: LessThan(new Date(now.getTime() - within)) },
      { claimedAt: now },
    );
    if (!claimed.affected) return false;
    await this.sweep(tell);
    return true;
  }

  /** Every student, a chunk at a time. */
  async sweep(tell = true): Promise<void> {
    for (let page = await this.directory.menteeIdsAfter('', CHUNK); page.length;) {
      await this.evaluate(page, tell);
      page = await this.directory.menteeIdsAfter(page[page.length - 1], CHUNK);
    }
  }

  /** Re-evaluates these students: opens the signals that now hold, closes those that no longer do, tells once. */
  async evaluate(menteeIds: string[], tell = true): Promise<void> {
    for (let i = 0; i < menteeIds.length; i += CHUNK) await this.evaluateChunk(menteeIds.slice(i, i + CHUNK), tell);
  }

  private async evaluateChunk(menteeIds: string[], tell: boolean): Promise<void> {
    if (!menteeIds.length) return;
    const [settings, rules] = await Promise.all([this.settings(), this.calendar.rules()]);
    const now = this.clock.now();
    const today = this.calendar.todayIn(rules.timezone);
    const dates = lastSchoolDays(today, 2 * settings.attendanceWindowSchoolDays, rules);
    const leaveSince = new Date(now.getTime() - settings.leaveWindowDays * 86_400_000);
    const [cards, marks, leaves, grievances, contacts, open] = await Promise.all([
      this.directory.cards(menteeIds),
      dates.length ? this.attendance.marksSince(menteeIds, dates[0]) : Promise.resolve([]),
      this.leaves.filedSince(menteeIds, leaveSince),
      this.grievances.openForSignals(menteeIds),
      this.lastContacts(menteeIds),
      this.signals.find({ where: { menteeId: In(menteeIds), closedAt: IsNull() } }),
    ]);
    const marksOf = new Map<string, Map<string, AttendanceStatus>>();
    for (const r of marks) {
      let byDate = marksOf.get(r.menteeId);
      if (!byDate) marksOf.set(r.menteeId, (byDate = new Map()));
      byDate.set(r.date, r.status);
    }
    const group = <T extends { menteeId: string }>(rows: T[]) => {
      const out = new Map<string, T[]>();
      for (const r of rows) out.set(r.menteeId, [...(out.get(r.menteeId) ?? []), r]);
      return out;
    };
    const leavesOf = group(leaves);
    const grievancesOf = group(grievances);
    const openOf = group(open);

    const toOpen: RiskSignalRow[] = [];
    const toClose: string[] = [];
    const toUpdate: { id: string; evidence: string; evidenceText: Text }[] = [];
    for (const id of menteeIds) {
      const found = this.findSignals(cards.get(id), {
        settings,
        rules,
        now,
        today,
        days: dates.map<MarkedDay>((date) => ({ date, status: marksOf.get(id)?.get(date) })),
        leaveFiledAt: (leavesOf.get(id) ?? []).map((l) => l.createdAt),
        grievances: grievancesOf.get(id) ?? [],
        lastContactDate: contacts[id] ?? null,
      });
      const existing = openOf.get(id) ?? [];
      for (const row of existing) {
        const evidenceText = found.get(`${row.kind}:${row.audience ?? 'mentor'}`);
        const evidence = render(evidenceText).slice(0, 500);
        if (!evidenceText) toClose.push(row.id);
        // A signal opened before messages were kept gets its message at the next evaluation.
        else if (evidence !== row.evidence || !row.evidenceText) toUpdate.push({ id: row.id, evidence, evidenceText });
      }
      for (const [key, evidenceText] of found) {
        const [kind, audience] = key.split(':') as [RiskSignalKind, SignalAudience];
        if (!existing.some((r) => r.kind === kind && (r.audience ?? 'mentor') === audience))
          toOpen.push(
            this.signals.create({
              id: randomUUID(),
              menteeId: id,
              kind,
              audience,
              openKey: audience === 'mentor' ? `${id}:${kind}` : `${id}:${kind}:admins`,
              evidence: render(evidenceText).slice(0, 500),
              evidenceText,
              openedAt: now,
              handledAt: null,
              closedAt: null,
            }),
          );
      }
    }
    if (!toOpen.length && !toClose.length && !toUpdate.length) return;

    await this.db.transaction(async (tx) => {
      const repo = tx.withRepository(this.signals);
      if (toClose.length) await repo.update({ id: In(toClose), closedAt: IsNull() }, { closedAt: now, openKey: null });
      for (const u of toUpdate) await repo.update({ id: u.id }, { evidence: u.evidence, evidenceText: u.evidenceText });
      if (!toOpen.length) return;
      // Another instance's evaluation may have opened the same signal meanwhile: its row stands, this one is skipped.
      await repo.createQueryBuilder().insert().values(toOpen).orIgnore().updateEntity(false).execute();
      const kept = new Set(
        (await repo.find({ select: { id: true }, where: { id: In(toOpen.map((r) => r.id)) } })).map((r) => r.id),
      );
      const fresh = toOpen.filter((r) => kept.has(r.id));
      if (tell) await this.tellDigests(tx, fresh, cards);
      await this.announce(tx, fresh, cards);
    });
  }

  /** Every rule on one student: "kind:audience" → evidence, for the signals that hold. */
  private findSignals(
    card: MenteeCard | undefined,
    input: {
      settings: RiskSettings;
      rules: SchoolRules;
      now: Date;
      today: string;
      days: MarkedDay[];
      leaveFiledAt: Date[];
      grievances: { filedAt: Date; audience: 'mentor' | 'admins' | 'none' }[];
      lastContactDate: string | null;
    },
  ): Map<string, Text> {
    const out = new Map<string, Text>();
    if (!card?.isActive) return out;
    // "No contact" counts from the later of the mentor's assignment and the start of term; no mentor, nobody to contact.
    const assigned = dayIn(new Date(card.mentorAssignedAt ?? card.createdAt), input.rules.timezone);
    const term = input.rules.termStart ?? '';
    const found = evaluateRisk(
      {
        days: input.days,
        leaveFiledAt: input.leaveFiledAt,
        openGrievancesFiledAt: input.grievances.filter((g) => g.audience === 'mentor').map((g) => g.filedAt),
        lastContactDate: input.lastContactDate,
        knownSince: term > assigned ? term : assigned,
        now: input.now,
        today: input.today,
      },
      input.settings,
    );
    if (!card.mentorId) delete found.noContact;
    for (const [kind, evidence] of Object.entries(found)) out.set(`${kind}:mentor`, evidence);
    // A confidential grievance waiting is the admins' to follow up, never the mentor's (it may be about them).
    const confidential = grievanceOpen(
      input.grievances.filter((g) => g.audience === 'admins').map((g) => g.filedAt),
      input.now,
      input.settings.grievanceOpenDays,
    );
    if (confidential) out.set('grievanceOpen:admins', text('risk.confidential', { evidence: confidential }));
    return out;
  }

  /**
   * One notification per mentor (and one to the admins) for this evaluation, naming the students newly flagged: never
   * one per student.
   */
  private async tellDigests(tx: EntityManager, fresh: RiskSignalRow[], cards: Map<string, MenteeCard>): Promise<void> {
    const byRecipient = new Map<string, RiskSignalRow[]>();
    for (const r of fresh) {
      const to = r.audience === 'admins' ? 'admins' : cards.get(r.menteeId)?.mentorId;
      if (to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), r]);
    }
    for (const [to, rows] of byRecipient) {
      const students = [...new Set(rows.map((r) => r.menteeId))];
      const known = students.map((id) => cards.get(id)?.fullName).filter((n): n is string => !!n);
      const names: TextParam[] = [
        ...known.sort(),
        ...Array<Text>(students.length - known.length).fill(text('names.aStudent')),
      ];
      const kinds = list([...new Set(rows.map((r) => r.kind))].map((k) => text(`risk.kind.${k}`)));
      const input = {
        kind: 'risk.signal' as const,
        title:
          students.length === 1
            ? text('notification.risk.oneTitle', { name: names[0], kinds })
            : text('notification.risk.manyTitle', { count: students.length, names: digestNames(names) }),
        body:
          students.length === 1
            ? text('notification.risk.oneBody', {
                evidence: list(
                  rows.map((r) => r.evidenceText ?? r.evidence),
                  'sentences',
                ),
              })
            : text('notification.risk.manyBody', { kinds }),
        link: to === 'admins' ? '/admin/follow-up' : '/dashboard',
      };
      if (to === 'admins') await this.notifications.notifyAdmins(tx, input);
      else await this.notifications.notify(tx, [to], input);
    }
  }

  /** The queues on screen refetch: the mentor's for their students' signals, the admins' for theirs. */
  private async announce(tx: EntityManager, fresh: RiskSignalRow[], cards: Map<string, MenteeCard>): Promise<void> {
    for (const menteeId of new Set(fresh.map((r) => r.menteeId))) {
      const forMentor = fresh.some((r) => r.menteeId === menteeId && r.audience !== 'admins');
      const mentorId = cards.get(menteeId)?.mentorId;
      await this.notifications.recordChanged(
        tx,
        { type: 'followup', id: menteeId },
        { users: forMentor && mentorId ? [mentorId] : [], roles: ['admin'] },
      );
    }
  }
}
