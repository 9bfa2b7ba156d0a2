import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import { Brackets, DataSource, In, IsNull, type EntityManager, type Repository } from 'typeorm';
import {
  GRIEVANCE_ADMIN_TRANSITIONS,
  GRIEVANCE_CATEGORY_PRIORITY,
  GRIEVANCE_TRANSITIONS,
  GRIEVANCE_TYPE_TO_CATEGORY,
  WITHHELD_NAME,
  isConfidentialGrievance,
  type GrievanceAnalyticsResponse,
  type GrievanceCategory,
  type GrievanceCommentResponse,
  type GrievanceEventKind,
  type GrievanceEventResponse,
  type GrievanceMonthStats,
  type GrievancePriority,
  type GrievanceResponse,
  type GrievanceStatus,
  type RevealedIdentityResponse,
  type Role,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../calendar/clock';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope as KeptRead, changesNoKeptRead } from '../read-cache/read-scopes';
import { NotificationsService } from '../notifications/notifications.service';
import type { AuthUser } from '../common/auth-user';
import { batched } from '../common/batched';
import { toCsv } from '../common/csv';
import { DomainEvents, type GrievanceFacts } from '../events/domain-events';
import {
  MENTOR_SEES_SQL,
  handlersOf,
  identityWithheld,
  mailsTicketOnly,
  maySee,
  signalAudience,
} from './grievance-visibility';
import { isoDateTime, selectRow, type RawDate } from '../common/raw-row';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import type { CreateGrievanceDto } from './dto/create-grievance.dto';
import type { GrievanceActionDto } from './dto/grievance-action.dto';
import type { ListGrievancesQueryDto } from './dto/list-grievances.query.dto';
import { Grievance, GrievanceComment, GrievanceEvent, GrievanceTicketCounter } from './entities/grievance.entity';
import { GrievanceDeadlines } from './grievance-deadlines';
import { GrievanceException } from './grievance.exception';
import {
  GRIEVANCE_ROW,
  flag,
  identityHiddenFrom,
  ticketOf,
  toGrievanceCommentResponse,
  toGrievanceEventResponse,
  toGrievanceResponse,
  type GrievanceRow,
} from './grievance.mapper';

type Scope = { kind: 'mentee'; menteeId: string } | { kind: 'mentor'; mentorId: string } | { kind: 'admin' };
export type GrievanceAction = 'review' | 'resolve' | 'reject';
const TARGET: Record<GrievanceAction, GrievanceStatus> = {
  review: 'in-progress',
  resolve: 'resolved',
  reject: 'rejected',
};
const OPEN: GrievanceStatus[] = ['pending', 'in-progress'];
/** Who did something on the timeline: a person, or the system (escalation). */
type Actor = Pick<AuthUser, 'id' | 'role' | 'fullName'> | null;

@Injectable()
export class GrievancesService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
    @InjectRepository(Grievance) private readonly grievances: Repository<Grievance>,
    @InjectRepository(GrievanceComment) private readonly commentRepo: Repository<GrievanceComment>,
    @InjectRepository(GrievanceEvent) private readonly eventRepo: Repository<GrievanceEvent>,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly deadlines: GrievanceDeadlines,
    private readonly clock: Clock,
    private readonly cache: ReadCache,
  ) {}

  /** A deleted mentee's grievances go with their threads; the person's comments on others' grievances go too. */
  onModuleInit(): void {
    this.cleanup.register(CLEANUP_ORDER.grievances, async (user, tx): Promise<Removed> => {
      await tx.delete(GrievanceComment, { authorId: user.id });
      if (user.role !== 'mentee') return {};
      const ids = (await tx.find(Grievance, { where: { menteeId: user.id }, select: { id: true } })).map((g) => g.id);
      if (ids.length) {
        await tx.delete(GrievanceComment, { grievanceId: In(ids) });
        await tx.delete(GrievanceEvent, { grievanceId: In(ids) });
      }
      return { grievances: (await tx.delete(Grievance, { menteeId: user.id })).affected ?? 0 };
    });
  }

  async create(me: AuthUser, dto: CreateGrievanceDto): Promise<GrievanceResponse> {
    if (dayjs(dto.dateOfIncident).isAfter(dayjs(), 'day')) throw GrievanceException.incidentInFuture();
    const category = dto.category ?? GRIEVANCE_TYPE_TO_CATEGORY[dto.grievanceType];
    const priority = GRIEVANCE_CATEGORY_PRIORITY[category];
    const now = this.clock.now();
    const deadlineAt = await this.deadlines.deadlineFor(now, priority);
    const aboutMentor = !!dto.aboutMentor;
    const confidential = isConfidentialGrievance({ grievanceType: dto.grievanceType, category, aboutMentor });
    const year = now.getUTCFullYear();
    await this.ensureCounter(year);
    const id = await this.db.transaction(async (tx) => {
      const saved = await tx.save(
        tx.create(Grievance, {
          menteeId: me.id,
          ticketNumber: await this.nextTicket(tx, year),
          name: dto.name,
          email: dto.email,
          rollNo: dto.rollNo,
          subject: dto.subject,
          grievanceType: dto.grievanceType,
          category,
          dateOfIncident: dto.dateOfIncident,
          description: dto.description,
          priority,
          status: 'pending',
          mentorComments: '',
          adminComments: '',
          resolution: '',
          resolvedAt: null,
          confidential,
          aboutMentor,
          nameWithheld: !!dto.withholdName,
          identityRevealedAt: null,
          deadlineAt,
          escalatedAt: null,
          confirmedAt: null,
          reopenedAt: null,
          // Filed at the school's clock (the deadline's start), not the database's.
          createdAt: now,
        }),
      );
      await this.addEvent(tx, saved.id, me, 'filed', confidential ? 'Sent to administrators only' : '', now);
      const filed = await this.row(saved.id, tx);
      await this.events.emit(tx, 'grievance.filed', { grievance: this.facts(filed) });
      await this.announce(tx, filed);
      return saved.id;
    });
    const row = await this.row(id);
    await this.retireKeptReads(row);
    return toGrievanceResponse(row, me.role);
  }

  async list(scope: Scope, q: ListGrievancesQueryDto): Promise<GrievanceResponse[]> {
    const viewer = scope.kind;
    return (await this.query(scope, q).getRawMany<GrievanceRow>()).map((g) => toGrievanceResponse(g, viewer));
  }

  /** Opening one grievance; a staff member's opening is a 'viewed' line on the student's timeline (once a day). */
  async get(me: AuthUser, id: string): Promise<GrievanceResponse> {
    const g = await this.loadVisible(me, id);
    if (me.role !== 'mentee') {
      const day = this.clock.now().toISOString().slice(0, 10);
      await this.db
        .createQueryBuilder()
        .insert()
        .into(GrievanceEvent)
        .values(this.eventRow(id, me, 'viewed', '', day))
        .orIgnore()
        .execute();
    }
    return toGrievanceResponse(g, me.role);
  }

  /**
   * One status model for both screens: pending → in-progress | resolved | rejected; in-progress → resolved | rejected
   * for mentors, in-progress → resolved only for admins (SPEC.md section 4). A move not allowed is 409 and changes nothing.
   */
  async act(me: AuthUser, id: string, action: GrievanceAction, dto: GrievanceActionDto): Promise<GrievanceResponse> {
    const g = await this.loadVisible(me, id);
    if (me.role === 'mentee') throw GrievanceException.staffOnly();
    const target = TARGET[action];
    const moves = me.role === 'admin' ? GRIEVANCE_ADMIN_TRANSITIONS : GRIEVANCE_TRANSITIONS;
    if (!moves[g.status].includes(target)) throw GrievanceException.transitionNotAllowed(g.status, target);
    if (action === 'resolve' && !dto.resolution) throw GrievanceException.resolutionRequired();
    const comments =
      me.role === 'admin'
        ? { adminComments: dto.adminComments ?? g.adminComments }
        : { mentorComments: dto.mentorComments ?? g.mentorComments };
    await this.db.transaction(async (tx) => {
      const res = await tx
        .createQueryBuilder()
        .update(Grievance)
        .set({
          status: target,
          ...comments,
          ...(action === 'resolve' ? { resolution: dto.resolution, resolvedAt: this.clock.now() } : {}),
        })
        .where('id = :id AND status = :from', { id, from: g.status })
        .execute();
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.events.emit(tx, 'mentees.changed', { menteeIds: [g.menteeId] });
      const said = action === 'resolve' ? dto.resolution : (dto.adminComments ?? dto.mentorComments);
      await this.addEvent(tx, id, me, 'status', `${g.status} → ${target}`);
      await this.events.emit(tx, 'grievance.status', {
        grievance: this.facts(g),
        status: target,
        said: said ?? '',
        resolved: action === 'resolve',
      });
      await this.announce(tx, g);
      // An admin's decision on another person's grievance is logged; a mentor's on their own mentee's is not.
      if (me.role === 'admin')
        await this.audit.record(tx, me, 'grievance.status', this.auditTarget(g), {
          status: { from: g.status, to: target },
          ...(action === 'resolve' ? { resolution: { from: null, to: dto.resolution } } : {}),
        });
    });
    await this.retireKeptReads(g);
    return this.one(id, me.role);
  }

  /** Admins set the priority of an open grievance (its deadline follows); closed ones stay as they were closed. */
  async setPriority(me: AuthUser, id: string, priority: GrievancePriority): Promise<GrievanceResponse> {
    changesNoKeptRead();
    const g = await this.row(id);
    if (!GRIEVANCE_TRANSITIONS[g.status].length) throw GrievanceException.closed(g.status);
    if (g.priority === priority) return this.one(id, me.role);
    const deadlineAt = await this.deadlines.deadlineFor(new Date(isoDateTime(g.createdAt)!), priority);
    await this.db.transaction(async (tx) => {
      // Only while still open and unchanged since read: a decision taken meanwhile wins.
      const res = await tx.update(Grievance, { id, status: g.status, priority: g.priority }, { priority, deadlineAt });
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.addEvent(tx, id, me, 'priority', `${g.priority} → ${priority}`);
      await this.audit.record(tx, me, 'grievance.priority', this.auditTarget(g), {
        priority: { from: g.priority, to: priority },
      });
    });
    return this.one(id, me.role);
  }

  /** Admins recategorise an open grievance; moving it to harassment makes it confidential (never the other way). */
  async setCategory(me: AuthUser, id: string, category: GrievanceCategory): Promise<GrievanceResponse> {
    const g = await this.row(id);
    if (!GRIEVANCE_TRANSITIONS[g.status].length) throw GrievanceException.closed(g.status);
    if (g.category === category) return this.one(id, me.role);
    const confidential = flag(g.confidential) || category === 'harassment';
    await this.db.transaction(async (tx) => {
      const res = await tx.update(
        Grievance,
        { id, status: g.status, category: g.category },
        { category, confidential },
      );
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.addEvent(tx, id, me, 'category', `${g.category} → ${category}`);
      await this.audit.record(tx, me, 'grievance.category', this.auditTarget(g), {
        category: { from: g.category, to: category },
        ...(confidential !== flag(g.confidential) ? { confidential: { from: false, to: true } } : {}),
      });
      // Those who saw it before refetch too: a mentor's screens drop one that became confidential.
      await this.announce(tx, g);
    });
    await this.retireKeptReads(g);
    return this.one(id, me.role);
  }

  /** An admin reveals a withheld identity: the reason is in the audit log and on the student's timeline. */
  async reveal(me: AuthUser, id: string, reason: string): Promise<RevealedIdentityResponse> {
    changesNoKeptRead();
    const g = await this.row(id);
    if (!flag(g.nameWithheld)) throw GrievanceException.notWithheld();
    await this.db.transaction(async (tx) => {
      await tx
        .createQueryBuilder()
        .update(Grievance)
        .set({ identityRevealedAt: this.clock.now() })
        .where('id = :id AND identityRevealedAt IS NULL', { id })
        .execute();
      await this.addEvent(tx, id, me, 'identity-revealed', reason);
      await this.notifications.revealDeliveries(tx, id);
      await this.audit.record(tx, me, 'grievance.reveal', this.auditTarget(g), {
        reason: { from: null, to: reason },
      });
    });
    return { menteeId: g.menteeId, fullName: g.menteeName ?? '', studentId: g.studentId, email: g.email };
  }

  /** The student accepts the resolution (also a second one, after reopening). */
  async confirm(me: AuthUser, id: string): Promise<GrievanceResponse> {
    changesNoKeptRead();
    const g = await this.loadVisible(me, id);
    if (me.role !== 'mentee') throw GrievanceException.notVisible(me.role);
    this.assertAnswerable(g, false);
    await this.db.transaction(async (tx) => {
      const res = await tx
        .createQueryBuilder()
        .update(Grievance)
        .set({ confirmedAt: this.clock.now() })
        .where("id = :id AND status = 'resolved' AND confirmedAt IS NULL", { id })
        .execute();
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.addEvent(tx, id, me, 'confirmed', '');
    });
    return this.one(id, me.role);
  }

  /** The student reopens a resolved grievance, once, with a reason: it is back in progress with its handlers. */
  async reopen(me: AuthUser, id: string, reason: string): Promise<GrievanceResponse> {
    const g = await this.loadVisible(me, id);
    if (me.role !== 'mentee') throw GrievanceException.notVisible(me.role);
    this.assertAnswerable(g, true);
    await this.db.transaction(async (tx) => {
      const res = await tx
        .createQueryBuilder()
        .update(Grievance)
        .set({ status: 'in-progress', reopenedAt: this.clock.now(), resolvedAt: null })
        .where("id = :id AND status = 'resolved' AND confirmedAt IS NULL AND reopenedAt IS NULL", { id })
        .execute();
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.addEvent(tx, id, me, 'reopened', reason);
      await this.events.emit(tx, 'grievance.reopened', { grievance: this.facts(g), reason });
      await this.announce(tx, g);
    });
    await this.retireKeptReads(g);
    return this.one(id, me.role);
  }

  /** A resolution is confirmed once; it may be reopened once, and not after it was confirmed. */
  private assertAnswerable(g: GrievanceRow, reopening: boolean): void {
    if (g.status !== 'resolved') throw GrievanceException.notResolved();
    if (g.confirmedAt || (reopening && g.reopenedAt)) throw GrievanceException.alreadyAnswered();
  }

  async timeline(me: AuthUser, id: string): Promise<GrievanceEventResponse[]> {
    const g = await this.loadVisible(me, id);
    const rows = await this.eventRepo.find({ where: { grievanceId: id }, order: { id: 'ASC' } });
    return rows.map((e) => toGrievanceEventResponse(e, flag(g.nameWithheld)));
  }

  async comments(me: AuthUser, id: string): Promise<GrievanceCommentResponse[]> {
    const g = await this.loadVisible(me, id);
    const rows = await this.commentRepo.find({
      where: { grievanceId: id },
      relations: { author: true },
      order: { createdAt: 'ASC' },
    });
    const hide = identityHiddenFrom(g, me.role);
    return rows.map((c) => toGrievanceCommentResponse(c, hide));
  }

  async addComment(me: AuthUser, id: string, content: string): Promise<GrievanceCommentResponse> {
    changesNoKeptRead();
    const g = await this.loadVisible(me, id);
    const saved = await this.db.transaction(async (tx) => {
      const comment = await tx.save(tx.create(GrievanceComment, { grievanceId: id, authorId: me.id, content }));
      await this.addEvent(tx, id, me, 'comment', '');
      const who = me.role === 'mentee' && identityWithheld(g) ? WITHHELD_NAME : me.fullName;
      // Staff's comment reaches the student; the student's reaches their handlers.
      await this.events.emit(tx, 'grievance.comment', {
        grievance: this.facts(g),
        byStudent: me.role === 'mentee',
        who,
        content,
      });
      return comment;
    });
    return toGrievanceCommentResponse(
      await this.commentRepo.findOneOrFail({ where: { id: saved.id }, relations: { author: true } }),
      identityHiddenFrom(g, me.role),
    );
  }

  async exportCsv(q: ListGrievancesQueryDto): Promise<string> {
    const rows = (await this.query({ kind: 'admin' }, q).getRawMany<GrievanceRow>()).map((g) =>
      toGrievanceResponse(g, 'admin'),
    );
    return toCsv(
      [
        'Ticket',
        'Student',
        'Student ID',
        'Subject',
        'Type',
        'Category',
        'Priority',
        'Status',
        'Confidential',
        'Date of incident',
        'Description',
        'Resolution',
        'Mentor comments',
        'Admin comments',
        'Submitted at',
        'Deadline',
        'Escalated at',
        'Resolved at',
      ],
      rows.map((g) => [
        g.ticketNumber,
        g.menteeId?.fullName ?? g.name,
        g.menteeId?.studentId,
        g.subject,
        g.grievanceType,
        g.category,
        g.priority,
        g.status,
        g.confidential ? 'yes' : 'no',
        g.dateOfIncident,
        g.description,
        g.resolution,
        g.mentorComments,
        g.adminComments,
        g.createdAt,
        g.deadlineAt,
        g.escalatedAt,
        g.resolvedAt,
      ]),
    );
  }

  /**
   * Escalates every open grievance past its deadline at `now`, exactly once however many instances sweep together:
   * the conditional UPDATE succeeds for one of them only, and that one writes the timeline line and tells every admin
   * in the same transaction. Answers how many this call escalated.
   */
  async escalateDue(now: Date = this.clock.now()): Promise<number> {
    const due = await this.grievances
      .createQueryBuilder('g')
      .select('g.id', 'id')
      .where('g.escalatedAt IS NULL AND g.deadlineAt <= :now AND g.status IN (:...open)', { now, open: OPEN })
      .getRawMany<{ id: string }>();
    let escalated = 0;
    for (const { id } of due) {
      // (On SQLite transactions take turns per process: common/sqlite-transactions.ts.)
      const won = await this.db.transaction(async (tx) => {
        const res = await tx
          .createQueryBuilder()
          .update(Grievance)
          .set({ escalatedAt: now })
          .where('id = :id AND escalatedAt IS NULL AND deadlineAt <= :now AND status IN (:...open)', {
            id,
            now,
            open: OPEN,
          })
          .execute();
        if (!res.affected) return false;
        const g = await this.row(id, tx);
        await this.addEvent(tx, id, null, 'escalated', `Past its deadline (${g.priority} priority)`, now);
        await this.events.emit(tx, 'grievance.escalated', {
          grievance: this.facts(g),
          priority: g.priority,
          status: g.status,
        });
        return true;
      });
      if (won) escalated += 1;
    }
    // The admin dashboard's escalation flag is a kept read, and no HTTP write retires it here.
    if (escalated) await this.cache.retire(KeptRead.adminDashboard);
    return escalated;
  }

  /** Per month of resolution (last 12): how many were resolved within their deadline, and how many had been reopened. */
  async analytics(): Promise<GrievanceAnalyticsResponse> {
    const now = dayjs(this.clock.now());
    const from = now.subtract(11, 'month').startOf('month').toDate();
    const rows = await this.grievances
      .createQueryBuilder('g')
      .select(['g.resolvedAt AS resolvedAt', 'g.deadlineAt AS deadlineAt', 'g.reopenedAt AS reopenedAt'])
      .where("g.status = 'resolved' AND g.resolvedAt >= :from", { from })
      .getRawMany<{ resolvedAt: Date | string; deadlineAt: Date | string | null; reopenedAt: Date | string | null }>();
    const months = new Map<string, GrievanceMonthStats>();
    for (let i = 11; i >= 0; i--) {
      const month = now.subtract(i, 'month').format('YYYY-MM');
      months.set(month, {
        month,
        resolved: 0,
        resolvedWithinDeadline: 0,
        reopened: 0,
        pctResolvedWithinDeadline: 0,
        pctReopened: 0,
      });
    }
    for (const r of rows) {
      const resolvedAt = isoDateTime(r.resolvedAt)!;
      const m = months.get(resolvedAt.slice(0, 7));
      if (!m) continue;
      m.resolved += 1;
      const deadline = isoDateTime(r.deadlineAt);
      if (!deadline || resolvedAt <= deadline) m.resolvedWithinDeadline += 1;
      if (r.reopenedAt) m.reopened += 1;
    }
    const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
    for (const m of months.values()) {
      m.pctResolvedWithinDeadline = pct(m.resolvedWithinDeadline, m.resolved);
      m.pctReopened = pct(m.reopened, m.resolved);
    }
    return { months: [...months.values()], escalatedOpen: await this.countEscalatedOpen() };
  }

  /** Grievances filed before ticket numbers existed get theirs (in filing order); migrations do so on MariaDB. */
  async assignMissingTickets(): Promise<void> {
    const missing = await this.grievances.find({
      where: { ticketNumber: IsNull() },
      select: { id: true, createdAt: true, priority: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    for (const g of missing) {
      const year = g.createdAt.getUTCFullYear();
      await this.ensureCounter(year);
      const deadlineAt = await this.deadlines.deadlineFor(g.createdAt, g.priority);
      await this.db.transaction(async (tx) => {
        const ticketNumber = await this.nextTicket(tx, year);
        await tx
          .createQueryBuilder()
          .update(Grievance)
          .set({ ticketNumber, deadlineAt })
          .where('id = :id AND ticketNumber IS NULL', { id: g.id })
          .execute();
      });
    }
  }

  /** The year's counter row exists before any filing transaction bumps it (two first filings must not both insert it). */
  private async ensureCounter(year: number): Promise<void> {
    await this.db
      .createQueryBuilder()
      .insert()
      .into(GrievanceTicketCounter)
      .values({ year, lastNumber: 0 })
      .orIgnore()
      .execute();
  }

  /** The next number of the year: the UPDATE locks the counter row until the filing commits, so none repeats. */
  private async nextTicket(tx: EntityManager, year: number): Promise<string> {
    await tx
      .createQueryBuilder()
      .update(GrievanceTicketCounter)
      .set({ lastNumber: () => 'lastNumber + 1' })
      .where('year = :year', { year })
      .execute();
    const row = await tx.findOneByOrFail(GrievanceTicketCounter, { year });
    return ticketOf(year, row.lastNumber);
  }

  private eventRow(
    grievanceId: string,
    actor: Actor,
    kind: GrievanceEventKind,
    detail: string,
    viewDay: string | null = null,
    at?: Date,
  ): Partial<GrievanceEvent> {
    return {
      grievanceId,
      kind,
      actorId: actor?.id ?? null,
      actorRole: actor?.role ?? null,
      actorName: actor?.fullName ?? '',
      detail: detail.slice(0, 1000),
      viewDay,
      // The school's clock (tests set it), to the millisecond on both databases.
      createdAt: at ?? this.clock.now(),
    };
  }

  private async addEvent(
    tx: EntityManager,
    grievanceId: string,
    actor: Actor,
    kind: GrievanceEventKind,
    detail: string,
    at?: Date,
  ): Promise<void> {
    await tx.insert(GrievanceEvent, this.eventRow(grievanceId, actor, kind, detail, null, at));
  }

  /** The audit log names the ticket and subject, never the student (who may have withheld their name). */
  private auditTarget(g: GrievanceRow) {
    return { type: 'grievance', id: g.id, label: `${g.ticketNumber ?? ''} ${g.subject}`.trim() };
  }

  /**
   * mentorId of a row is the mentee's mentor. A confidential grievance does not exist for the mentor (404, not 403:
   * not even its existence shows).
   */
  private async loadVisible(me: AuthUser, id: string): Promise<GrievanceRow> {
    const g = await this.row(id);
    if (me.role === 'mentor' && flag(g.confidential)) throw GrievanceException.notFound();
    if (!maySee(me, g)) throw GrievanceException.notVisible(me.role);
    return g;
  }

  /** What the notices of this grievance may say, and to whom (grievance-visibility.ts). */
  private facts(g: GrievanceRow): GrievanceFacts {
    return {
      id: g.id,
      ticketNumber: g.ticketNumber ?? '',
      subject: g.subject,
      menteeId: g.menteeId,
      handlers: handlersOf(g),
      ticketOnly: mailsTicketOnly(g),
      withheld: identityWithheld(g),
    };
  }

  /** After the commit, the screens of those who may see it (the student, its handlers) refetch it. */
  private announce(tx: EntityManager, g: GrievanceRow): Promise<void> {
    const handlers = handlersOf(g);
    return this.notifications.recordChanged(
      tx,
      { type: 'grievance', id: g.id },
      { users: [g.menteeId, ...handlers.users], roles: [...new Set<Role>(['admin', ...handlers.roles])] },
    );
  }

  /** Grievances with their mentees, one flat row each (grievance.mapper.ts), as leaves are read. */
  private query(scope: Scope, q: ListGrievancesQueryDto) {
    const qb = selectRow(
      this.grievances.createQueryBuilder('g').innerJoin('g.mentee', 'mentee').innerJoin('mentee.user', 'mu'),
      GRIEVANCE_ROW,
    )
      .orderBy('g.createdAt', 'DESC')
      .addOrderBy('g.id', 'ASC');
    if (scope.kind === 'mentee') qb.andWhere('g.menteeId = :menteeId', { menteeId: scope.menteeId });
    // Confidential grievances are the administrators' only: never in a mentor's list.
    if (scope.kind === 'mentor') qb.andWhere(MENTOR_SEES_SQL('g', 'mentee'), { mentorId: scope.mentorId });
    if (q.status) qb.andWhere('g.status = :status', { status: q.status });
    if (scope.kind === 'admin' && q.category) qb.andWhere('g.category = :category', { category: q.category });
    if (scope.kind === 'admin' && q.search) {
      const term = `%${q.search.toLowerCase()}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            // A withheld name is not searchable either (a match would give the student away).
            .where('(g.nameWithheld = 0 OR g.identityRevealedAt IS NOT NULL) AND LOWER(mu.fullName) LIKE :term', {
              term,
            })
            .orWhere('LOWER(g.subject) LIKE :term', { term })
            .orWhere('LOWER(g.ticketNumber) LIKE :term', { term })
            .orWhere('LOWER(g.grievanceType) LIKE :term', { term })
            .orWhere('LOWER(g.category) LIKE :term', { term }),
        ),
      );
    }
    return qb;
  }

  /**
   * A grievance's filing, status or confidentiality shows in the admin dashboard's counts and in its mentee's mentor's
   * (confidential ones left out there), and its filing in its mentee's count. Its priority, comments, confirmation or
   * revealed name show in none of them.
   */
  private retireKeptReads(g: { menteeId: string; mentorId: string | null }): Promise<void> {
    return this.cache.retire(
      KeptRead.adminDashboard,
      KeptRead.menteeDashboard(g.menteeId),
      g.mentorId ? [KeptRead.mentorDashboard(g.mentorId)] : [],
    );
  }

  private async one(id: string, viewer: AuthUser['role']): Promise<GrievanceResponse> {
    return toGrievanceResponse(await this.row(id), viewer);
  }

  private async row(id: string, tx?: EntityManager): Promise<GrievanceRow> {
    const qb = this.query({ kind: 'admin' }, {}).andWhere('g.id = :id', { id });
    if (tx) qb.setQueryRunner(tx.queryRunner!);
    const g = await qb.getRawOne<GrievanceRow>();
    if (!g) throw GrievanceException.notFound();
    return g;
  }

  /** Grievances in these statuses. */
  countInStatus(statuses: GrievanceStatus[]): Promise<number> {
    return this.grievances.countBy({ status: In(statuses) });
  }

  /** Open grievances escalated for passing their deadline (the admin dashboard's flag). */
  countEscalatedOpen(): Promise<number> {
    return this.grievances
      .createQueryBuilder('g')
      .where('g.escalatedAt IS NOT NULL AND g.status IN (:...open)', { open: OPEN })
      .getCount();
  }

  /** A mentor's mentees' grievances, confidential ones left out: all, and those still open, in one statement. */
  async mentorCounts(mentorId: string): Promise<{ total: number; open: number }> {
    const row = await this.grievances
      .createQueryBuilder('g')
      .innerJoin('g.mentee', 'm')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN g.status IN ('pending', 'in-progress') THEN 1 ELSE 0 END)", 'open')
      .where(MENTOR_SEES_SQL('g', 'm'), { mentorId })
      .getRawOne<{ total: string | number; open: string | number | null }>();
    return { total: Number(row?.total ?? 0), open: Number(row?.open ?? 0) };
  }

  /** The counts asked in one turn (students opening their dashboards) share a statement. */
  countOfMentee(menteeId: string): Promise<number> {
    return this.countsOfMentees(menteeId);
  }

  private readonly countsOfMentees = batched(async (ids: readonly string[]) => {
    const rows = await this.grievances
      .createQueryBuilder('g')
      .select('g.menteeId', 'menteeId')
      .addSelect('COUNT(*)', 'n')
      .where({ menteeId: In([...ids]) })
      .groupBy('g.menteeId')
      .getRawMany<{ menteeId: string; n: string | number }>();
    return new Map(rows.map((r) => [r.menteeId, Number(r.n)]));
  }, 0);

  /**
   * These students' open grievances as early warning may use them: when each was filed, and who may be told of the
   * student because of it (grievance-visibility.ts `signalAudience`: the mentor, the admins, or nobody).
   */
  async openForSignals(
    menteeIds: readonly string[],
  ): Promise<{ menteeId: string; filedAt: Date; audience: 'mentor' | 'admins' | 'none' }[]> {
    const out: { menteeId: string; filedAt: Date; audience: 'mentor' | 'admins' | 'none' }[] = [];
    for (let i = 0; i < menteeIds.length; i += 500) {
      const rows = await this.grievances
        .createQueryBuilder('g')
        .innerJoin('g.mentee', 'm')
        .select([
          'g.menteeId AS menteeId',
          'g.createdAt AS createdAt',
          'g.confidential AS confidential',
          'g.nameWithheld AS nameWithheld',
          'g.identityRevealedAt AS identityRevealedAt',
          'm.mentorId AS mentorId',
        ])
        .where({ menteeId: In(menteeIds.slice(i, i + 500)), status: In(OPEN) })
        .getRawMany<{
          menteeId: string;
          createdAt: RawDate;
          confidential: unknown;
          nameWithheld: unknown;
          identityRevealedAt: RawDate | null;
          mentorId: string | null;
        }>();
      for (const r of rows)
        out.push({
          menteeId: r.menteeId,
          filedAt: new Date(isoDateTime(r.createdAt)!),
          audience: signalAudience({
            ...r,
            confidential: flag(r.confidential as number),
            nameWithheld: flag(r.nameWithheld as number),
          }),
        });
    }
    return out;
  }
}
