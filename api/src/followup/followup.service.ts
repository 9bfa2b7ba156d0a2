import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_RISK_SETTINGS,
  RISK_SIGNAL_KINDS,
  RISK_SIGNAL_LABELS,
  isSchoolDay,
  type ActionItem,
  type AttendanceStatus,
  type FollowUpOutcome,
  type FollowUpOverview,
  type FollowUpQueueEntry,
  type LastContacts,
  type MenteeFollowUp,
  type MentoringEntry,
  type MyFollowUp,
  type RiskSettings,
  type RiskSignal,
  type RiskSignalEvent,
  type RiskSignalKind,
  type SignalDismissal,
} from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, In, IsNull, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { AttendanceRecord } from '../attendance/entities/attendance-record.entity';
import { AuditService, diff } from '../audit/audit.service';
import { DomainEvents } from '../events/domain-events';
import { CalendarService } from '../calendar/calendar.service';
import type { CalendarRules } from '../calendar/school-days';
import type { AuthUser } from '../common/auth-user';
import { toCsv } from '../common/csv';
import { dateOnly, isoDateTime, type RawDate } from '../common/raw-row';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Grievance } from '../grievances/entities/grievance.entity';
import { LeaveRequest } from '../leaves/entities/leave-request.entity';
import { NotificationsService } from '../notifications/notifications.service';
import { OutboxService } from '../outbox/outbox.service';
import { RealtimeGateway, userRoom } from '../realtime/realtime.gateway';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { User } from '../users/entities/user.entity';
import type { CreateMentoringEntryDto, UpdateRiskSettingsDto } from './dto/followup.dto';
import {
  ActionItemRow,
  MentoringEntryRow,
  RiskDismissalRow,
  RiskSettingsRow,
  RiskSignalRow,
} from './entities/followup.entity';
import { FollowupException } from './followup.exception';
import { evaluateRisk, windowPercentage, type MarkedDay } from './risk-rules';

const JOB_EVALUATE = 'followup.evaluate';
/** Students per evaluation statement (and per outbox job of a large register). */
const CHUNK = 500;
/** Time-based signals (a grievance's age, days without contact, the moving window) are re-checked this often. */
const SWEEP_MS = 6 * 60 * 60_000;
const KIND_RANK = new Map(RISK_SIGNAL_KINDS.map((k, i) => [k, i]));

interface SignalRaw {
  id: string;
  menteeId: string;
  kind: RiskSignalKind;
  evidence: string;
  openedAt: RawDate;
  handledAt: RawDate | null;
}
const toSignal = (r: SignalRaw | RiskSignalRow): RiskSignal => ({
  _id: r.id,
  kind: r.kind,
  evidence: r.evidence,
  openedAt: isoDateTime(r.openedAt)!,
  handledAt: isoDateTime(r.handledAt),
});

