import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import { Brackets, DataSource, In, LessThanOrEqual, MoreThanOrEqual } from 'typeorm';
import type { LeaveResponse, LeaveStatus } from '@portal/contracts';
import type { AuthUser } from '../auth/auth-user';
import { toCsv } from '../common/csv';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import type { CreateLeaveDto } from './dto/create-leave.dto';
import type { DecideLeaveDto } from './dto/decide-leave.dto';
import type { ListLeavesQueryDto } from './dto/list-leaves.query.dto';
import { LeaveRequest } from './entities/leave-request.entity';
import { LEAVE_RELATIONS, toLeaveResponse } from './leave.mapper';

export const MAX_LEAVE_DAYS = 60;
type Scope = { kind: 'mentee'; menteeId: string } | { kind: 'mentor'; mentorId: string } | { kind: 'admin' };

@Injectable()
export class LeavesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(me: AuthUser, dto: CreateLeaveDto): Promise<LeaveResponse> {
    const start = dayjs(dto.startDate);
    const end = dayjs(dto.endDate);
    if (end.isBefore(start)) throw new BadRequestException('End date cannot be before the start date');
    const daysCount = end.diff(start, 'day') + 1;
    if (daysCount > MAX_LEAVE_DAYS) throw new BadRequestException(`A leave request can cover at most ${MAX_LEAVE_DAYS} days`);
    const id = await this.db.transaction(async (tx) => {
      const clash = await tx.findOne(LeaveRequest, {
        where: { menteeId: me.id, status: In(['pending', 'approved']), startDate: LessThanOrEqual(dto.endDate), endDate: MoreThanOrEqual(dto.startDate) },
      });
      if (clash) {
        throw new ConflictException(`You already have a ${clash.status} leave request from ${clash.startDate} to ${clash.endDate} that overlaps these dates`);
      }
      const leave = await tx.save(tx.create(LeaveRequest, {
        menteeId: me.id, leaveType: dto.leaveType, startDate: dto.startDate, endDate: dto.endDate, daysCount, reason: dto.reason,
        status: 'pending', approvedById: null, decidedAt: null, mentorComments: '',
      }));
      return leave.id;
    });
    return this.one(id);
  }

  list(scope: Scope, q: ListLeavesQueryDto): Promise<LeaveResponse[]> {
    return this.query(scope, q).getMany().then((rows) => rows.map(toLeaveResponse));
  }

  async get(me: AuthUser, id: string): Promise<LeaveResponse> {
    const leave = await this.db.getRepository(LeaveRequest).findOne({ where: { id }, relations: LEAVE_RELATIONS });
    if (!leave) throw new NotFoundException('Leave request not found');
    this.assertCanSee(me, leave);
    return toLeaveResponse(leave);
  }

  /** pending → approved | rejected, by the mentee's own mentor or an admin; anything else is refused and changes nothing. */
  async decide(me: AuthUser, id: string, status: Exclude<LeaveStatus, 'pending'>, dto: DecideLeaveDto): Promise<LeaveResponse> {
    const leave = await this.db.getRepository(LeaveRequest).findOne({ where: { id }, relations: { mentee: true } });
    if (!leave) throw new NotFoundException('Leave request not found');
    if (me.role === 'mentor' && leave.mentee?.mentorId !== me.id) throw new ForbiddenException('You can only decide leave requests of your own mentees');
    if (leave.status !== 'pending') throw new ConflictException(`This leave request is already ${leave.status}`);
    const comments = dto.mentorComments || (status === 'approved' ? 'Approved' : 'Rejected');
    // The status condition makes two concurrent decisions safe: only one of them changes the row.
    const res = await this.db.getRepository(LeaveRequest).createQueryBuilder().update()
      .set({ status, approvedById: me.id, decidedAt: new Date(), mentorComments: comments })
      .where('id = :id AND status = :pending', { id, pending: 'pending' }).execute();
    if (!res.affected) throw new ConflictException('This leave request was decided by someone else a moment ago');
    return this.one(id);
  }

  async exportCsv(q: ListLeavesQueryDto): Promise<string> {
    const rows = await this.query({ kind: 'admin' }, q).getMany();
    return toCsv(
      ['Student', 'Student ID', 'Mentor', 'Type', 'Start date', 'End date', 'Days', 'Status', 'Reason', 'Decided by', 'Decided at', 'Comments', 'Submitted at'],
      rows.map(toLeaveResponse).map((l) => [
        l.menteeId?.fullName, l.menteeId?.studentId, l.mentorId?.fullName, l.leaveType, l.startDate, l.endDate, l.daysCount, l.status,
        l.reason, l.approvedBy?.fullName, l.decidedAt, l.mentorComments, l.createdAt,
      ]),
    );
  }

  private query(scope: Scope, q: ListLeavesQueryDto) {
    const qb = this.db.getRepository(LeaveRequest).createQueryBuilder('l')
      .innerJoinAndSelect('l.mentee', 'mentee').innerJoinAndSelect('mentee.user', 'mu')
      .leftJoinAndSelect('mentee.mentor', 'mentor').leftJoinAndSelect('mentor.user', 'tu')
      .leftJoinAndSelect('l.approvedBy', 'approver')
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

  private async one(id: string): Promise<LeaveResponse> {
    return toLeaveResponse(await this.db.getRepository(LeaveRequest).findOneOrFail({ where: { id }, relations: LEAVE_RELATIONS }));
  }

  private assertCanSee(me: AuthUser, leave: LeaveRequest & { mentee?: MenteeProfile }): void {
    const ok = me.role === 'admin' || (me.role === 'mentee' && leave.menteeId === me.id) || (me.role === 'mentor' && leave.mentee?.mentorId === me.id);
    if (!ok) throw new ForbiddenException('You can only see your own leave requests');
  }
}
