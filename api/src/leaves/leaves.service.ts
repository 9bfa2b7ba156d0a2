import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import { Brackets, DataSource, In, LessThanOrEqual, MoreThanOrEqual } from 'typeorm';
import type { LeaveResponse, LeaveStatus } from '@portal/contracts';
import type { AuthUser } from '../auth/auth-user';
import { toCsv } from '../common/csv';
import type { CreateLeaveDto } from './dto/create-leave.dto';
import type { DecideLeaveDto } from './dto/decide-leave.dto';
import type { ListLeavesQueryDto } from './dto/list-leaves.query.dto';
import { LeaveRequest } from './entities/leave-request.entity';
import { LeaveException } from './leave.exception';
import { leaveMapper, selectLeaveRow, type LeaveRow } from './leave.mapper';

export const MAX_LEAVE_DAYS = 60;
type Scope = { kind: 'mentee'; menteeId: string } | { kind: 'mentor'; mentorId: string } | { kind: 'admin' };

@Injectable()
export class LeavesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private mapper?: ReturnType<typeof leaveMapper>;
  private get toResponse() {
    return (this.mapper ??= leaveMapper(this.db));
  }

  /** SQL text of recent() per scope kind and count (see there). */
  private readonly recentSql = new Map<string, string>();

  async create(me: AuthUser, dto: CreateLeaveDto): Promise<LeaveResponse> {
    const start = dayjs(dto.startDate);
    const end = dayjs(dto.endDate);
    if (end.isBefore(start)) throw LeaveException.endBeforeStart();
    const daysCount = end.diff(start, 'day') + 1;
    if (daysCount > MAX_LEAVE_DAYS) throw LeaveException.tooLong(MAX_LEAVE_DAYS);
    const id = await this.db.transaction(async (tx) => {
      const clash = await tx.findOne(LeaveRequest, {
        where: { menteeId: me.id, status: In(['pending', 'approved']), startDate: LessThanOrEqual(dto.endDate), endDate: MoreThanOrEqual(dto.startDate) },
      });
      if (clash) throw LeaveException.overlaps(clash);
      const leave = await tx.save(tx.create(LeaveRequest, {
        menteeId: me.id, leaveType: dto.leaveType, startDate: dto.startDate, endDate: dto.endDate, daysCount, reason: dto.reason,
        status: 'pending', approvedById: null, decidedAt: null, mentorComments: '',
      }));
      return leave.id;
    });
    return this.one(id);
  }

  list(scope: Scope, q: ListLeavesQueryDto): Promise<LeaveResponse[]> {
    return this.rows(this.query(scope, q));
  }

  /**
   * The latest leaves of a scope (dashboards). One statement with LIMIT: every join is to-one, so a row is a leave
   * (find({ relations, take }) first runs a DISTINCT over every leave of the scope, joined, to pick the page). Ties
   * go by id DESC: the createdAt index holds the id, so MariaDB reads it backwards and stops after `count` rows,
   * where the list's mixed order (id ASC) sorts every leave of the school first.
   */
  async recent(scope: Scope, count: number): Promise<LeaveResponse[]> {
    const qb = this.query(scope, {}).orderBy('l.createdAt', 'DESC').addOrderBy('l.id', 'DESC').limit(count);
    // Every dashboard runs this. TypeORM writes the SQL text anew on each call, which for these six joined aliases
    // costs as much CPU as running it (~0.1 ms); for a scope kind and count the text never changes, only parameters.
    const key = `${scope.kind}:${count}`;
    let sql = this.recentSql.get(key);
    if (!sql) this.recentSql.set(key, (sql = qb.getQuery()));
    const [query, parameters] = this.db.driver.escapeQueryWithParameters(sql, qb.getParameters());
    return (await this.db.query<LeaveRow[]>(query, parameters)).map(this.toResponse);
  }

  async get(me: AuthUser, id: string): Promise<LeaveResponse> {
    const leave = await this.row(id);
    this.assertCanSee(me, leave);
    return this.toResponse(leave);
  }

  /** pending → approved | rejected, by the mentee's own mentor or an admin; anything else is refused and changes nothing. */
  async decide(me: AuthUser, id: string, status: Exclude<LeaveStatus, 'pending'>, dto: DecideLeaveDto): Promise<LeaveResponse> {
    const leave = await this.db.getRepository(LeaveRequest).findOne({ where: { id }, relations: { mentee: true } });
    if (!leave) throw LeaveException.notFound();
    if (me.role === 'mentor' && leave.mentee?.mentorId !== me.id) throw LeaveException.notYourMentee();
    if (leave.status !== 'pending') throw LeaveException.notPending(leave.status);
    const comments = dto.mentorComments || (status === 'approved' ? 'Approved' : 'Rejected');
    // The status condition makes two concurrent decisions safe: only one of them changes the row.
    const res = await this.db.getRepository(LeaveRequest).createQueryBuilder().update()
      .set({ status, approvedById: me.id, decidedAt: new Date(), mentorComments: comments })
      .where('id = :id AND status = :pending', { id, pending: 'pending' }).execute();
    if (!res.affected) throw LeaveException.decidedConcurrently();
    return this.one(id);
  }

  async exportCsv(q: ListLeavesQueryDto): Promise<string> {
    const leaves = await this.rows(this.query({ kind: 'admin' }, q));
    return toCsv(
      ['Student', 'Student ID', 'Mentor', 'Type', 'Start date', 'End date', 'Days', 'Status', 'Reason', 'Decided by', 'Decided at', 'Comments', 'Submitted at'],
      leaves.map((l) => [
        l.menteeId?.fullName, l.menteeId?.studentId, l.mentorId?.fullName, l.leaveType, l.startDate, l.endDate, l.daysCount, l.status,
        l.reason, l.approvedBy?.fullName, l.decidedAt, l.mentorComments, l.createdAt,
      ]),
    );
  }

  /** Leaves with the people around them, as flat rows (see leave.mapper.ts). */
  private query(scope: Scope, q: ListLeavesQueryDto) {
    const qb = selectLeaveRow(this.db.getRepository(LeaveRequest).createQueryBuilder('l')
      .innerJoin('l.mentee', 'mentee').innerJoin('mentee.user', 'mu')
      .leftJoin('mentee.mentor', 'mentor').leftJoin('mentor.user', 'tu')
      .leftJoin('l.approvedBy', 'approver'))
      .orderBy('l.createdAt', 'DESC').addOrderBy('l.id', 'ASC');
    if (scope.kind === 'mentee') qb.andWhere('l.menteeId = :menteeId', { menteeId: scope.menteeId });
    if (scope.kind === 'mentor') qb.andWhere('mentee.mentorId = :mentorId', { mentorId: scope.mentorId });
    if (q.status) qb.andWhere('l.status = :status', { status: q.status });
    if (scope.kind === 'admin' && q.leaveType) qb.andWhere('l.leaveType = :type', { type: q.leaveType });
    if (scope.kind === 'admin' && q.search) {
      const term = `%${q.search.toLowerCase()}%`;
      qb.andWhere(new Brackets((w) => w.where('LOWER(mu.fullName) LIKE :term', { term }).orWhere('LOWER(tu.fullName) LIKE :term', { term })
        .orWhere('LOWER(l.leaveType) LIKE :term', { term })));
    }
    return qb;
  }

  private async rows(qb: ReturnType<LeavesService['query']>): Promise<LeaveResponse[]> {
    return (await qb.getRawMany<LeaveRow>()).map(this.toResponse);
  }

  private async one(id: string): Promise<LeaveResponse> {
    return this.toResponse(await this.row(id));
  }

  private async row(id: string): Promise<LeaveRow> {
    const leave = await this.query({ kind: 'admin' }, {}).andWhere('l.id = :id', { id }).getRawOne<LeaveRow>();
    if (!leave) throw LeaveException.notFound();
    return leave;
  }

  /** mentorId of a row is the mentee's mentor. */
  private assertCanSee(me: AuthUser, leave: LeaveRow): void {
    const ok = me.role === 'admin' || (me.role === 'mentee' && leave.menteeId === me.id) || (me.role === 'mentor' && leave.mentorId === me.id);
    if (!ok) throw LeaveException.notYours();
  }
}
