import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Brackets, In, type Repository, type SelectQueryBuilder } from 'typeorm';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_PAGE_SIZE,
  guardiansRead,
  inAudience,
  isTargetedAudience,
  studentsRead,
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
import { GroupsService } from '../groups/groups.service';
import { GuardiansService } from '../guardians/guardians.service';
import { Realtime } from '../realtime/realtime.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { ProfilesService } from '../users/profiles.service';
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
import {
  Announcement,
  AnnouncementComment,
  AnnouncementLike,
  AnnouncementRecipient,
} from './entities/announcement.entity';
import { DataExportRegistry } from '../users/data-export.registry';
import { ErasureRegistry } from '../users/erasure.registry';
import { containingAny, excerpt } from '../common/erasure-text';

/** The roles that read an audience (a group's or a class's students are its recipients, besides these). */
const AUDIENCE_ROLES: Record<AnnouncementAudience, Role[]> = {
  all: ['admin', 'mentor', 'mentee'],
  mentees: ['admin', 'mentee'],
  mentors: ['admin', 'mentor'],
  group: ['admin'],
  class: ['admin'],
};
/**
 * Who is told of a new announcement by role: its audience (admins, who read every one, only of those for everyone).
 * A group's or a class's recipients are told by name.
 */
const NOTIFIED: Record<AnnouncementAudience, Role[]> = {
  all: ['admin', 'mentor', 'mentee'],
  mentees: ['mentee'],
  mentors: ['mentor'],
  group: [],
  class: [],
};
/** The role audiences a role reads: its own and "all" (admins read everything). */
const VISIBLE: Record<Role, readonly AnnouncementAudience[]> = {
  admin: ANNOUNCEMENT_AUDIENCES,
  mentor: ['all', 'mentors'],
  mentee: ['all', 'mentees'],
  // Guardians read no role audience of these yet (their own audiences come with the guardians' announcements).
  guardian: [],
};
/** Recipients written per statement (two parameters each). */
const RECIPIENTS_PER_STATEMENT = 500;

/**
 * Which announcements a page reads: every one the caller may read (`readable`, the rule of `mayRead` in SQL), or one of
 * the two parts of a student's kept first page: those of their role's audiences (`byRole`, the same for every student)
 * and those addressed to them (`addressed`).
 */
type Part = 'readable' | 'byRole' | 'addressed';

/** A targeted audience as posted: its columns and its recipients, as the groups and users modules named them. */
interface Target {
  columns: Pick<Partial<Announcement>, 'targetGroupId' | 'targetGroupName' | 'targetClass' | 'targetSection'>;
  recipients: string[];
}

