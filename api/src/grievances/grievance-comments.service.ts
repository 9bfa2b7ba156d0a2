import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import {
  WITHHELD_NAME,
  type GrievanceCommentResponse,
  type GrievanceEventKind,
  type GrievanceEventResponse,
  type PageQuery,
} from '@portal/contracts';
import type { ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { windowOf } from '../common/pagination.dto';
import { CalendarService } from '../calendar/calendar.service';
import { Clock } from '../dates/clock';
import { DomainEvents } from '../events/domain-events';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { GrievanceComment, GrievanceEvent } from './entities/grievance.entity';
import { GrievanceReader } from './grievance-reader';
import { grievanceFacts, identityHiddenFrom, identityWithheld, timelineByRoleOnly } from './grievance-visibility';
import { toGrievanceCommentResponse, toGrievanceEventResponse } from './grievance.mapper';

/** Who did something on the timeline: a person, or the system (escalation). */
export type GrievanceActor = Pick<AuthUser, 'id' | 'role' | 'fullName'> | null;

/**
 * A grievance's conversation and history: the comments between the student and its handlers, and the timeline every
 * step of the workflow writes a line to (in the step's own transaction).
 */
@Injectable()
export class GrievanceComments {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: DomainEvents,
    @InjectRepository(GrievanceComment) private readonly commentRepo: Repository<GrievanceComment>,
    @InjectRepository(GrievanceEvent) private readonly eventRepo: Repository<GrievanceEvent>,
    private readonly reader: GrievanceReader,
    private readonly clock: Clock,
    private readonly calendar: CalendarService,
  ) {}

  /** Oldest first: the page `q` asks for (LIST_SIZE when no limit) and how many events there are. */
  async timeline(me: AuthUser, id: string, q: PageQuery): Promise<ArrayPage<GrievanceEventResponse>> {
    const g = await this.reader.loadVisible(me, id);
    const { skip, limit } = windowOf(q);
    const [rows, total] = await this.eventRepo.findAndCount({
      where: { grievanceId: id },
      order: { id: 'ASC' },
      skip,
      take: limit,
    });
    return { rows: rows.map((e) => toGrievanceEventResponse(e, timelineByRoleOnly(g))), total };
  }

  /** Oldest first: the page `q` asks for (LIST_SIZE when no limit) and how many comments there are. */
  async comments(me: AuthUser, id: string, q: PageQuery): Promise<ArrayPage<GrievanceCommentResponse>> {
    const g = await this.reader.loadVisible(me, id);
    const { skip, limit } = windowOf(q);
    const [rows, total] = await this.commentRepo.findAndCount({
      where: { grievanceId: id },
      relations: { author: true },
      order: { createdAt: 'ASC' },
      skip,
      take: limit,
    });
    const hide = identityHiddenFrom(g, me.role);
    return { rows: rows.map((c) => toGrievanceCommentResponse(c, hide)), total };
  }

  async addComment(me: AuthUser, id: string, content: string): Promise<GrievanceCommentResponse> {
    changesNoKeptRead();
    const g = await this.reader.loadVisible(me, id);
    const saved = await this.db.transaction(async (tx) => {
      // The clock's time to the millisecond (a column default is whole seconds on SQLite): the thread's order is this.
      const comment = await tx.save(
        tx.create(GrievanceComment, { grievanceId: id, authorId: me.id, content, createdAt: this.clock.now() }),
      );
      await this.addEvent(tx, id, me, 'comment', '');
      const who = me.role === 'mentee' && identityWithheld(g) ? WITHHELD_NAME : me.fullName;
      // Staff's comment reaches the student; the student's reaches their handlers.
      await this.events.emit(tx, 'grievance.comment', {
        grievance: grievanceFacts(g),
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

  /** A line on the timeline, in the caller's transaction. */
  async addEvent(
    tx: EntityManager,
    grievanceId: string,
    actor: GrievanceActor,
    kind: GrievanceEventKind,
    detail: string,
    at?: Date,
  ): Promise<void> {
    await tx.insert(GrievanceEvent, this.eventRow(grievanceId, actor, kind, detail, null, at));
  }

  /** A staff member opened it: one 'viewed' line per person a school day (the unique key drops the rest). */
  async addView(viewer: GrievanceActor, grievanceId: string): Promise<void> {
    const day = await this.calendar.today();
    await this.db
      .createQueryBuilder()
      .insert()
      .into(GrievanceEvent)
      .values(this.eventRow(grievanceId, viewer, 'viewed', '', day))
      .orIgnore()
      .execute();
  }

  private eventRow(
    grievanceId: string,
    actor: GrievanceActor,
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
}
