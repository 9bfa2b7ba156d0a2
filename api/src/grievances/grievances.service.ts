import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import { Brackets, DataSource, In, type Repository } from 'typeorm';
import {
  GRIEVANCE_ADMIN_TRANSITIONS,
  GRIEVANCE_CATEGORY_PRIORITY,
  GRIEVANCE_TRANSITIONS,
  GRIEVANCE_TYPE_TO_CATEGORY,
  type GrievanceCommentResponse,
  type GrievancePriority,
  type GrievanceResponse,
  type GrievanceStatus,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { AuthUser } from '../common/auth-user';
import { toCsv } from '../common/csv';
import { MenteeChanges } from '../common/mentee-changes';
import { selectRow } from '../common/raw-row';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import type { CreateGrievanceDto } from './dto/create-grievance.dto';
import type { GrievanceActionDto } from './dto/grievance-action.dto';
import type { ListGrievancesQueryDto } from './dto/list-grievances.query.dto';
import { Grievance, GrievanceComment } from './entities/grievance.entity';
import { GrievanceException } from './grievance.exception';
import { GRIEVANCE_ROW, toGrievanceCommentResponse, toGrievanceResponse, type GrievanceRow } from './grievance.mapper';

type Scope = { kind: 'mentee'; menteeId: string } | { kind: 'mentor'; mentorId: string } | { kind: 'admin' };
export type GrievanceAction = 'review' | 'resolve' | 'reject';
const TARGET: Record<GrievanceAction, GrievanceStatus> = {
  review: 'in-progress',
  resolve: 'resolved',
  reject: 'rejected',
};

@Injectable()
export class GrievancesService implements OnModuleInit {
  /** Told, in the transaction, whose grievances changed state (the follow-up module re-evaluates their risk signals). */
  readonly changes = new MenteeChanges();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Grievance) private readonly grievances: Repository<Grievance>,
    @InjectRepository(GrievanceComment) private readonly commentRepo: Repository<GrievanceComment>,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  /** A deleted mentee's grievances go with their threads; the person's comments on others' grievances go too. */
  onModuleInit(): void {
    this.cleanup.register(CLEANUP_ORDER.grievances, async (user, tx): Promise<Removed> => {
      await tx.delete(GrievanceComment, { authorId: user.id });
      if (user.role !== 'mentee') return {};
      const ids = (await tx.find(Grievance, { where: { menteeId: user.id }, select: { id: true } })).map((g) => g.id);
      if (ids.length) await tx.delete(GrievanceComment, { grievanceId: In(ids) });
      return { grievances: (await tx.delete(Grievance, { menteeId: user.id })).affected ?? 0 };
    });
  }

  async create(me: AuthUser, dto: CreateGrievanceDto): Promise<GrievanceResponse> {
    if (dayjs(dto.dateOfIncident).isAfter(dayjs(), 'day')) throw GrievanceException.incidentInFuture();
    const category = dto.category ?? GRIEVANCE_TYPE_TO_CATEGORY[dto.grievanceType];
    const saved = await this.grievances.save(
      this.grievances.create({
        menteeId: me.id,
        name: dto.name,
        email: dto.email,
        rollNo: dto.rollNo,
        subject: dto.subject,
        grievanceType: dto.grievanceType,
        category,
        dateOfIncident: dto.dateOfIncident,
        description: dto.description,
        priority: GRIEVANCE_CATEGORY_PRIORITY[category],
        status: 'pending',
        mentorComments: '',
        adminComments: '',
        resolution: '',
        resolvedAt: null,
      }),
    );
    return this.one(saved.id);
  }

  async list(scope: Scope, q: ListGrievancesQueryDto): Promise<GrievanceResponse[]> {
    return (await this.query(scope, q).getRawMany<GrievanceRow>()).map(toGrievanceResponse);
  }

  async get(me: AuthUser, id: string): Promise<GrievanceResponse> {
    return toGrievanceResponse(await this.loadVisible(me, id));
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
          ...(action === 'resolve' ? { resolution: dto.resolution, resolvedAt: new Date() } : {}),
        })
        .where('id = :id AND status = :from', { id, from: g.status })
        .execute();
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.changes.changed(tx, [g.menteeId]);
      const said = action === 'resolve' ? dto.resolution : (dto.adminComments ?? dto.mentorComments);
      await this.notifications.notify(tx, [g.menteeId], {
        kind: 'grievance.status',
        title: `Your grievance "${g.subject}" is now ${target.replace('-', ' ')}`,
        body: said ? `${action === 'resolve' ? 'Resolution' : 'Comment'}: ${said}` : '',
        link: '/grievances',
      });
      // An admin's decision on another person's grievance is logged; a mentor's on their own mentee's is not.
      if (me.role === 'admin')
        await this.audit.record(
          tx,
          me,
          'grievance.status',
          { type: 'grievance', id, label: `${g.subject} (${g.menteeName ?? 'deleted student'})` },
          {
            status: { from: g.status, to: target },
            ...(action === 'resolve' ? { resolution: { from: null, to: dto.resolution } } : {}),
          },
        );
    });
    return this.one(id);
  }

  /** Admins set the priority of an open grievance; resolved and rejected ones stay as they were closed. */
  async setPriority(me: AuthUser, id: string, priority: GrievancePriority): Promise<GrievanceResponse> {
    await this.db.transaction(async (tx) => {
      const g = await tx.findOneBy(Grievance, { id });
      if (!g) throw GrievanceException.notFound();
      if (!GRIEVANCE_TRANSITIONS[g.status].length) throw GrievanceException.closed(g.status);
      if (g.priority === priority) return;
      // Only while still open and unchanged since read: a decision taken meanwhile wins.
      const res = await tx.update(Grievance, { id, status: g.status, priority: g.priority }, { priority });
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.audit.record(
        tx,
        me,
        'grievance.priority',
        { type: 'grievance', id, label: g.subject },
        { priority: { from: g.priority, to: priority } },
      );
    });
    return this.one(id);
  }

  async comments(me: AuthUser, id: string): Promise<GrievanceCommentResponse[]> {
    await this.loadVisible(me, id);
    const rows = await this.commentRepo.find({
      where: { grievanceId: id },
      relations: { author: true },
      order: { createdAt: 'ASC' },
    });
    return rows.map(toGrievanceCommentResponse);
  }

  async addComment(me: AuthUser, id: string, content: string): Promise<GrievanceCommentResponse> {
    const g = await this.loadVisible(me, id);
    const saved = await this.db.transaction(async (tx) => {
      const comment = await tx.save(tx.create(GrievanceComment, { grievanceId: id, authorId: me.id, content }));
      // Staff's comment reaches the student; the student's reaches their mentor (the admins when they have none).
      const input = {
        kind: 'grievance.comment' as const,
        title: `New comment on the grievance "${g.subject}"`,
        body: `${me.fullName}: ${content.length > 300 ? `${content.slice(0, 300)}…` : content}`,
      };
      if (me.role !== 'mentee') await this.notifications.notify(tx, [g.menteeId], { ...input, link: '/grievances' });
      else if (g.mentorId) await this.notifications.notify(tx, [g.mentorId], { ...input, link: '/grievances' });
      else await this.notifications.notifyAdmins(tx, { ...input, link: '/admin/grievances' });
      return comment;
    });
    return toGrievanceCommentResponse(
      await this.commentRepo.findOneOrFail({ where: { id: saved.id }, relations: { author: true } }),
    );
  }

  async exportCsv(q: ListGrievancesQueryDto): Promise<string> {
    const rows = (await this.query({ kind: 'admin' }, q).getRawMany<GrievanceRow>()).map(toGrievanceResponse);
    return toCsv(
      [
        'Student',
        'Student ID',
        'Subject',
        'Type',
        'Category',
        'Priority',
        'Status',
        'Date of incident',
        'Description',
        'Resolution',
        'Mentor comments',
        'Admin comments',
        'Submitted at',
        'Resolved at',
      ],
      rows.map((g) => [
        g.menteeId?.fullName,
        g.menteeId?.studentId,
        g.subject,
        g.grievanceType,
        g.category,
        g.priority,
        g.status,
        g.dateOfIncident,
        g.description,
        g.resolution,
        g.mentorComments,
        g.adminComments,
        g.createdAt,
        g.resolvedAt,
      ]),
    );
  }

  /** mentorId of a row is the mentee's mentor. */
  private async loadVisible(me: AuthUser, id: string): Promise<GrievanceRow> {
    const g = await this.row(id);
    const ok =
      me.role === 'admin' ||
      (me.role === 'mentee' && g.menteeId === me.id) ||
      (me.role === 'mentor' && g.mentorId === me.id);
    if (!ok) throw GrievanceException.notVisible(me.role);
    return g;
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
    if (scope.kind === 'mentor') qb.andWhere('mentee.mentorId = :mentorId', { mentorId: scope.mentorId });
    if (q.status) qb.andWhere('g.status = :status', { status: q.status });
    if (scope.kind === 'admin' && q.category) qb.andWhere('g.category = :category', { category: q.category });
    if (scope.kind === 'admin' && q.search) {
      const term = `%${q.search.toLowerCase()}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('LOWER(mu.fullName) LIKE :term', { term })
            .orWhere('LOWER(g.subject) LIKE :term', { term })
            .orWhere('LOWER(g.grievanceType) LIKE :term', { term })
            .orWhere('LOWER(g.category) LIKE :term', { term }),
        ),
      );
    }
    return qb;
  }

  private async one(id: string): Promise<GrievanceResponse> {
    return toGrievanceResponse(await this.row(id));
  }

  private async row(id: string): Promise<GrievanceRow> {
    const g = await this.query({ kind: 'admin' }, {}).andWhere('g.id = :id', { id }).getRawOne<GrievanceRow>();
    if (!g) throw GrievanceException.notFound();
    return g;
  }

  /** Grievances in these statuses. */
  countInStatus(statuses: GrievanceStatus[]): Promise<number> {
    return this.grievances.countBy({ status: In(statuses) });
  }

  /** A mentor's mentees' grievances: all, and those still open, in one statement. */
  async mentorCounts(mentorId: string): Promise<{ total: number; open: number }> {
    const row = await this.grievances
      .createQueryBuilder('g')
      .innerJoin('g.mentee', 'm')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN g.status IN ('pending', 'in-progress') THEN 1 ELSE 0 END)", 'open')
      .where('m.mentorId = :mentorId', { mentorId })
      .getRawOne<{ total: string | number; open: string | number | null }>();
    return { total: Number(row?.total ?? 0), open: Number(row?.open ?? 0) };
  }

  countOfMentee(menteeId: string): Promise<number> {
    return this.grievances.countBy({ menteeId });
  }
}
