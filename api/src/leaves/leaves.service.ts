import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  Between,
  Brackets,
  DataSource,
  In,
  IsNull,
  LessThanOrEqual,
  MoreThanOrEqual,
  Not,
  type EntityManager,
  type Repository,
} from 'typeorm';
import type { LeaveImpact, LeaveResponse, LeaveStatus } from '@portal/contracts';
import { CalendarService } from '../calendar/calendar.service';
import { schoolDatesBetween } from '../calendar/school-days';
import { AuditService } from '../audit/audit.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { AuthUser } from '../common/auth-user';
import type { ArrayPage } from '../common/array-page';
import { toCsv } from '../common/csv';
import { Clock } from '../dates/clock';
import { addDays, daysBetween } from '../dates/days';
import { LIKE_ESCAPE, containing } from '../common/like';
import { windowOf } from '../common/pagination.dto';
import { selectRow } from '../common/raw-row';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import type { CreateLeaveDto } from './dto/create-leave.dto';
import type { DecideLeaveDto } from './dto/decide-leave.dto';
import type { LeaveAttendance } from './leave-attendance.port';
import type { LeaveFiltersDto, ListLeavesQueryDto } from './dto/list-leaves.query.dto';
import { LeaveRequest } from './entities/leave-request.entity';
import { LeaveException } from './leave.exception';
import { LEAVE_ROW, toLeaveResponse, type LeaveRow } from './leave.mapper';
import { LeaveDocument } from './entities/leave-document.entity';
import { LeaveDocumentsService, type LeaveDocumentFile } from './leave-documents.service';
import { withRetry } from '../common/with-retry';
import { Wired, assertWired } from '../common/wired';
import { DomainEvents, type DomainEventMap, type LeaveFacts } from '../events/domain-events';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { ProfilesService } from '../users/profiles.service';
import { DataExportRegistry } from '../users/data-export.registry';

export const MAX_LEAVE_DAYS = 60;
/** Stands for the scope's id in recent()'s kept statements. */
const SCOPE_ID = '\u0000scope-id';
type Scope = { kind: 'mentee'; menteeId: string } | { kind: 'mentor'; mentorId: string } | { kind: 'admin' };