/** The last `count` school days up to `today`, oldest first (looking back at most two years). */
export function lastSchoolDays(today: string, count: number, rules: CalendarRules): string[] {
  const out: string[] = [];
  let t = Date.parse(`${today}T00:00:00Z`);
  for (let i = 0; i < 730 && out.length < count; i++, t -= 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (isSchoolDay(d, rules)) out.unshift(d);
  }
  return out;
}
/** The first `count` school days from `from` (inclusive) up to `today`. */
function schoolDaysFrom(from: string, today: string, count: number, rules: CalendarRules): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); out.length < count; t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (d > today) break;
    if (isSchoolDay(d, rules)) out.push(d);
  }
  return out;
}
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Early warning and follow-up. Risk signals are derived from the records (risk-rules.ts) and stored, one row per
 * student and kind while it holds, so the mentor's queue is an indexed read. Students are re-evaluated after every write
 * that changes an input (an outbox job written in the writer's transaction), after a log entry, and in a periodic sweep
 * for the signals time alone changes.
 */
@Injectable()
export class FollowupService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Followup');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly calendar: CalendarService,
    private readonly notifications: NotificationsService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly gateway: RealtimeGateway,
    events: DomainEvents,
  ) {
    events.on('mentees.changed', (tx, e) => this.queueEvaluation(tx, e.menteeIds));
  }

  onModuleInit(): void {
    this.outbox.register<{ menteeIds: string[] }>(JOB_EVALUATE, (p) => this.evaluate(p.menteeIds));
    this.cleanup.register(CLEANUP_ORDER.grievances + 5, async (user, tx) => {
      if (user.role === 'mentee') {
        const entries = await tx.find(MentoringEntryRow, { select: { id: true }, where: { menteeId: user.id } });
        if (entries.length) await tx.delete(ActionItemRow, { entryId: In(entries.map((e) => e.id)) });
        await tx.delete(MentoringEntryRow, { menteeId: user.id });
        await tx.delete(RiskSignalRow, { menteeId: user.id });
        await tx.delete(RiskDismissalRow, { menteeId: user.id });
      }
      // What a deleted mentor logged stays with the student, without the name.
      await tx.update(MentoringEntryRow, { authorId: user.id }, { authorId: null });
      await tx.update(RiskDismissalRow, { byId: user.id }, { byId: null });
      return {};
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.outboxPollMs <= 0) return;
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.sweep()
          .catch((e: Error) => this.logger.warn(`risk sweep failed: ${e.message}`))
          .finally(tick);
      }, SWEEP_MS);
      this.timer.unref?.();
    };
    tick();
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** In the writer's transaction: these students are evaluated once it commits (in jobs of CHUNK). */
  async queueEvaluation(tx: EntityManager, menteeIds: string[]): Promise<void> {
    const ids = [...new Set(menteeIds)];
    for (let i = 0; i < ids.length; i += CHUNK)
      await this.outbox.enqueue(tx, { kind: JOB_EVALUATE, payload: { menteeIds: ids.slice(i, i + CHUNK) } });
  }

  /** Every active student, a chunk at a time. */
  async sweep(): Promise<void> {
    let after = '';
    for (;;) {
      const rows = await this.db
        .getRepository(MenteeProfile)
        .createQueryBuilder('p')
        .select('p.id', 'id')
        .where('p.id > :after', { after })
        .orderBy('p.id', 'ASC')
        .limit(CHUNK)
        .getRawMany<{ id: string }>();
      if (!rows.length) return;
      await this.evaluate(rows.map((r) => r.id));
      after = rows[rows.length - 1].id;
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Settings

  async settings(): Promise<RiskSettings> {
    const row = await this.db.getRepository(RiskSettingsRow).findOneBy({ id: 1 });
    if (!row) return { ...DEFAULT_RISK_SETTINGS };
    return Object.fromEntries(
      Object.keys(DEFAULT_RISK_SETTINGS).map((k) => [k, row[k as keyof RiskSettings]]),
    ) as unknown as RiskSettings;
  }

  /** New thresholds apply to every student: all are re-evaluated after the change commits. */
  async updateSettings(me: AuthUser, dto: UpdateRiskSettingsDto): Promise<RiskSettings> {
    const changes = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as Partial<RiskSettings>;
    if (!Object.keys(changes).length) throw FollowupException.nothingToUpdate();
    await this.db.transaction(async (tx) => {
      const before = await this.settings();
      const after = { ...before, ...changes };
      await tx.save(tx.create(RiskSettingsRow, { id: 1, ...after }));
      await this.audit.record(
        tx,
        me,
        'followup.settings.update',
        { type: 'settings', id: null, label: 'Risk signal thresholds' },
        diff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
      );
      const ids = await tx.find(MenteeProfile, { select: { id: true } });
      await this.queueEvaluation(
        tx,
        ids.map((p) => p.id),
      );
    });
    return this.settings();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Evaluation

  /** Re-evaluates these students: opens the signals that now hold, closes those that no longer do, tells mentors. */
  async evaluate(menteeIds: string[]): Promise<void> {
    for (let i = 0; i < menteeIds.length; i += CHUNK) await this.evaluateChunk(menteeIds.slice(i, i + CHUNK));
  }

  private async evaluateChunk(menteeIds: string[]): Promise<void> {
    if (!menteeIds.length) return;
    const [settings, rules] = await Promise.all([this.settings(), this.calendar.rules()]);
    const now = this.calendar.clock.now();
    const today = this.calendar.todayIn(rules.timezone);
    const dates = lastSchoolDays(today, 2 * settings.attendanceWindowSchoolDays, rules);
    const leaveSince = new Date(now.getTime() - settings.leaveWindowDays * 86_400_000);
    const m = this.db.manager;
    const [profiles, records, leaves, grievances, contacts, open] = await Promise.all([
      m
        .createQueryBuilder(MenteeProfile, 'p')
        .innerJoin('p.user', 'u')
        .select(['p.id AS id', 'p.mentorId AS mentorId', 'u.fullName AS fullName', 'u.createdAt AS createdAt'])
        .addSelect('u.isActive', 'isActive')
        .where({ id: In(menteeIds) })
        .getRawMany<{ id: string; mentorId: string | null; fullName: string; createdAt: RawDate; isActive: unknown }>(),
      dates.length
        ? m.find(AttendanceRecord, {
            select: { menteeId: true, date: true, status: true },
            where: { menteeId: In(menteeIds), date: MoreThanOrEqual(dates[0]) },
          })
        : Promise.resolve([]),
      m.find(LeaveRequest, {
        select: { menteeId: true, createdAt: true },
        where: { menteeId: In(menteeIds), createdAt: MoreThanOrEqual(leaveSince) },
      }),
      m.find(Grievance, {
        select: { menteeId: true, createdAt: true },
        where: { menteeId: In(menteeIds), status: In(['pending', 'in-progress']) },
      }),
      this.lastContacts(menteeIds),
      m.find(RiskSignalRow, { where: { menteeId: In(menteeIds), closedAt: IsNull() } }),
    ]);
    const marks = new Map<string, Map<string, AttendanceStatus>>();
    for (const r of records) {
      let byDate = marks.get(r.menteeId);
      if (!byDate) marks.set(r.menteeId, (byDate = new Map()));
      byDate.set(dateOnly(r.date), r.status);
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
    const toUpdate: { id: string; evidence: string }[] = [];
    const byId = new Map(profiles.map((p) => [p.id, p]));
    for (const id of menteeIds) {
      const p = byId.get(id);
      const active = p && (p.isActive === true || Number(p.isActive) === 1);
      const found = active
        ? evaluateRisk(
            {
              days: dates.map<MarkedDay>((date) => ({ date, status: marks.get(id)?.get(date) })),
              leaveFiledAt: (leavesOf.get(id) ?? []).map((l) => l.createdAt),
              openGrievancesFiledAt: (grievancesOf.get(id) ?? []).map((g) => g.createdAt),
              lastContactDate: contacts[id] ?? null,
              knownSince: new Date(isoDateTime(p.createdAt)!),
              now,
              today,
            },
            settings,
          )
        : {};
      const existing = openOf.get(id) ?? [];
      for (const row of existing) {
        const evidence = found[row.kind];
        if (!evidence) toClose.push(row.id);
        else if (evidence !== row.evidence) toUpdate.push({ id: row.id, evidence });
      }
      for (const [kind, evidence] of Object.entries(found) as [RiskSignalKind, string][])
        if (!existing.some((r) => r.kind === kind))
          toOpen.push(
            m.create(RiskSignalRow, {
              id: randomUUID(),
              menteeId: id,
              kind,
              openKey: `${id}:${kind}`,
              evidence: evidence.slice(0, 500),
              openedAt: now,
              handledAt: null,
              closedAt: null,
            }),
          );
    }
    if (!toOpen.length && !toClose.length && !toUpdate.length) return;

    const opened = await this.db.transaction(async (tx) => {
      if (toClose.length)
        await tx.update(RiskSignalRow, { id: In(toClose), closedAt: IsNull() }, { closedAt: now, openKey: null });
      for (const u of toUpdate) await tx.update(RiskSignalRow, { id: u.id }, { evidence: u.evidence });
      if (!toOpen.length) return [];
      // Another instance's evaluation may have opened the same signal meanwhile: its row stands, this one is skipped.
      await tx
        .createQueryBuilder()
        .insert()
        .into(RiskSignalRow)
        .values(toOpen)
        .orIgnore()
        .updateEntity(false)
        .execute();
      const kept = new Set(
        (await tx.find(RiskSignalRow, { select: { id: true }, where: { id: In(toOpen.map((r) => r.id)) } })).map(
          (r) => r.id,
        ),
      );
      const fresh = toOpen.filter((r) => kept.has(r.id));
      // One notification per student, naming every signal that opened for them now.
      const perMentee = new Map<string, RiskSignalRow[]>();
      for (const r of fresh) perMentee.set(r.menteeId, [...(perMentee.get(r.menteeId) ?? []), r]);
      for (const [menteeId, rows] of perMentee) {
        const p = byId.get(menteeId)!;
        await this.notifications.notify(tx, [p.mentorId], {
          kind: 'risk.signal',
          title:
            `${p.fullName} needs a follow-up: ${rows.map((r) => RISK_SIGNAL_LABELS[r.kind].toLowerCase()).join(', ')}`.slice(
              0,
              200,
            ),
          body: rows.map((r) => r.evidence).join('. '),
          link: '/dashboard',
        });
      }
      return fresh;
    });
    for (const r of opened) {
      const p = byId.get(r.menteeId)!;
      if (!p.mentorId) continue;
      const event: RiskSignalEvent = { menteeId: r.menteeId, fullName: p.fullName, signal: toSignal(r) };
      this.gateway.server?.to(userRoom(p.mentorId)).emit('riskSignal', event);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reading

  /** Each student's last logged contact (YYYY-MM-DD). */
  private async lastContacts(menteeIds: string[]): Promise<LastContacts> {
    if (!menteeIds.length) return {};
    const rows = await this.db
      .getRepository(MentoringEntryRow)
      .createQueryBuilder('e')
      .select('e.menteeId', 'menteeId')
      .addSelect('MAX(e.date)', 'last')
      .where({ menteeId: In(menteeIds) })
      .groupBy('e.menteeId')
      .getRawMany<{ menteeId: string; last: RawDate }>();
    return Object.fromEntries(rows.map((r) => [r.menteeId, dateOnly(r.last)]));
  }

  /** The mentor's waiting students: a join of their mentees' open, unanswered signals on indexes. */
  async queue(me: AuthUser): Promise<FollowUpQueueEntry[]> {
    const rows = await this.db
      .getRepository(RiskSignalRow)
      .createQueryBuilder('s')
      .innerJoin(MenteeProfile, 'p', 'p.id = s.menteeId')
      .innerJoin(User, 'u', 'u.id = p.id')
      .select([
        's.id AS id',
        's.menteeId AS menteeId',
        's.kind AS kind',
        's.evidence AS evidence',
        's.openedAt AS openedAt',
        's.handledAt AS handledAt',
        'u.fullName AS fullName',
        'p.studentId AS studentId',
        'p.className AS className',
        'p.section AS section',
      ])
      .where('p.mentorId = :me', { me: me.id })
      .andWhere('s.closedAt IS NULL AND s.handledAt IS NULL')
      .getRawMany<SignalRaw & { fullName: string; studentId: string; className: string; section: string }>();
    const contacts = await this.lastContacts([...new Set(rows.map((r) => r.menteeId))]);
    const entries = new Map<string, FollowUpQueueEntry>();
    for (const r of rows) {
      let e = entries.get(r.menteeId);
      if (!e)
        entries.set(
          r.menteeId,
          (e = {
            menteeId: r.menteeId,
            fullName: r.fullName,
            studentId: r.studentId,
            class: r.className,
            section: r.section,
            signals: [],
            waitingSince: isoDateTime(r.openedAt)!,
            lastContactDate: contacts[r.menteeId] ?? null,
          }),
        );
      const s = toSignal(r);
      e.signals.push(s);
      if (s.openedAt < e.waitingSince) e.waitingSince = s.openedAt;
    }
    const rank = (e: FollowUpQueueEntry) => Math.min(...e.signals.map((s) => KIND_RANK.get(s.kind)!));
    for (const e of entries.values()) e.signals.sort((a, b) => KIND_RANK.get(a.kind)! - KIND_RANK.get(b.kind)!);
    // Most urgent first: the gravest signal, then how many, then the longest wait.
    return [...entries.values()].sort(
      (a, b) =>
        rank(a) - rank(b) ||
        b.signals.length - a.signals.length ||
        a.waitingSince.localeCompare(b.waitingSince) ||
        a.fullName.localeCompare(b.fullName),
    );
  }

  /** The mentor's mentees' last contacts (every mentee, null when none is logged). */
  async myContacts(me: AuthUser): Promise<LastContacts> {
    const mentees = await this.db
      .getRepository(MenteeProfile)
      .find({ select: { id: true }, where: { mentorId: me.id } });
    const ids = mentees.map((p) => p.id);
    const last = await this.lastContacts(ids);
    return Object.fromEntries(ids.map((id) => [id, last[id] ?? null]));
  }

  /** Only the student's own mentor (and admins) see or act on their follow-up; anyone else is refused. */
  private async assertMentorOf(me: AuthUser, menteeId: string): Promise<MenteeProfile> {
    const p = await this.db.getRepository(MenteeProfile).findOneBy({ id: menteeId });
    if (!p) throw FollowupException.menteeNotFound();
    if (me.role !== 'admin' && p.mentorId !== me.id) throw FollowupException.notYourMentee();
    return p;
  }

  async forMentee(me: AuthUser, menteeId: string): Promise<MenteeFollowUp> {
    await this.assertMentorOf(me, menteeId);
    const [signals, log, dismissals, contacts] = await Promise.all([
      this.db.getRepository(RiskSignalRow).find({
        where: { menteeId, closedAt: IsNull() },
        order: { openedAt: 'ASC' },
      }),
      // A private note is its author's (and the admins'): a later mentor of the student does not read it.
      this.entries({ menteeId, privateOf: me.role === 'mentor' ? me.id : undefined }),
      this.db
        .getRepository(RiskDismissalRow)
        .createQueryBuilder('d')
        .leftJoin(User, 'u', 'u.id = d.byId')
        .select(['d.id AS id', 'd.reason AS reason', 'd.kinds AS kinds', 'd.createdAt AS createdAt', 'd.byId AS byId'])
        .addSelect('u.fullName', 'byName')
        .where('d.menteeId = :menteeId', { menteeId })
        .orderBy('d.createdAt', 'DESC')
        .getRawMany<{
          id: string;
          reason: string;
          kinds: string;
          createdAt: RawDate;
          byId: string | null;
          byName: string | null;
        }>(),
      this.lastContacts([menteeId]),
    ]);
    return {
      menteeId,
      signals: signals.sort((a, b) => KIND_RANK.get(a.kind)! - KIND_RANK.get(b.kind)!).map(toSignal),
      log,
      dismissals: dismissals.map<SignalDismissal>((d) => ({
        _id: d.id,
        reason: d.reason,
        kinds: (d.kinds ? d.kinds.split(',') : []) as RiskSignalKind[],
        by: d.byId && d.byName ? { _id: d.byId, fullName: d.byName } : null,
        createdAt: isoDateTime(d.createdAt)!,
      })),
      outcomes: await this.outcomes(log.map((e) => ({ ...e, entryId: e._id }))),
      lastContactDate: contacts[menteeId] ?? null,
    };
  }

  /** The student's meetings and action items: never a private entry. */
  async mine(me: AuthUser): Promise<MyFollowUp> {
    return { meetings: await this.entries({ menteeId: me.id, isPrivate: false }) };
  }

  /** Log entries with their action items and authors, newest first. */
  private async entries(where: {
    menteeId?: string;
    isPrivate?: boolean;
    /** Private entries only of this author. */
    privateOf?: string;
  }): Promise<MentoringEntry[]> {
    const qb = this.db
      .getRepository(MentoringEntryRow)
      .createQueryBuilder('e')
      .leftJoin(User, 'u', 'u.id = e.authorId')
      .select([
        'e.id AS id',
        'e.menteeId AS menteeId',
        'e.date AS date',
        'e.mode AS mode',
        'e.summary AS summary',
        'e.isPrivate AS isPrivate',
        'e.authorId AS authorId',
        'e.createdAt AS createdAt',
      ])
      .addSelect('u.fullName', 'authorName')
      .orderBy('e.date', 'DESC')
      .addOrderBy('e.createdAt', 'DESC');
    if (where.menteeId) qb.andWhere('e.menteeId = :menteeId', { menteeId: where.menteeId });
    if (where.isPrivate === false) qb.andWhere('e.isPrivate = :no', { no: false });
    if (where.privateOf)
      qb.andWhere('(e.isPrivate = :no OR e.authorId = :author)', { no: false, author: where.privateOf });
    const rows = await qb.getRawMany<{
      id: string;
      menteeId: string;
      date: RawDate;
      mode: MentoringEntry['mode'];
      summary: string;
      isPrivate: unknown;
      authorId: string | null;
      authorName: string | null;
      createdAt: RawDate;
    }>();
    const items = rows.length
      ? await this.db.getRepository(ActionItemRow).find({
          where: { entryId: In(rows.map((r) => r.id)) },
          order: { position: 'ASC' },
        })
      : [];
    const itemsOf = new Map<string, ActionItem[]>();
    for (const i of items)
      itemsOf.set(i.entryId, [
        ...(itemsOf.get(i.entryId) ?? []),
        { _id: i.id, text: i.text, dueDate: i.dueDate, done: i.done },
      ]);
    return rows.map((r) => ({
      _id: r.id,
      menteeId: r.menteeId,
      date: dateOnly(r.date),
      mode: r.mode,
      summary: r.summary,
      private: r.isPrivate === true || Number(r.isPrivate) === 1,
      actionItems: itemsOf.get(r.id) ?? [],
      author: r.authorId && r.authorName ? { _id: r.authorId, fullName: r.authorName } : null,
      createdAt: isoDateTime(r.createdAt)!,
    }));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Writing

  /** A meeting or contact, by the student's own mentor: it answers every waiting signal of the student. */
  async log(me: AuthUser, menteeId: string, dto: CreateMentoringEntryDto): Promise<MentoringEntry> {
    await this.assertMentorOf(me, menteeId);
    if (dto.date > (await this.calendar.today())) throw FollowupException.dateInFuture();
    const now = this.calendar.clock.now();
    const entry = this.db.manager.create(MentoringEntryRow, {
      id: randomUUID(),
      menteeId,
      authorId: me.id,
      date: dto.date,
      mode: dto.mode,
      summary: dto.summary,
      isPrivate: dto.private ?? false,
      createdAt: now,
    });
    await this.db.transaction(async (tx) => {
      await tx.insert(MentoringEntryRow, entry);
      const items = (dto.actionItems ?? []).map((a, position) =>
        tx.create(ActionItemRow, {
          id: randomUUID(),
          entryId: entry.id,
          position,
          text: a.text,
          dueDate: a.dueDate ?? null,
          done: false,
        }),
      );
      if (items.length) await tx.insert(ActionItemRow, items);
      await this.handle(tx, menteeId, now);
    });
    // No contact may have ended; the rest is unchanged by a log entry, but it is one student.
    await this.evaluate([menteeId]);
    return (await this.entries({ menteeId })).find((e) => e._id === entry.id)!;
  }

  /** The student's mentor's "no follow-up needed" with the reason (kept); the student leaves the queue until a new signal. */
  async dismiss(me: AuthUser, menteeId: string, reason: string): Promise<MenteeFollowUp> {
    await this.assertMentorOf(me, menteeId);
    if (me.role !== 'mentor') throw FollowupException.notYourMentee();
    const now = this.calendar.clock.now();
    await this.db.transaction(async (tx) => {
      const waiting = await tx.find(RiskSignalRow, {
        where: { menteeId, closedAt: IsNull(), handledAt: IsNull() },
      });
      if (!waiting.length) throw FollowupException.nothingWaiting();
      await tx.insert(
        RiskDismissalRow,
        tx.create(RiskDismissalRow, {
          id: randomUUID(),
          menteeId,
          byId: me.id,
          reason,
          kinds: [...new Set(waiting.map((s) => s.kind))],
          createdAt: now,
        }),
      );
      await this.handle(tx, menteeId, now);
    });
    return this.forMentee(me, menteeId);
  }

  private async handle(tx: EntityManager, menteeId: string, now: Date): Promise<void> {
    await tx.update(RiskSignalRow, { menteeId, closedAt: IsNull(), handledAt: IsNull() }, { handledAt: now });
  }

  /** Done or not: the student's mentor, or the student on an entry they can see (not a private one). */
  async setActionItem(me: AuthUser, itemId: string, done: boolean): Promise<ActionItem> {
    const item = await this.db.getRepository(ActionItemRow).findOneBy({ id: itemId });
    const entry = item && (await this.db.getRepository(MentoringEntryRow).findOneBy({ id: item.entryId }));
    if (!item || !entry) throw FollowupException.entryNotFound();
    if (me.role === 'mentee') {
      if (entry.menteeId !== me.id || entry.isPrivate) throw FollowupException.entryNotFound();
    } else {
      await this.assertMentorOf(me, entry.menteeId);
      if (entry.isPrivate && entry.authorId !== me.id) throw FollowupException.entryNotFound();
    }
    await this.db.getRepository(ActionItemRow).update({ id: itemId }, { done });
    return { _id: item.id, text: item.text, dueDate: item.dueDate, done };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Outcomes and the admin's view

  /** Attendance over the school days before and after each follow-up (the window of the settings, each side). */
  private async outcomes(
    entries: {
      entryId: string;
      menteeId: string;
      date: string;
      mode: MentoringEntry['mode'];
      fullName?: string;
      studentId?: string;
      mentorId?: string | null;
      mentorName?: string | null;
    }[],
  ): Promise<FollowUpOutcome[]> {
    if (!entries.length) return [];
    const [settings, rules] = await Promise.all([this.settings(), this.calendar.rules()]);
    const today = this.calendar.todayIn(rules.timezone);
    const w = settings.attendanceWindowSchoolDays;
    const windows = entries.map((e) => ({
      before: lastSchoolDays(dayBefore(e.date), w, rules),
      after: schoolDaysFrom(dayAfter(e.date), today, w, rules),
    }));
    const from = windows.reduce((min, x) => (x.before[0] && x.before[0] < min ? x.before[0] : min), today);
    const marks = new Map<string, AttendanceStatus>();
    const ids = [...new Set(entries.map((e) => e.menteeId))];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.db.getRepository(AttendanceRecord).find({
        select: { menteeId: true, date: true, status: true },
        where: { menteeId: In(ids.slice(i, i + CHUNK)), date: MoreThanOrEqual(from) },
      });
      for (const r of rows) marks.set(`${r.menteeId}|${dateOnly(r.date)}`, r.status);
    }
    const side = (menteeId: string, days: string[]) => {
      const { percentage, marked } = windowPercentage(
        days.map((date) => ({ date, status: marks.get(`${menteeId}|${date}`) })),
      );
      return { percentage, markedDays: marked, schoolDays: days.length };
    };
    return entries.map((e, i) => ({
      entryId: e.entryId,
      menteeId: e.menteeId,
      fullName: e.fullName ?? '',
      studentId: e.studentId ?? '',
      mentorId: e.mentorId ?? null,
      mentorName: e.mentorName ?? null,
      date: e.date,
      mode: e.mode,
      before: side(e.menteeId, windows[i].before),
      after: side(e.menteeId, windows[i].after),
    }));
  }

  /** Every follow-up (of one mentor, when asked), newest first, with the student's attendance before and after. */
  async allOutcomes(mentorId?: string): Promise<FollowUpOutcome[]> {
    const qb = this.db
      .getRepository(MentoringEntryRow)
      .createQueryBuilder('e')
      .innerJoin(MenteeProfile, 'p', 'p.id = e.menteeId')
      .innerJoin(User, 'mu', 'mu.id = p.id')
      .leftJoin(User, 'au', 'au.id = e.authorId')
      .select([
        'e.id AS entryId',
        'e.menteeId AS menteeId',
        'e.date AS date',
        'e.mode AS mode',
        'mu.fullName AS fullName',
        'p.studentId AS studentId',
        'e.authorId AS mentorId',
      ])
      .addSelect('au.fullName', 'mentorName')
      .orderBy('e.date', 'DESC')
      .addOrderBy('e.createdAt', 'DESC');
    if (mentorId) qb.where('e.authorId = :mentorId', { mentorId });
    const rows = await qb.getRawMany<{
      entryId: string;
      menteeId: string;
      date: RawDate;
      mode: MentoringEntry['mode'];
      fullName: string;
      studentId: string;
      mentorId: string | null;
      mentorName: string | null;
    }>();
    return this.outcomes(rows.map((r) => ({ ...r, date: dateOnly(r.date) })));
  }

  async outcomesCsv(mentorId?: string): Promise<string> {
    const pct = (p: number | null) => (p === null ? '' : p);
    return toCsv(
      [
        'Mentor',
        'Student',
        'Student ID',
        'Date',
        'Mode',
        'Attendance before (%)',
        'Marked days before',
        'School days before',
        'Attendance after (%)',
        'Marked days after',
        'School days after',
      ],
      (await this.allOutcomes(mentorId)).map((o) => [
        o.mentorName,
        o.fullName,
        o.studentId,
        o.date,
        o.mode,
        pct(o.before.percentage),
        o.before.markedDays,
        o.before.schoolDays,
        pct(o.after.percentage),
        o.after.markedDays,
        o.after.schoolDays,
      ]),
    );
  }

  /** Mentors whose waiting students have waited longest, and waiting students per class. */
  async overview(): Promise<FollowUpOverview> {
    const waiting = () =>
      this.db
        .getRepository(RiskSignalRow)
        .createQueryBuilder('s')
        .innerJoin(MenteeProfile, 'p', 'p.id = s.menteeId')
        .where('s.closedAt IS NULL AND s.handledAt IS NULL');
    const [mentors, classes] = await Promise.all([
      waiting()
        .innerJoin(User, 'tu', 'tu.id = p.mentorId')
        .select('p.mentorId', 'mentorId')
        .addSelect('tu.fullName', 'fullName')
        .addSelect('COUNT(DISTINCT s.menteeId)', 'waiting')
        .addSelect('MIN(s.openedAt)', 'waitingSince')
        .groupBy('p.mentorId')
        .addGroupBy('tu.fullName')
        .orderBy('MIN(s.openedAt)', 'ASC')
        .getRawMany<{ mentorId: string; fullName: string; waiting: string | number; waitingSince: RawDate }>(),
      waiting()
        .select('p.className', 'className')
        .addSelect('p.section', 'section')
        .addSelect('COUNT(DISTINCT s.menteeId)', 'waiting')
        .groupBy('p.className')
        .addGroupBy('p.section')
        .orderBy('p.className', 'ASC')
        .addOrderBy('p.section', 'ASC')
        .getRawMany<{ className: string; section: string; waiting: string | number }>(),
    ]);
    return {
      mentors: mentors.map((r) => ({
        mentorId: r.mentorId,
        fullName: r.fullName,
        waiting: Number(r.waiting),
        waitingSince: isoDateTime(r.waitingSince)!,
      })),
      classes: classes.map((r) => ({ class: r.className, section: r.section, waiting: Number(r.waiting) })),
    };
  }
}
