import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import {
  GRIEVANCE_ADMIN_TRANSITIONS,
  GRIEVANCE_CATEGORY_PRIORITY,
  GRIEVANCE_TRANSITIONS,
  GRIEVANCE_TYPE_TO_CATEGORY,
  SENT_TO_ADMINS_DETAIL,
  isConfidentialGrievance,
  pastDeadlineDetail,
  type GrievanceCategory,
  type GrievancePriority,
  type GrievanceResponse,
  type GrievanceStatus,
  type RevealedIdentityResponse,
  type Role,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { CalendarService } from '../calendar/calendar.service';
import { Clock } from '../dates/clock';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope as KeptRead, changesNoKeptRead } from '../read-cache/read-scopes';
import { NotificationsService } from '../notifications/notifications.service';
import type { AuthUser } from '../common/auth-user';
import type { ArrayPage } from '../common/array-page';
import { windowOf } from '../common/pagination.dto';
import { DomainEvents } from '../events/domain-events';
import { isoDateTime } from '../common/raw-row';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import type { CreateGrievanceDto } from './dto/create-grievance.dto';
import type { GrievanceActionDto } from './dto/grievance-action.dto';
import type { ListGrievancesQueryDto } from './dto/list-grievances.query.dto';
import { Grievance, GrievanceComment, GrievanceEvent } from './entities/grievance.entity';
import { GrievanceComments } from './grievance-comments.service';
import { GrievanceDeadlines } from './grievance-deadlines';
import { GrievanceReader, OPEN_STATUSES, type GrievanceScope } from './grievance-reader';
import { GrievanceTickets } from './grievance-tickets';
import { flag, grievanceFacts, handlersOf } from './grievance-visibility';
import { GrievanceException } from './grievance.exception';
import { toGrievanceResponse, type GrievanceRow } from './grievance.mapper';
import { DataExportRegistry } from '../users/data-export.registry';
import { ErasureRegistry } from '../users/erasure.registry';
import { containingAny, excerpt } from '../common/erasure-text';
import { iso } from '../dates/iso';

export type GrievanceAction = 'review' | 'resolve' | 'reject';
const TARGET: Record<GrievanceAction, GrievanceStatus> = {
  review: 'in-progress',
  resolve: 'resolved',
  reject: 'rejected',
};

/**
 * A grievance's workflow: filing, the handlers' steps and the admins' decisions, the student's answer, and the
 * escalation past its deadline. Each step writes its timeline line and domain event in its own transaction. Comments
 * and the timeline live in GrievanceComments, counts in GrievanceReports, who may see what in grievance-visibility.ts.
 */
