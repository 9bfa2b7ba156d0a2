import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Brackets, In, type Repository } from 'typeorm';
import {
  ANNOUNCEMENT_PAGE_SIZE,
  inAudience,
  type AnnouncementAudience,
  type AnnouncementCommentResponse,
  type AnnouncementResponse,
  type LikesResponse,
  type PageQuery,
  type Role,
} from '@portal/contracts';
import type { ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { windowOf } from '../common/pagination.dto';
import { DomainEvents } from '../events/domain-events';
import { Realtime } from '../realtime/realtime.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { ReadCache, type Json } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { AnnouncementException } from './announcement.exception';
import type {
  AnnouncementCommentDto,
  CreateAnnouncementDto,
  ListAnnouncementsQueryDto,
  UpdateAnnouncementDto,
} from './dto/announcement.dto';
import { Announcement, AnnouncementComment, AnnouncementLike } from './entities/announcement.entity';

const AUDIENCE_ROLES: Record<AnnouncementAudience, Role[]> = {
  all: ['admin', 'mentor', 'mentee'],
  mentees: ['admin', 'mentee'],
  mentors: ['admin', 'mentor'],
};
/** Who is told of a new announcement: its audience (admins, who read every one, only of those for everyone). */
const NOTIFIED: Record<AnnouncementAudience, Role[]> = {
  all: ['admin', 'mentor', 'mentee'],
  mentees: ['mentee'],
  mentors: ['mentor'],
};
/** What a role may read: its own audience and "all" (admins read everything). */
const VISIBLE: Record<Role, AnnouncementAudience[]> = {
  admin: ['all', 'mentees', 'mentors'],
  mentor: ['all', 'mentors'],
  mentee: ['all', 'mentees'],
};

/**
 * An announcement's likes are sent to the feeds at most once in this time: the first like at once, the ones after it
 * together at the end of the window, with the likes as they are then. A popular announcement would otherwise send its
 * whole, growing list of likes to every open feed on every click.
 */
export const LIKE_UPDATE_MS = 1000;

@Injectable()
export class AnnouncementsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AnnouncementsService.name);
  /** Announcements whose likes were sent within LIKE_UPDATE_MS; `again`: liked since, to be sent when it ends. */
  private readonly likeWindows = new Map<string, { timer: NodeJS.Timeout; again: boolean }>();
  /** The last answer `keptFirstPage` spliced per kept page, with its parts (a few hundred pages at most: one per
   * audience and per mentor). */
  private readonly spliced = new Map<
    string,
    { kept: Buffer; page: { id: string; head: string }[]; social: Buffer[]; json: Buffer }
  >();

  constructor(
    @InjectRepository(Announcement) private readonly announcements: Repository<Announcement>,
    @InjectRepository(AnnouncementComment) private readonly commentRepo: Repository<AnnouncementComment>,
    @InjectRepository(AnnouncementLike) private readonly likeRepo: Repository<AnnouncementLike>,
    private readonly realtime: Realtime,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly events: DomainEvents,
    private readonly cache: ReadCache,
    private readonly clock: Clock,
  ) {}

  onModuleDestroy(): void {
    for (const w of this.likeWindows.values()) clearTimeout(w.timer);
    this.likeWindows.clear();
  }

  /** A deleted person's announcements go with their comments and likes, and so do their own comments and likes. */
  onModuleInit(): void {
    this.cleanup.register(CLEANUP_ORDER.announcements, async (user, tx) => {
      await tx.delete(AnnouncementComment, { userId: user.id });
      await tx.delete(AnnouncementLike, { userId: user.id });
      const ids = (await tx.find(Announcement, { where: { authorId: user.id }, select: { id: true } })).map(
        (a) => a.id,
      );
      if (ids.length) {
        await tx.delete(AnnouncementComment, { announcementId: In(ids) });
        await tx.delete(AnnouncementLike, { announcementId: In(ids) });
        await tx.delete(Announcement, { id: In(ids) });
      }
      return { announcements: ids.length };
    });
  }

  /**
   * One page, newest first with ties by id: a stable order, so paging by the last id seen neither repeats nor skips
   * one when new announcements arrive meanwhile. The cursor's time is read in SQL, at the column's full precision.
   */
  async list(me: AuthUser, q: ListAnnouncementsQueryDto = {}): Promise<AnnouncementResponse[]> {
    return this.withCounts(await this.page(me, q));
  }

  /**
   * The first page (every dashboard's feed) as `list` answers it, kept (read-scopes.ts): the page per audience, and
   * apart from it each announcement's likes and comment count, so that a like or a comment recomputes that
   * announcement's alone, not every page. Both parts are kept as JSON; the answer splices them, the likes and the count
   * being the contract's last fields.
   */
  async keptFirstPage(me: AuthUser): Promise<Json<AnnouncementResponse[]>> {
    const scope = Scope.announcementList(me);
    const kept = await this.cache.json(scope, async () =>
      (await this.page(me)).map((a) => ({ id: a.id, head: JSON.stringify(head(a)).slice(0, -1) })),
    );
    const last = this.spliced.get(scope);
    const page = last?.kept === kept ? last.page : (JSON.parse(kept.toString()) as { id: string; head: string }[]);
    const scopes = page.map((p) => Scope.announcementSocial(p.id));
    const idOf = new Map(page.map((p, i) => [scopes[i], p.id]));
    const social = await this.cache.jsonEach(scopes, async (missing) => {
      const of = await this.social(missing.map((s) => idOf.get(s)!));
      return new Map(missing.map((s) => [s, of.get(idOf.get(s)!)]));
    });
    // Every part the one spliced last time: the same answer.
    if (last?.kept === kept && social.every((part, i) => part === last.social[i])) return last.json;
    // `{"likes":…,"commentCount":n}` follows the head's last field: its opening brace becomes a comma.
    const json = Buffer.from(`[${page.map((p, i) => `${p.head},${social[i].toString().slice(1)}`).join(',')}]`);
    this.spliced.set(scope, { kept, page, social, json });
    return json;
  }

  private async page(me: AuthUser, q: ListAnnouncementsQueryDto = {}): Promise<Announcement[]> {
    const qb = this.announcements
      .createQueryBuilder('a')
      .innerJoinAndSelect('a.author', 'author')
      .where(
        me.role === 'mentor' ? '(a.targetAudience IN (:...aud) OR a.authorId = :me)' : 'a.targetAudience IN (:...aud)',
        { aud: VISIBLE[me.role], me: me.id },
      );
    if (q.before) {
      await this.visible(me, q.before);
      qb.innerJoin(Announcement, 'cursor', 'cursor.id = :before', { before: q.before }).andWhere(
        new Brackets((w) =>
          w.where('a.createdAt < cursor.createdAt').orWhere('(a.createdAt = cursor.createdAt AND a.id > cursor.id)'),
        ),
      );
    }
    return qb
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'ASC')
      .limit(q.limit ?? ANNOUNCEMENT_PAGE_SIZE)
      .getMany();
  }

  async create(me: AuthUser, dto: CreateAnnouncementDto): Promise<AnnouncementResponse> {
    const saved = await this.announcements.manager.transaction(async (tx) => {
      const a = await tx.save(
        tx.create(Announcement, {
          authorId: me.id,
          title: dto.title,
          content: dto.content,
          priority: dto.priority ?? 'medium',
          targetAudience: dto.targetAudience ?? 'all',
        }),
      );
      await this.events.emit(tx, 'announcement.posted', {
        title: a.title,
        content: a.content,
        roles: NOTIFIED[a.targetAudience],
        author: me,
      });
      return a;
    });
    const res = await this.one(saved.id);
    this.realtime.emit({ roles: AUDIENCE_ROLES[res.targetAudience], users: [me.id] }, 'newAnnouncement', res);
    return res;
  }

  async update(me: AuthUser, id: string, dto: UpdateAnnouncementDto): Promise<AnnouncementResponse> {
    const a = await this.own(me, id);
    const changes = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
    if (!Object.keys(changes).length) throw AnnouncementException.nothingToUpdate();
    // Set in code: SQLite's default timestamp has whole seconds, which could hide an edit made in the same second.
    await this.announcements.update({ id: a.id }, { ...changes, updatedAt: this.clock.now() });
    const res = await this.one(id);
    this.realtime.emit({ roles: AUDIENCE_ROLES[res.targetAudience], users: [me.id] }, 'announcementUpdated', res);
    return res;
  }

  async remove(me: AuthUser, id: string): Promise<void> {
    const a = await this.own(me, id);
    await this.announcements.delete({ id: a.id });
    this.realtime.emit({ roles: AUDIENCE_ROLES[a.targetAudience], users: [me.id] }, 'announcementDeleted', {
      announcementId: id,
    });
  }

  /** Oldest first: the page `q` asks for (LIST_SIZE when no limit) and how many comments there are. */
  async comments(me: AuthUser, id: string, q: PageQuery): Promise<ArrayPage<AnnouncementCommentResponse>> {
    await this.visible(me, id);
    const { skip, limit } = windowOf(q);
    const [rows, total] = await this.commentRepo.findAndCount({
      where: { announcementId: id },
      relations: { user: true },
      order: { createdAt: 'ASC' },
      skip,
      take: limit,
    });
    return { rows: rows.map(toCommentResponse), total };
  }

  async addComment(me: AuthUser, id: string, dto: AnnouncementCommentDto): Promise<AnnouncementCommentResponse> {
    const a = await this.visible(me, id);
    const saved = await this.commentRepo.save(
      // The clock's time to the millisecond (a column default is whole seconds on SQLite): the thread's order is this.
      this.commentRepo.create({
        announcementId: id,
        userId: me.id,
        userRole: me.role,
        content: dto.content,
        createdAt: this.clock.now(),
      }),
    );
    const comment = toCommentResponse(
      await this.commentRepo.findOneOrFail({ where: { id: saved.id }, relations: { user: true } }),
    );
    this.realtime.emit(
      { feeds: { roles: AUDIENCE_ROLES[a.targetAudience], authors: [a.authorId] } },
      'newAnnouncementComment',
      { announcementId: id, comment },
    );
    return comment;
  }

  /** Like is a per-user toggle; the unique (announcement, user) key keeps the count exact under concurrent clicks. */
  async toggleLike(me: AuthUser, id: string): Promise<LikesResponse> {
    const a = await this.visible(me, id);
    const removed = await this.likeRepo.delete({ announcementId: id, userId: me.id });
    let liked = false;
    if (!removed.affected) {
      await this.likeRepo
        .createQueryBuilder()
        .insert()
        .values({ id: randomUUID(), announcementId: id, userId: me.id })
        .orIgnore()
        .updateEntity(false)
        .execute();
      liked = true;
    }
    const likes = await this.likesOf(id);
    this.sendLikes(a, likes);
    return { announcementId: id, likes, liked };
  }

  /** Sends the likes to the feeds now, or once the announcement's window ends (LIKE_UPDATE_MS). */
  private sendLikes(a: Announcement, likes?: AnnouncementResponse['likes']): void {
    const window = this.likeWindows.get(a.id);
    if (window) {
      window.again = true;
      return;
    }
    const timer = setTimeout(() => {
      const again = this.likeWindows.get(a.id)?.again;
      this.likeWindows.delete(a.id);
      if (again) this.sendLikes(a);
    }, LIKE_UPDATE_MS);
    timer.unref();
    this.likeWindows.set(a.id, { timer, again: false });
    (likes ? Promise.resolve(likes) : this.likesOf(a.id)).then(
      (list) =>
        this.realtime.emit(
          { feeds: { roles: AUDIENCE_ROLES[a.targetAudience], authors: [a.authorId] } },
          'announcementLikeUpdated',
          { announcementId: a.id, likes: list },
        ),
      (e: Error) => this.logger.warn(`Could not send the likes of ${a.id}: ${e.message}`),
    );
  }

  private async likesOf(id: string) {
    const rows = await this.likeRepo.find({
      where: { announcementId: id },
      select: { userId: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => ({ userId: { _id: r.userId } }));
  }

  private async visible(me: AuthUser, id: string): Promise<Announcement> {
    const a = await this.announcements.findOneBy({ id });
    if (!a) throw AnnouncementException.notFound();
    if (!inAudience(me.role, a.targetAudience) && a.authorId !== me.id) throw AnnouncementException.notInAudience();
    return a;
  }

  /** Edit and delete: the author only (mentor or admin). */
  private async own(me: AuthUser, id: string): Promise<Announcement> {
    const a = await this.announcements.findOneBy({ id });
    if (!a) throw AnnouncementException.notFound();
    if (a.authorId !== me.id) throw AnnouncementException.notAuthor();
    return a;
  }

  private async one(id: string): Promise<AnnouncementResponse> {
    const a = await this.announcements.findOneOrFail({ where: { id }, relations: { author: true } });
    return (await this.withCounts([a]))[0];
  }

  private async withCounts(rows: Announcement[]): Promise<AnnouncementResponse[]> {
    const social = await this.social(rows.map((r) => r.id));
    return rows.map((a) => ({ ...head(a), ...social.get(a.id)! }));
  }

  /** Each announcement's likes (oldest first) and comment count. */
  private async social(ids: string[]): Promise<Map<string, Social>> {
    if (!ids.length) return new Map();
    const [likes, counts] = await Promise.all([
      this.likeRepo.find({
        where: { announcementId: In(ids) },
        select: { announcementId: true, userId: true },
        order: { createdAt: 'ASC', id: 'ASC' },
      }),
      this.commentRepo
        .createQueryBuilder('c')
        .select('c.announcementId', 'id')
        .addSelect('COUNT(*)', 'n')
        .where({ announcementId: In(ids) })
        .groupBy('c.announcementId')
        .getRawMany<{ id: string; n: string | number }>(),
    ]);
    const social = new Map<string, Social>(ids.map((id) => [id, { likes: [], commentCount: 0 }]));
    for (const l of likes) social.get(l.announcementId)?.likes.push({ userId: { _id: l.userId } });
    for (const c of counts) social.get(c.id)!.commentCount = Number(c.n);
    return social;
  }
}

type Social = Pick<AnnouncementResponse, 'likes' | 'commentCount'>;

/** An announcement as answered, but for its likes and comment count (`Social`), which come last. */
function head(a: Announcement): Omit<AnnouncementResponse, keyof Social> {
  return {
    _id: a.id,
    title: a.title,
    content: a.content,
    priority: a.priority,
    targetAudience: a.targetAudience,
    authorId: {
      _id: a.authorId,
      email: a.author?.email ?? '',
      fullName: a.author?.fullName ?? '',
      role: a.author?.role ?? 'mentor',
    },
    createdAt: iso(a.createdAt)!,
    updatedAt: iso(a.updatedAt)!,
  };
}

function toCommentResponse(c: AnnouncementComment): AnnouncementCommentResponse {
  return {
    _id: c.id,
    announcementId: c.announcementId,
    content: c.content,
    userRole: c.userRole,
    createdAt: iso(c.createdAt)!,
    // The name only: every reader of the announcement sees its comments, and students' addresses are not theirs to see.
    userId: { _id: c.userId, fullName: c.user?.fullName ?? '' },
  };
}