@Injectable()
export class LeavesService implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
    @InjectRepository(LeaveRequest) private readonly leaves: Repository<LeaveRequest>,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly calendar: CalendarService,
    private readonly cache: ReadCache,
    private readonly profiles: ProfilesService,
    private readonly clock: Clock,
    private readonly exports: DataExportRegistry,
    private readonly documents: LeaveDocumentsService,
  ) {}

  /** The register's side of reconciliation, given by the attendance module at start-up. */
  private readonly attendance = new Wired<LeaveAttendance>("the register's leave reconciliation (attendance module)");
  useAttendance(port: LeaveAttendance): void {
    this.attendance.set(port);
  }
  private register(): LeaveAttendance {
    return this.attendance.get();
  }

  onApplicationBootstrap(): void {
    assertWired(this.attendance);
  }

  /** A deleted mentee's leaves go; leaves the deleted person decided keep the decision without the name. */
  onModuleInit(): void {
    // Each leave with the document filed with it, if any (its name and size: the file is theirs to download).
    this.exports.register('leaves', async (menteeId) => {
      const rows = await this.leaves.find({ where: { menteeId }, order: { startDate: 'ASC', createdAt: 'ASC' } });
      const docs = await this.documents.filedWith(rows.map((l) => l.id));
      return rows.map((l) => ({ ...l, document: docs.find((d) => d.leaveId === l.id) ?? null }));
    });
    this.cleanup.register(CLEANUP_ORDER.leaves, async (user, tx): Promise<Removed> => {
      const removed: Removed = {};
      // Their uploads never filed with a leave (those filed go with their leave).
      await tx.delete(LeaveDocument, { uploaderId: user.id, leaveId: IsNull() });
      if (user.role === 'mentee')
        removed.leaveRequests = (await tx.delete(LeaveRequest, { menteeId: user.id })).affected ?? 0;
      removed.leaveDecisionsAnonymised =
        (await tx.update(LeaveRequest, { approvedById: user.id }, { approvedById: null })).affected ?? 0;
      return removed;
    });
  }

  /** recent()'s statement per scope kind and count, with SCOPE_ID where the scope's id goes (see there). */
  private readonly recentStatements = new Map<string, { sql: string; parameters: unknown[] }>();

  /** A student's own request. */
  create(me: AuthUser, dto: CreateLeaveDto): Promise<LeaveResponse> {
    return this.file({ menteeId: me.id, menteeName: me.fullName, filedById: null }, dto);
  }

  /** A guardian's request for their child (the guardians module's rule has found them linked), decided like the child's own. */
  fileForChild(
    guardian: AuthUser,
    child: { id: string; fullName: string },
    dto: CreateLeaveDto,
  ): Promise<LeaveResponse> {
    return this.file({ menteeId: child.id, menteeName: child.fullName, filedById: guardian.id }, dto);
  }

  private async file(
    by: { menteeId: string; menteeName: string; filedById: string | null },
    dto: CreateLeaveDto,
  ): Promise<LeaveResponse> {
    if (dto.endDate < dto.startDate) throw LeaveException.endBeforeStart();
    const daysCount = daysBetween(dto.startDate, dto.endDate) + 1;
    if (daysCount > MAX_LEAVE_DAYS) throw LeaveException.tooLong(MAX_LEAVE_DAYS);
    // Sick leave may be filed after the fact within the school's window; other leave starts today or later.
    const rules = await this.calendar.rules();
    const today = this.calendar.todayIn(rules.timezone);
    if (dto.startDate < today) {
      if (dto.leaveType !== 'sick') throw LeaveException.inThePast();
      const earliest = addDays(today, -rules.sickLeaveBackfillDays);
      if (dto.startDate < earliest) throw LeaveException.backdatedTooFar(rules.sickLeaveBackfillDays);
    }
    const id = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const clash = await tx.findOne(LeaveRequest, {
          where: {
            menteeId: by.menteeId,
            status: In(['pending', 'approved']),
            startDate: LessThanOrEqual(dto.endDate),
            endDate: MoreThanOrEqual(dto.startDate),
          },
        });
        if (clash) throw LeaveException.overlaps(clash);
        const leave = await tx.save(
          tx.create(LeaveRequest, {
            menteeId: by.menteeId,
            filedById: by.filedById,
            leaveType: dto.leaveType,
            startDate: dto.startDate,
            endDate: dto.endDate,
            daysCount,
            reason: dto.reason,
            status: 'pending',
            approvedById: null,
            decidedAt: null,
            mentorComments: '',
          }),
        );
        if (dto.documentId) await this.documents.attach(tx, dto.documentId, by.filedById ?? by.menteeId, leave.id);
        await this.events.emit(tx, 'mentees.changed', { menteeIds: [by.menteeId] });
        await this.tell(tx, 'leave.filed', { leave: await this.facts(tx, leave, by.menteeName) });
        return leave.id;
      }),
    );
    await this.retireKeptReads({ menteeId: by.menteeId });
    return this.one(id);
  }

  /**
   * The page `q` asks for, and how many leaves match over every page: a page neither empty nor full says that itself
   * (a mentor's whole list usually fits one page); otherwise one COUNT with the same filters.
   */
  async list(scope: Scope, q: ListLeavesQueryDto): Promise<ArrayPage<LeaveResponse>> {
    const { skip, limit } = windowOf(q);
    const matching = this.query(scope, q);
    const raw = await matching.clone().offset(skip).limit(limit).getRawMany<LeaveRow>();
    const total = raw.length && raw.length < limit ? skip + raw.length : await matching.getCount();
    return { rows: await this.respond(raw, scope.kind !== 'mentee', scope), total };
  }

  /** The latest leaves of a scope (dashboards); ties by id DESC, so MariaDB reads the createdAt index backwards and stops early. */
  async recent(scope: Scope, count: number): Promise<LeaveResponse[]> {
    // Built once per scope kind and count (with a marker for the scope's id): building these joins costs as much as running them.
    const key = `${scope.kind}:${count}`;
    let statement = this.recentStatements.get(key);
    if (!statement) {
      const marked: Scope =
        scope.kind === 'mentee'
          ? { kind: 'mentee', menteeId: SCOPE_ID }
          : scope.kind === 'mentor'
            ? { kind: 'mentor', mentorId: SCOPE_ID }
            : scope;
      const [sql, parameters] = this.query(marked, {})
        .orderBy('l.createdAt', 'DESC')
        .addOrderBy('l.id', 'DESC')
        .limit(count)
        .getQueryAndParameters();
      this.recentStatements.set(key, (statement = { sql, parameters }));
    }
    const id = scope.kind === 'mentee' ? scope.menteeId : scope.kind === 'mentor' ? scope.mentorId : undefined;
    const rows = await this.leaves.query<LeaveRow[]>(
      statement.sql,
      statement.parameters.map((p) => (p === SCOPE_ID ? id : p)),
    );
    return this.respond(rows);
  }

  /** The document filed with a leave, for whoever may see the leave. */
  async document(me: AuthUser, id: string): Promise<LeaveDocumentFile> {
    this.assertCanSee(me, await this.row(id));
    return this.documents.read(id);
  }

  /** The same for a guardian, once the guardians module's rule has found them linked to the leave's student. */
  documentForGuardian(id: string): Promise<LeaveDocumentFile> {
    return this.documents.read(id);
  }

  async get(me: AuthUser, id: string): Promise<LeaveResponse> {
    const leave = await this.row(id);
    this.assertCanSee(me, leave);
    return (await this.respond([leave], me.role !== 'mentee'))[0];
  }

  /**
   * schoolDays on each; for deciders (mentor, admin), each pending leave's impact and days already marked present. A
   * mentor's list (`scope`) holds only their students: their attendance summaries are the mentor's kept ones.
   */
  private async respond(rows: LeaveRow[], forDeciders = false, scope?: Scope): Promise<LeaveResponse[]> {
    const rules = await this.calendar.rules();
    const out = rows.map((r) => toLeaveResponse(r, rules));
    if (!forDeciders) return out;
    // Every pending leave's impact and attended days, in a fixed number of statements (not three per leave).
    const pending = out.flatMap((l, i) =>
      l.status === 'pending'
        ? [{ leave: l, menteeId: rows[i].menteeId, dates: schoolDatesBetween(l.startDate, l.endDate, rules) }]
        : [],
    );
    if (!pending.length) return out;
    const views = await this.register().forDeciders(pending, scope?.kind === 'mentor' ? scope.mentorId : undefined);
    pending.forEach(({ leave, dates }, i) => {
      leave.impact = { schoolDays: dates.length, ...views[i].impact };
      leave.presentDays = views[i].presentDays;
    });
    return out;
  }

  /** The effect of a leave from startDate to endDate on a student's attendance (before requesting it). */
  async impact(menteeId: string, startDate: string, endDate: string): Promise<LeaveImpact> {
    if (endDate < startDate) throw LeaveException.endBeforeStart();
    if (daysBetween(startDate, endDate) + 1 > MAX_LEAVE_DAYS) throw LeaveException.tooLong(MAX_LEAVE_DAYS);
    const dates = await this.calendar.schoolDaysBetween(startDate, endDate);
    return { schoolDays: dates.length, ...(await this.register().impact(menteeId, dates)) };
  }

  /** Whose child a leave is (the guardians module asks before a guardian acts on it). */
  async menteeOf(id: string): Promise<string> {
    const leave = await this.leaves.findOne({ select: { id: true, menteeId: true }, where: { id } });
    if (!leave) throw LeaveException.notFound();
    return leave.menteeId;
  }

  /**
   * Cancelled by whoever filed it: the student their own pending leave or approved one that has not started (by the
   * school's today), a guardian theirs while it is pending; an approved one's days put back as they were, in one
   * transaction.
   */
  async cancel(me: AuthUser, id: string): Promise<LeaveResponse> {
    const leave = await this.leaves.findOne({ where: { id }, relations: { mentee: { user: true } } });
    if (!leave) throw LeaveException.notFound();
    if ((leave.filedById ?? leave.menteeId) !== me.id)
      throw leave.menteeId === me.id ? LeaveException.filedByGuardian() : LeaveException.notYours();
    const today = await this.calendar.today();
    const cancellable =
      leave.status === 'pending' || (me.role === 'mentee' && leave.status === 'approved' && leave.startDate > today);
    if (!cancellable) throw LeaveException.notCancellable(leave.status);
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const res = await tx
          .createQueryBuilder()
          .update(LeaveRequest)
          .set({ status: 'cancelled', cancelledAt: this.clock.now() })
          .where('id = :id AND status = :status', { id, status: leave.status })
          .execute();
        if (!res.affected) throw LeaveException.decidedConcurrently();
        if (leave.status === 'approved') await this.register().restore(tx, id);
        await this.events.emit(tx, 'mentees.changed', { menteeIds: [leave.menteeId] });
        await this.tell(tx, 'leave.cancelled', {
          leave: await this.facts(tx, leave, leave.mentee?.user?.fullName ?? 'A student'),
          wasApproved: leave.status === 'approved',
        });
      }),
    );
    await this.retireKeptReads(leave, leave.status === 'approved');
    return this.one(id);
  }

  /** pending → approved | rejected, by the mentee's own mentor or an admin; anything else is refused and changes nothing. */
  async decide(
    me: AuthUser,
    id: string,
    status: Extract<LeaveStatus, 'approved' | 'rejected'>,
    dto: DecideLeaveDto,
  ): Promise<LeaveResponse> {
    const leave = await this.leaves.findOne({ where: { id }, relations: { mentee: { user: true } } });
    if (!leave) throw LeaveException.notFound();
    if (me.role === 'mentor' && leave.mentee?.mentorId !== me.id) throw LeaveException.notYourMentee();
    if (leave.status !== 'pending') throw LeaveException.notPending(leave.status);
    const comments = dto.mentorComments || (status === 'approved' ? 'Approved' : 'Rejected');
    // A deadlock with a job that runs after an earlier commit (InnoDB) is retried, as filing and cancelling are.
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        // The status condition makes two concurrent decisions safe: only one of them changes the row.
        const res = await tx
          .createQueryBuilder()
          .update(LeaveRequest)
          .set({ status, approvedById: me.id, decidedAt: this.clock.now(), mentorComments: comments })
          .where('id = :id AND status = :pending', { id, pending: 'pending' })
          .execute();
        if (!res.affected) throw LeaveException.decidedConcurrently();
        if (status === 'approved') {
          // Each school day of the range becomes leave, in this transaction; days marked present are the approver's call.
          const dates = await this.calendar.schoolDaysBetween(leave.startDate, leave.endDate);
          const { conflicts } = await this.register().apply(
            tx,
            { id, menteeId: leave.menteeId, dates, markedById: me.id },
            dto.presentDays,
          );
          if (conflicts.length) throw LeaveException.attendanceConflict(conflicts);
        }
        await this.events.emit(tx, 'mentees.changed', { menteeIds: [leave.menteeId] });
        await this.tell(tx, 'leave.decided', {
          leave: {
            ...(await this.facts(tx, leave, leave.mentee?.user?.fullName ?? 'A student')),
            mentorId: leave.mentee?.mentorId ?? null,
          },
          status,
          comments,
        });
        // An admin deciding for another person's mentee is logged; a mentor's decision on their own mentee is not.
        if (me.role === 'admin')
          await this.audit.record(
            tx,
            me,
            status === 'approved' ? 'leave.approve' : 'leave.reject',
            {
              type: 'leave',
              id,
              label: `${leave.mentee?.user?.fullName ?? 'Deleted student'}: ${leave.startDate} to ${leave.endDate}`,
            },
            { status: { from: 'pending', to: status }, comments: { from: leave.mentorComments || null, to: comments } },
          );
      }),
    );
    await this.retireKeptReads({ ...leave, mentorId: leave.mentee?.mentorId }, status === 'approved');
    return this.one(id);
  }

  /**
   * A leave's change shows on the admin dashboard and its mentee's mentor's; an approved leave (approved or cancelled
   * now) also on the attendance of each day of its range (the day view lists who is on leave; its school days were
   * marked leave or put back) and of their months. A rejection or a pending leave's change leaves attendance alone.
   */
  private async retireKeptReads(
    leave: { menteeId: string; mentorId?: string | null; startDate?: string; endDate?: string },
    attendance = false,
  ): Promise<void> {
    const mentorId =
      leave.mentorId !== undefined
        ? leave.mentorId
        : (await this.profiles.mentorsOf([leave.menteeId])).get(leave.menteeId);
    await this.cache.retire(
      Scope.adminDashboard,
      Scope.menteeDashboard(leave.menteeId),
      mentorId ? (attendance ? Scope.mentorWithAttendance(mentorId) : [Scope.mentorDashboard(mentorId)]) : [],
      attendance && leave.startDate && leave.endDate ? Scope.attendanceBetween(leave.startDate, leave.endDate) : [],
    );
  }

  /** Every leave matching the filters, whatever page the screen shows. */
  async exportCsv(q: LeaveFiltersDto): Promise<string> {
    const leaves = await this.rows(this.query({ kind: 'admin' }, q));
    return toCsv(
      [
        'Student',
        'Student ID',
        'Mentor',
        'Type',
        'Start date',
        'End date',
        'Days',
        'School days',
        'Status',
        'Reason',
        'Decided by',
        'Decided at',
        'Comments',
        'Submitted at',
      ],
      leaves.map((l) => [
        l.menteeId?.fullName,
        l.menteeId?.studentId,
        l.mentorId?.fullName,
        l.leaveType,
        l.startDate,
        l.endDate,
        l.daysCount,
        l.schoolDays,
        l.status,
        l.reason,
        l.approvedBy?.fullName,
        l.decidedAt,
        l.mentorComments,
        l.createdAt,
      ]),
    );
  }

  /** Leaves with the people around them, one flat row each (leave.mapper.ts): one statement, every join to-one. */
  private query(scope: Scope, q: LeaveFiltersDto) {
    const qb = selectRow(
      this.leaves
        .createQueryBuilder('l')
        .innerJoin('l.mentee', 'mentee')
        .innerJoin('mentee.user', 'mu')
        .leftJoin('mentee.mentor', 'mentor')
        .leftJoin('mentor.user', 'tu')
        .leftJoin('l.approvedBy', 'approver')
        .leftJoin('l.filedBy', 'filer')
        .leftJoin(LeaveDocument, 'doc', 'doc.leaveId = l.id'),
      LEAVE_ROW,
    )
      .orderBy('l.createdAt', 'DESC')
      .addOrderBy('l.id', 'ASC');
    if (scope.kind === 'mentee') qb.andWhere('l.menteeId = :menteeId', { menteeId: scope.menteeId });
    if (scope.kind === 'mentor') qb.andWhere('mentee.mentorId = :mentorId', { mentorId: scope.mentorId });
    if (q.status) qb.andWhere('l.status = :status', { status: q.status });
    if (scope.kind === 'admin' && q.leaveType) qb.andWhere('l.leaveType = :type', { type: q.leaveType });
    if (scope.kind === 'admin' && q.search) {
      const term = containing(q.search);
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(`LOWER(mu.fullName) LIKE :term ${LIKE_ESCAPE}`, { term })
            .orWhere(`LOWER(tu.fullName) LIKE :term ${LIKE_ESCAPE}`, { term })
            .orWhere(`LOWER(l.leaveType) LIKE :term ${LIKE_ESCAPE}`, { term }),
        ),
      );
    }
    return qb;
  }

  /** Which of these students are on approved leave on `day` (guardian absence notices are not sent for them). */
  async onApprovedLeave(menteeIds: string[], day: string, tx: EntityManager = this.db.manager): Promise<Set<string>> {
    if (!menteeIds.length) return new Set();
    const rows = await tx.find(LeaveRequest, {
      select: { menteeId: true },
      where: {
        menteeId: In(menteeIds),
        status: 'approved',
        startDate: LessThanOrEqual(day),
        endDate: MoreThanOrEqual(day),
      },
    });
    return new Set(rows.map((r) => r.menteeId));
  }

  /** Every student on approved leave on `day` (the register's day view and its override rule). */
  async menteesOnLeave(day: string, tx: EntityManager = this.db.manager): Promise<Set<string>> {
    const rows = await tx.find(LeaveRequest, {
      select: { menteeId: true },
      where: { status: 'approved', startDate: LessThanOrEqual(day), endDate: MoreThanOrEqual(day) },
    });
    return new Set(rows.map((r) => r.menteeId));
  }

  /** Pending leaves: all of them, or those of a mentor's mentees. */
  countPending(mentorId?: string): Promise<number> {
    return this.leaves.countBy({ status: 'pending', ...(mentorId ? { mentee: { mentorId } } : {}) });
  }

  /**
   * The mentee dashboard's leaves: the latest `count` (as `recent`) and the mentee's pending and approved counts (as
   * `menteeCounts`), in one statement: each row carries the two counts (subqueries on the (menteeId, status) index);
   * a mentee without leaves has no row and counts 0.
   */
  async menteeOverview(
    menteeId: string,
    count: number,
  ): Promise<{ pending: number; approved: number; recent: LeaveResponse[] }> {
    const key = `mentee-overview:${count}`;
    let statement = this.recentStatements.get(key);
    if (!statement) {
      const counted = (status: LeaveStatus) =>
        `(SELECT COUNT(*) FROM leave_requests c WHERE c.menteeId = l.menteeId AND c.status = '${status}')`;
      const [sql, parameters] = this.query({ kind: 'mentee', menteeId: SCOPE_ID }, {})
        .addSelect(counted('pending'), 'pendingCount')
        .addSelect(counted('approved'), 'approvedCount')
        .orderBy('l.createdAt', 'DESC')
        .addOrderBy('l.id', 'DESC')
        .limit(count)
        .getQueryAndParameters();
      this.recentStatements.set(key, (statement = { sql, parameters }));
    }
    const rows = await this.leaves.query<
      (LeaveRow & { pendingCount: number | string; approvedCount: number | string })[]
    >(
      statement.sql,
      statement.parameters.map((p) => (p === SCOPE_ID ? menteeId : p)),
    );
    return {
      pending: Number(rows[0]?.pendingCount ?? 0),
      approved: Number(rows[0]?.approvedCount ?? 0),
      recent: await this.respond(rows),
    };
  }

  /** Leaves submitted in [from, to], counted by status. */
  async countsByStatus(from: Date, to: Date): Promise<{ _id: LeaveStatus; count: number }[]> {
    const rows = await this.leaves
      .createQueryBuilder('l')
      .select('l.status', '_id')
      .addSelect('COUNT(*)', 'count')
      .where({ createdAt: Between(from, to) })
      .groupBy('l.status')
      .orderBy('l.status')
      .getRawMany<{ _id: LeaveStatus; count: string | number }>();
    return rows.map((r) => ({ _id: r._id, count: Number(r.count) }));
  }

  private async rows(qb: ReturnType<LeavesService['query']>, forDeciders = false): Promise<LeaveResponse[]> {
    return this.respond(await qb.getRawMany<LeaveRow>(), forDeciders);
  }

  private async one(id: string): Promise<LeaveResponse> {
    return (await this.respond([await this.row(id)]))[0];
  }

  private async row(id: string): Promise<LeaveRow> {
    const leave = await this.query({ kind: 'admin' }, {}).andWhere('l.id = :id', { id }).getRawOne<LeaveRow>();
    if (!leave) throw LeaveException.notFound();
    return leave;
  }

  /** mentorId of a row is the mentee's mentor. */
  private assertCanSee(me: AuthUser, leave: LeaveRow): void {
    const ok =
      me.role === 'admin' ||
      (me.role === 'mentee' && leave.menteeId === me.id) ||
      (me.role === 'mentor' && leave.mentorId === me.id);
    if (!ok) throw LeaveException.notYours();
  }

  /** When each of these students' leave requests filed since `since` was filed; cancelled ones do not count. */
  async filedSince(menteeIds: readonly string[], since: Date): Promise<{ menteeId: string; createdAt: Date }[]> {
    if (!menteeIds.length) return [];
    return this.leaves.find({
      select: { menteeId: true, createdAt: true },
      where: { menteeId: In([...menteeIds]), createdAt: MoreThanOrEqual(since), status: Not('cancelled') },
    });
  }

  /** A leave as its notices need it (the student's current mentor looked up once). */
  private async facts(tx: EntityManager, leave: LeaveRequest, menteeName: string): Promise<LeaveFacts> {
    return {
      id: leave.id,
      menteeId: leave.menteeId,
      menteeName,
      mentorId: (await this.profiles.mentorsOf([leave.menteeId], tx)).get(leave.menteeId) ?? null,
      leaveType: leave.leaveType,
      startDate: leave.startDate,
      endDate: leave.endDate,
      filedById: leave.filedById,
    };
  }

  /**
   * The event (its notices: notification-map.ts) and, after the commit, a refetch on the screens of those who may see
   * the leave: the student, their mentor, the admins.
   */
  private async tell<E extends 'leave.filed' | 'leave.cancelled' | 'leave.decided'>(
    tx: EntityManager,
    event: E,
    payload: DomainEventMap[E],
  ): Promise<void> {
    await this.events.emit(tx, event, payload);
    const { leave } = payload;
    await this.notifications.recordChanged(
      tx,
      { type: 'leave', id: leave.id },
      { users: [leave.menteeId, ...(leave.mentorId ? [leave.mentorId] : [])], roles: ['admin'] },
    );
  }
}