@Injectable()
export class GrievancesService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
    @InjectRepository(Grievance) private readonly grievances: Repository<Grievance>,
    private readonly reader: GrievanceReader,
    private readonly timeline: GrievanceComments,
    private readonly tickets: GrievanceTickets,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly deadlines: GrievanceDeadlines,
    private readonly clock: Clock,
    private readonly cache: ReadCache,
    private readonly calendar: CalendarService,
    @InjectRepository(GrievanceComment) private readonly comments: Repository<GrievanceComment>,
    private readonly exports: DataExportRegistry,
    private readonly erasure: ErasureRegistry,
  ) {}

  /** A deleted mentee's grievances go with their threads; the person's comments on others' grievances go too. */
  onModuleInit(): void {
    // An admin's export leaves out what the student filed with their name withheld and no one has revealed: listing
    // it under the student would name them. The student's own export has everything, with their comments.
    this.exports.register('grievances', async (menteeId, { forStudent }) => {
      const filed = await this.grievances.find({ where: { menteeId }, order: { createdAt: 'ASC' } });
      const shown = forStudent ? filed : filed.filter((g) => !g.nameWithheld || g.identityRevealedAt);
      const comments = shown.length
        ? await this.comments.find({ where: { grievanceId: In(shown.map((g) => g.id)), authorId: menteeId } })
        : [];
      return {
        filed: shown,
        commentsWritten: comments,
        ...(forStudent ? {} : { withheldNotShown: filed.length - shown.length }),
      };
    });
    this.cleanup.register(CLEANUP_ORDER.grievances, async (user, tx): Promise<Removed> => {
      if (user.role !== 'mentee') {
        await tx.delete(GrievanceComment, { authorId: user.id });
        return {};
      }
      // A student's open grievances are under a legal hold: kept with their thread and timeline, the name as filed,
      // no longer tied to the account (so no one reads them as the student). The rest go.
      const filed = await tx.find(Grievance, { where: { menteeId: user.id }, select: { id: true, status: true } });
      const heldIds = filed.filter((g) => OPEN_STATUSES.includes(g.status)).map((g) => g.id);
      const ids = filed.filter((g) => !heldIds.includes(g.id)).map((g) => g.id);
      if (heldIds.length) {
        await tx.update(GrievanceComment, { grievanceId: In(heldIds), authorId: user.id }, { authorId: null });
        await tx.update(Grievance, { id: In(heldIds) }, { menteeId: null });
      }
      await tx.delete(GrievanceComment, { authorId: user.id });
      if (ids.length) {
        await tx.delete(GrievanceComment, { grievanceId: In(ids) });
        await tx.delete(GrievanceEvent, { grievanceId: In(ids) });
        await tx.delete(Grievance, { id: In(ids) });
      }
      return { grievances: ids.length };
    });
    this.erasure.register({
      holds: async (menteeId, tx) => {
        const open = await tx.find(Grievance, {
          where: { menteeId, status: In(OPEN_STATUSES) },
          select: { id: true, nameWithheld: true, identityRevealedAt: true },
        });
        const withheld = open.filter((g) => g.nameWithheld && !g.identityRevealedAt).length;
        return { openGrievances: open.length - withheld, withheldGrievances: withheld };
      },
      // Others' grievances and comments that name the student.
      mentions: async ({ id, fullName }) => {
        const filed = await containingAny(
          this.grievances
            .createQueryBuilder('g')
            .select(['g.id', 'g.subject', 'g.description', 'g.createdAt'])
            .where('(g.menteeId IS NULL OR g.menteeId <> :id)', { id }),
          ['g.subject', 'g.description'],
          [fullName],
        ).getMany();
        // Comments on the student's own grievances go with them or are held with them: not others' text to review.
        const said = await containingAny(
          this.comments
            .createQueryBuilder('c')
            .innerJoin(Grievance, 'g', 'g.id = c.grievanceId')
            .select(['c.id', 'c.content', 'c.createdAt'])
            .where('(c.authorId IS NULL OR c.authorId <> :id)', { id })
            .andWhere('(g.menteeId IS NULL OR g.menteeId <> :id)', { id }),
          ['c.content'],
          [fullName],
        ).getMany();
        return [
          ...filed.map((g) => ({
            kind: 'grievance' as const,
            id: g.id,
            excerpt: excerpt(`${g.subject}: ${g.description}`, fullName),
            createdAt: iso(g.createdAt)!,
          })),
          ...said.map((c) => ({
            kind: 'grievanceComment' as const,
            id: c.id,
            excerpt: excerpt(c.content, fullName),
            createdAt: iso(c.createdAt)!,
          })),
        ];
      },
    });
  }

  async create(me: AuthUser, dto: CreateGrievanceDto): Promise<GrievanceResponse> {
    // The school's today: a school ahead of UTC files the morning's incident before UTC's midnight.
    if (dto.dateOfIncident > (await this.calendar.today())) throw GrievanceException.incidentInFuture();
    const category = dto.category ?? GRIEVANCE_TYPE_TO_CATEGORY[dto.grievanceType];
    const priority = GRIEVANCE_CATEGORY_PRIORITY[category];
    const now = this.clock.now();
    const deadlineAt = await this.deadlines.deadlineFor(now, priority);
    const aboutMentor = !!dto.aboutMentor;
    const confidential = isConfidentialGrievance({ grievanceType: dto.grievanceType, category, aboutMentor });
    const year = now.getUTCFullYear();
    await this.tickets.ensureCounter(year);
    const id = await this.db.transaction(async (tx) => {
      const saved = await tx.save(
        tx.create(Grievance, {
          menteeId: me.id,
          ticketNumber: await this.tickets.nextTicket(tx, year),
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
      await this.timeline.addEvent(tx, saved.id, me, 'filed', confidential ? SENT_TO_ADMINS_DETAIL : '', now);
      const filed = await this.reader.row(saved.id, tx);
      await this.events.emit(tx, 'grievance.filed', { grievance: grievanceFacts(filed) });
      await this.announce(tx, filed);
      return saved.id;
    });
    const row = await this.reader.row(id);
    await this.retireKeptReads(row);
    return toGrievanceResponse(row, me.role);
  }

  /**
   * The page `q` asks for, and how many match over every page: both read through the scope's visibility condition
   * (GrievanceReader.query), so the count never tells of a grievance the reader may not see.
   */
  async list(scope: GrievanceScope, q: ListGrievancesQueryDto): Promise<ArrayPage<GrievanceResponse>> {
    const viewer = scope.kind;
    const { skip, limit } = windowOf(q);
    const matching = this.reader.query(scope, q);
    const total = await matching.getCount();
    const rows = total > skip ? await matching.offset(skip).limit(limit).getRawMany<GrievanceRow>() : [];
    return { rows: rows.map((g) => toGrievanceResponse(g, viewer)), total };
  }

  /** Opening one grievance; a staff member's opening is a 'viewed' line on the student's timeline (once a day). */
  async get(me: AuthUser, id: string): Promise<GrievanceResponse> {
    const g = await this.reader.loadVisible(me, id);
    if (me.role !== 'mentee') await this.timeline.addView(me, id);
    return toGrievanceResponse(g, me.role);
  }

  /**
   * One status model for both screens: pending → in-progress | resolved | rejected; in-progress → resolved | rejected
   * for mentors, in-progress → resolved only for admins (SPEC.md section 4). A move not allowed is 409 and changes nothing.
   */
  async act(me: AuthUser, id: string, action: GrievanceAction, dto: GrievanceActionDto): Promise<GrievanceResponse> {
    const g = await this.reader.loadVisible(me, id);
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
      if (g.menteeId) await this.events.emit(tx, 'mentees.changed', { menteeIds: [g.menteeId] });
      const said = action === 'resolve' ? dto.resolution : (dto.adminComments ?? dto.mentorComments);
      await this.timeline.addEvent(tx, id, me, 'status', `${g.status} → ${target}`);
      await this.events.emit(tx, 'grievance.status', {
        grievance: grievanceFacts(g),
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
    return this.reader.one(id, me.role);
  }

  /** Admins set the priority of an open grievance (its deadline follows); closed ones stay as they were closed. */
  async setPriority(me: AuthUser, id: string, priority: GrievancePriority): Promise<GrievanceResponse> {
    changesNoKeptRead();
    const g = await this.reader.row(id);
    if (!GRIEVANCE_TRANSITIONS[g.status].length) throw GrievanceException.closed(g.status);
    if (g.priority === priority) return this.reader.one(id, me.role);
    const deadlineAt = await this.deadlines.deadlineFor(new Date(isoDateTime(g.createdAt)!), priority);
    await this.db.transaction(async (tx) => {
      // Only while still open and unchanged since read: a decision taken meanwhile wins.
      const res = await tx.update(Grievance, { id, status: g.status, priority: g.priority }, { priority, deadlineAt });
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.timeline.addEvent(tx, id, me, 'priority', `${g.priority} → ${priority}`);
      await this.audit.record(tx, me, 'grievance.priority', this.auditTarget(g), {
        priority: { from: g.priority, to: priority },
      });
    });
    return this.reader.one(id, me.role);
  }

  /** Admins recategorise an open grievance; moving it to harassment makes it confidential (never the other way). */
  async setCategory(me: AuthUser, id: string, category: GrievanceCategory): Promise<GrievanceResponse> {
    const g = await this.reader.row(id);
    if (!GRIEVANCE_TRANSITIONS[g.status].length) throw GrievanceException.closed(g.status);
    if (g.category === category) return this.reader.one(id, me.role);
    const confidential = flag(g.confidential) || category === 'harassment';
    await this.db.transaction(async (tx) => {
      const res = await tx.update(
        Grievance,
        { id, status: g.status, category: g.category },
        { category, confidential },
      );
      if (!res.affected) throw GrievanceException.changedConcurrently();
      await this.timeline.addEvent(tx, id, me, 'category', `${g.category} → ${category}`);
      await this.audit.record(tx, me, 'grievance.category', this.auditTarget(g), {
        category: { from: g.category, to: category },
        ...(confidential !== flag(g.confidential) ? { confidential: { from: false, to: true } } : {}),
      });
      // Those who saw it before refetch too: a mentor's screens drop one that became confidential.
      await this.announce(tx, g);
    });
    await this.retireKeptReads(g);
    return this.reader.one(id, me.role);
  }

  /** An admin reveals a withheld identity: the reason is in the audit log and on the student's timeline. */
  async reveal(me: AuthUser, id: string, reason: string): Promise<RevealedIdentityResponse> {
    changesNoKeptRead();
    const g = await this.reader.row(id);
    if (!flag(g.nameWithheld)) throw GrievanceException.notWithheld();
    await this.db.transaction(async (tx) => {
      await tx
        .createQueryBuilder()
        .update(Grievance)
        .set({ identityRevealedAt: this.clock.now() })
        .where('id = :id AND identityRevealedAt IS NULL', { id })
        .execute();
      await this.timeline.addEvent(tx, id, me, 'identity-revealed', reason);
      await this.notifications.revealDeliveries(tx, id);
      await this.audit.record(tx, me, 'grievance.reveal', this.auditTarget(g), {
        reason: { from: null, to: reason },
      });
    });
    // An erased student's held grievance names them only as filed.
    if (!g.menteeId) return { menteeId: '', fullName: g.name, studentId: g.rollNo, email: g.email };
    return { menteeId: g.menteeId, fullName: g.menteeName ?? '', studentId: g.studentId, email: g.email };
  }

  /** The student accepts the resolution (also a second one, after reopening). */
  async confirm(me: AuthUser, id: string): Promise<GrievanceResponse> {
    changesNoKeptRead();
    const g = await this.reader.loadVisible(me, id);
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
      await this.timeline.addEvent(tx, id, me, 'confirmed', '');
    });
    return this.reader.one(id, me.role);
  }

  /** The student reopens a resolved grievance, once, with a reason: it is back in progress with its handlers. */
  async reopen(me: AuthUser, id: string, reason: string): Promise<GrievanceResponse> {
    const g = await this.reader.loadVisible(me, id);
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
      await this.timeline.addEvent(tx, id, me, 'reopened', reason);
      await this.events.emit(tx, 'grievance.reopened', { grievance: grievanceFacts(g), reason });
      await this.announce(tx, g);
    });
    await this.retireKeptReads(g);
    return this.reader.one(id, me.role);
  }

  /** A resolution is confirmed once; it may be reopened once, and not after it was confirmed. */
  private assertAnswerable(g: GrievanceRow, reopening: boolean): void {
    if (g.status !== 'resolved') throw GrievanceException.notResolved();
    if (g.confirmedAt || (reopening && g.reopenedAt)) throw GrievanceException.alreadyAnswered();
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
      .where('g.escalatedAt IS NULL AND g.deadlineAt <= :now AND g.status IN (:...open)', { now, open: OPEN_STATUSES })
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
            open: OPEN_STATUSES,
          })
          .execute();
        if (!res.affected) return false;
        const g = await this.reader.row(id, tx);
        await this.timeline.addEvent(tx, id, null, 'escalated', pastDeadlineDetail(g.priority), now);
        await this.events.emit(tx, 'grievance.escalated', {
          grievance: grievanceFacts(g),
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

  /** The audit log names the ticket and subject, never the student (who may have withheld their name). */
  private auditTarget(g: GrievanceRow) {
    return { type: 'grievance', id: g.id, label: `${g.ticketNumber ?? ''} ${g.subject}`.trim() };
  }

  /** After the commit, the screens of those who may see it (the student, its handlers) refetch it. */
  private announce(tx: EntityManager, g: GrievanceRow): Promise<void> {
    const handlers = handlersOf(g);
    return this.notifications.recordChanged(
      tx,
      { type: 'grievance', id: g.id },
      {
        users: [...(g.menteeId ? [g.menteeId] : []), ...handlers.users],
        roles: [...new Set<Role>(['admin', ...handlers.roles])],
      },
    );
  }

  /**
   * A grievance's filing, status or confidentiality shows in the admin dashboard's counts and in its mentee's mentor's
   * (confidential ones left out there), and its filing in its mentee's count. Its priority, comments, confirmation or
   * revealed name show in none of them.
   */
  private retireKeptReads(g: { menteeId: string | null; mentorId: string | null }): Promise<void> {
    return this.cache.retire(
      KeptRead.adminDashboard,
      g.menteeId ? [KeptRead.menteeDashboard(g.menteeId)] : [],
      g.mentorId ? [KeptRead.mentorDashboard(g.mentorId)] : [],
    );
  }
}