/** An announcement of a kept page: its id, its time (the order two parts merge in) and its answer but for `Social`. */
interface KeptHead {
  id: string;
  at: string;
  head: string;
}

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
   * audience and per mentor; a student's page with announcements addressed to them is spliced afresh). */
  private readonly spliced = new Map<string, { kept: Buffer; page: KeptHead[]; social: Buffer[]; json: Buffer }>();

  constructor(
    @InjectRepository(Announcement) private readonly announcements: Repository<Announcement>,
    @InjectRepository(AnnouncementComment) private readonly commentRepo: Repository<AnnouncementComment>,
    @InjectRepository(AnnouncementLike) private readonly likeRepo: Repository<AnnouncementLike>,
    @InjectRepository(AnnouncementRecipient) private readonly recipientRepo: Repository<AnnouncementRecipient>,
    private readonly groups: GroupsService,
    private readonly guardians: GuardiansService,
    private readonly profiles: ProfilesService,
    private readonly realtime: Realtime,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly events: DomainEvents,
    private readonly cache: ReadCache,
    private readonly clock: Clock,
    private readonly exports: DataExportRegistry,
    private readonly erasure: ErasureRegistry,
  ) {}

  onModuleDestroy(): void {
    for (const w of this.likeWindows.values()) clearTimeout(w.timer);
    this.likeWindows.clear();
  }

  /**
   * A deleted person's announcements go with their comments, likes and recipients, and so do their own comments, likes
   * and the announcements addressed to them (the record that they were).
   */
  onModuleInit(): void {
    // Others' announcements and comments that name a student being erased (theirs go with them).
    this.erasure.register({
      mentions: async ({ id, fullName }) => {
        const posted = await containingAny(
          this.announcements
            .createQueryBuilder('a')
            .select(['a.id', 'a.title', 'a.content', 'a.createdAt'])
            .where('a.authorId <> :id', { id }),
          ['a.title', 'a.content'],
          [fullName],
        ).getMany();
        const said = await containingAny(
          this.commentRepo
            .createQueryBuilder('c')
            .select(['c.id', 'c.content', 'c.createdAt'])
            .where('c.userId <> :id', { id }),
          ['c.content'],
          [fullName],
        ).getMany();
        return [
          ...posted.map((a) => ({
            kind: 'announcement' as const,
            id: a.id,
            excerpt: excerpt(`${a.title}: ${a.content}`, fullName),
            createdAt: iso(a.createdAt)!,
          })),
          ...said.map((c) => ({
            kind: 'announcementComment' as const,
            id: c.id,
            excerpt: excerpt(c.content, fullName),
            createdAt: iso(c.createdAt)!,
          })),
        ];
      },
    });
    this.exports.register('announcements', async (userId) => ({
      posted: await this.announcements.find({ where: { authorId: userId }, order: { createdAt: 'ASC' } }),
      comments: await this.commentRepo.find({ where: { userId }, order: { createdAt: 'ASC' } }),
    }));
    this.cleanup.register(CLEANUP_ORDER.announcements, async (user, tx) => {
      await tx.delete(AnnouncementComment, { userId: user.id });
      await tx.delete(AnnouncementLike, { userId: user.id });
      await tx.delete(AnnouncementRecipient, { userId: user.id });
      const ids = (await tx.find(Announcement, { where: { authorId: user.id }, select: { id: true } })).map(
        (a) => a.id,
      );
      if (ids.length) {
        await tx.delete(AnnouncementComment, { announcementId: In(ids) });
        await tx.delete(AnnouncementLike, { announcementId: In(ids) });
        await tx.delete(AnnouncementRecipient, { announcementId: In(ids) });
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
   * announcement's alone, not every page. A student's page is two kept parts merged newest first: their role's, the same
   * for every student, and the group and class announcements addressed to them (theirs alone, mostly none), so that no
   * student's page holds another's. Every part is kept as JSON; the answer splices them, the likes and the count being
   * the contract's last fields.
   */
  async keptFirstPage(me: AuthUser): Promise<Json<AnnouncementResponse[]>> {
    const scope = Scope.announcementList(me);
    const own = me.role === 'mentee' ? Scope.announcementsTo(me.id) : null;
    const [kept, addressed] = await this.cache.jsonEach(own ? [scope, own] : [scope], async (missing) => {
      const parts = await Promise.all(
        missing.map((s) => this.page(me, {}, s === own ? 'addressed' : own ? 'byRole' : 'readable')),
      );
      return new Map(missing.map((s, i) => [s, parts[i].map(keptHead)]));
    });
    const last = this.spliced.get(scope);
    const shared = last?.kept === kept ? last.page : (JSON.parse(kept.toString()) as KeptHead[]);
    const mine = addressed ? (JSON.parse(addressed.toString()) as KeptHead[]) : [];
    const page = mine.length ? newestFirst(shared, mine) : shared;
    const scopes = page.map((p) => Scope.announcementSocial(p.id));
    const idOf = new Map(page.map((p, i) => [scopes[i], p.id]));
    const social = await this.cache.jsonEach(scopes, async (missing) => {
      const of = await this.social(missing.map((s) => idOf.get(s)!));
      return new Map(missing.map((s) => [s, of.get(idOf.get(s)!)]));
    });
    // Every part the one spliced last time: the same answer (only pages shared by an audience are remembered).
    if (!mine.length && last?.kept === kept && social.every((part, i) => part === last.social[i])) return last.json;
    // `{"likes":…,"commentCount":n}` follows the head's last field: its opening brace becomes a comma.
    const json = Buffer.from(`[${page.map((p, i) => `${p.head},${social[i].toString().slice(1)}`).join(',')}]`);
    if (!mine.length) this.spliced.set(scope, { kept, page, social, json });
    return json;
  }

  private async page(
    me: AuthUser,
    q: ListAnnouncementsQueryDto = {},
    part: Part = 'readable',
  ): Promise<Announcement[]> {
    const qb = this.announcements.createQueryBuilder('a').innerJoinAndSelect('a.author', 'author');
    this.readable(qb, me, part);
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

  /** `mayRead` in SQL, for the announcements `a` of a page (or one of the parts of a student's, `Part`). */
  private readable(qb: SelectQueryBuilder<Announcement>, me: AuthUser, part: Part): void {
    // A student reads none addressed to their guardians only (the author, a mentor, is never a student).
    if (me.role === 'mentee') qb.andWhere('a.readers <> :guardiansOnly', { guardiansOnly: 'guardians' });
    if (part === 'addressed') {
      qb.innerJoin(AnnouncementRecipient, 'r', 'r.announcementId = a.id AND r.userId = :me', { me: me.id });
      return;
    }
    if (part === 'byRole' || me.role === 'admin') {
      qb.andWhere('a.targetAudience IN (:...aud)', { aud: VISIBLE[me.role] });
      return;
    }
    const addressed = qb
      .subQuery()
      .select('1')
      .from(AnnouncementRecipient, 'r')
      .where('r.announcementId = a.id AND r.userId = :me')
      .getQuery();
    qb.andWhere(`(a.targetAudience IN (:...aud) OR a.authorId = :me OR EXISTS ${addressed})`, {
      aud: VISIBLE[me.role],
      me: me.id,
    });
  }

  /**
   * What a guardian reads for one child (the guardians module's rule already let them see the child): those for
   * guardians of every student, and those addressed to the child's group or class; newest first, paged like the feed.
   */
  async forChild(childId: string, q: ListAnnouncementsQueryDto = {}): Promise<AnnouncementResponse[]> {
    const readable = (qb: SelectQueryBuilder<Announcement>) => {
      const addressed = qb
        .subQuery()
        .select('1')
        .from(AnnouncementRecipient, 'r')
        .where('r.announcementId = a.id AND r.userId = :child')
        .getQuery();
      return qb
        .where('a.readers <> :studentsOnly', { studentsOnly: 'students' })
        .andWhere(`(a.targetAudience IN (:...everyone) OR EXISTS ${addressed})`, {
          everyone: ['all', 'mentees'],
          child: childId,
        });
    };
    const qb = readable(this.announcements.createQueryBuilder('a').innerJoinAndSelect('a.author', 'author'));
    if (q.before) {
      const cursor = await readable(this.announcements.createQueryBuilder('a'))
        .andWhere('a.id = :before', { before: q.before })
        .getExists();
      if (!cursor) throw AnnouncementException.notFound();
      qb.innerJoin(Announcement, 'cursor', 'cursor.id = :before', { before: q.before }).andWhere(
        new Brackets((w) =>
          w.where('a.createdAt < cursor.createdAt').orWhere('(a.createdAt = cursor.createdAt AND a.id > cursor.id)'),
        ),
      );
    }
    const rows = await qb
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'ASC')
      .limit(q.limit ?? ANNOUNCEMENT_PAGE_SIZE)
      .getMany();
    return this.withCounts(rows);
  }

  /**
   * A group or class announcement is addressed to the students the groups and users modules name now (a snapshot,
   * written with it): who may read it stays one indexed look-up, and stays what it was posted to.
   */
  async create(me: AuthUser, dto: CreateAnnouncementDto): Promise<AnnouncementResponse> {
    const audience = dto.targetAudience ?? 'all';
    const readers = dto.readers ?? 'students';
    const target = await this.target(me, dto, audience);
    const saved = await this.announcements.manager.transaction(async (tx) => {
      // One time to the millisecond for both (SQLite's column default has whole seconds): not "Edited", and the order
      // a student's two kept parts merge in is the database's.
      const now = this.clock.now();
      const a = await tx.save(
        tx.create(Announcement, {
          authorId: me.id,
          title: dto.title,
          content: dto.content,
          priority: dto.priority ?? 'medium',
          targetAudience: audience,
          readers,
          ...target.columns,
          createdAt: now,
          updatedAt: now,
        }),
      );
      for (let i = 0; i < target.recipients.length; i += RECIPIENTS_PER_STATEMENT)
        await tx
          .createQueryBuilder()
          .insert()
          .into(AnnouncementRecipient)
          .values(
            target.recipients
              .slice(i, i + RECIPIENTS_PER_STATEMENT)
              .map((userId) => ({ announcementId: a.id, userId })),
          )
          .execute();
      // Its families as they are now: the students it reaches, and the guardians linked to them (everyone's, for a
      // role audience), as the guardians module names them.
      const roles = NOTIFIED[audience].filter((r) => r !== 'mentee' || studentsRead(readers));
      if (guardiansRead(readers) && !isTargetedAudience(audience)) roles.push('guardian');
      const users = [
        ...(studentsRead(readers) ? target.recipients : []),
        ...(guardiansRead(readers) ? await this.guardians.guardianIdsOf(target.recipients) : []),
      ];
      await this.events.emit(tx, 'announcement.posted', {
        title: a.title,
        content: a.content,
        roles,
        users,
        priority: a.priority,
        author: me,
      });
      return a;
    });
    const res = await this.one(saved.id);
    this.realtime.emit(await this.audienceOf(saved), 'newAnnouncement', res);
    return res;
  }

  /**
   * A group audience: one of the author's active groups with members (the groups module's); a class audience: a class
   * and section with at least one of the author's mentees (the users module's). Their students are its recipients.
   */
  private async target(me: AuthUser, dto: CreateAnnouncementDto, audience: AnnouncementAudience): Promise<Target> {
    if (audience === 'group') {
      const found = await this.groups.withMemberIds(dto.groupId!);
      if (!found || found.group.archivedAt) throw AnnouncementException.groupNotFound();
      if (found.group.mentorId !== me.id) throw AnnouncementException.notYourGroup();
      if (!found.memberIds.length) throw AnnouncementException.emptyGroup(found.group.name);
      return {
        columns: { targetGroupId: found.group.id, targetGroupName: found.group.name },
        recipients: found.memberIds,
      };
    }
    if (audience === 'class') {
      const [className, section] = [dto.class!, dto.section!];
      const recipients = await this.profiles.menteeIdsInClassOf(me.id, className, section);
      if (!recipients.length) throw AnnouncementException.noMenteesInClass(className, section);
      return { columns: { targetClass: className, targetSection: section }, recipients };
    }
    return { columns: {}, recipients: [] };
  }

  async update(me: AuthUser, id: string, dto: UpdateAnnouncementDto): Promise<AnnouncementResponse> {
    const a = await this.own(me, id);
    const changes = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
    if (!Object.keys(changes).length) throw AnnouncementException.nothingToUpdate();
    // Set in code: SQLite's default timestamp has whole seconds, which could hide an edit made in the same second.
    await this.announcements.update({ id: a.id }, { ...changes, updatedAt: this.clock.now() });
    const res = await this.one(id);
    this.realtime.emit(await this.audienceOf(a), 'announcementUpdated', res);
    return res;
  }

  async remove(me: AuthUser, id: string): Promise<void> {
    const a = await this.own(me, id);
    // Its recipients go with it: who was told is read first.
    const audience = await this.audienceOf(a);
    await this.announcements.delete({ id: a.id });
    this.realtime.emit(audience, 'announcementDeleted', { announcementId: id });
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
    this.realtime.emit({ feeds: await this.audienceOf(a) }, 'newAnnouncementComment', { announcementId: id, comment });
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
    Promise.all([likes ?? this.likesOf(a.id), this.audienceOf(a)]).then(
      ([list, audience]) =>
        this.realtime.emit({ feeds: audience }, 'announcementLikeUpdated', { announcementId: a.id, likes: list }),
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
    if (!(await this.mayRead(me, a))) throw AnnouncementException.notInAudience();
    return a;
  }

  /**
   * The one rule of who may read an announcement (`readable` is it in SQL, `audienceOf` as socket rooms): admins every
   * one; its author; everyone of a role audience's roles; the recipients a group or class announcement was posted to.
   */
  private async mayRead(me: AuthUser, a: Announcement): Promise<boolean> {
    if (me.role === 'admin' || a.authorId === me.id) return true;
    if (me.role === 'mentee' && !studentsRead(a.readers)) return false;
    if (!isTargetedAudience(a.targetAudience)) return inAudience(me.role, a.targetAudience);
    return this.recipientRepo.existsBy({ announcementId: a.id, userId: me.id });
  }

  /** Who may read it (`mayRead`) as the rooms its events go to: its roles, its author and its recipients. */
  private async audienceOf(a: Announcement): Promise<{ roles: Role[]; users: string[] }> {
    // Guardians have no live connection: an announcement for them alone reaches staff feeds only.
    if (!studentsRead(a.readers))
      return { roles: AUDIENCE_ROLES[a.targetAudience].filter((r) => r !== 'mentee'), users: [a.authorId] };
    const recipients = isTargetedAudience(a.targetAudience)
      ? (await this.recipientRepo.find({ where: { announcementId: a.id }, select: { userId: true } })).map(
          (r) => r.userId,
        )
      : [];
    return { roles: AUDIENCE_ROLES[a.targetAudience], users: [a.authorId, ...recipients] };
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
    readers: a.readers,
    targetGroup: a.targetGroupId ? { _id: a.targetGroupId, name: a.targetGroupName ?? '' } : null,
    targetClass: a.targetClass ? { class: a.targetClass, section: a.targetSection ?? '' } : null,
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

/** An announcement as a kept page holds it. */
function keptHead(a: Announcement): KeptHead {
  return { id: a.id, at: iso(a.createdAt)!, head: JSON.stringify(head(a)).slice(0, -1) };
}

/** The first page of two parts each newest first (ties by id): the database's order, as one query would answer it. */
function newestFirst(a: KeptHead[], b: KeptHead[]): KeptHead[] {
  const merged: KeptHead[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < ANNOUNCEMENT_PAGE_SIZE && (i < a.length || j < b.length)) {
    const takeA = j >= b.length || (i < a.length && (a[i].at > b[j].at || (a[i].at === b[j].at && a[i].id < b[j].id)));
    merged.push(takeA ? a[i++] : b[j++]);
  }
  return merged;
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
