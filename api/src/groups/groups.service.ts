import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  DataSource,
  In,
  IsNull,
  Not,
  type EntityManager,
  type FindOptionsOrder,
  type FindOptionsWhere,
  type Repository,
} from 'typeorm';
import {
  DEFAULT_GROUP_COLOR,
  type GroupDetailsResponse,
  type GroupResponse,
  type MenteeRecord,
  type PageQuery,
} from '@portal/contracts';
import { AttendanceSummaryService, EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import type { ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { windowOf } from '../common/pagination.dto';
import { Clock } from '../dates/clock';
import { DomainEvents } from '../events/domain-events';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import { ProfilesService } from '../users/profiles.service';
import { toMenteeRecord } from '../users/user.mapper';
import type { SaveGroupDto } from './dto/save-group.dto';
import { Group } from './entities/group.entity';
import { GroupException } from './group.exception';
import { toGroupResponse } from './group.mapper';
import { withRetry } from '../common/with-retry';

const RELATIONS = { mentor: { user: true }, mentees: { user: true } } as const;

/** A group as other modules use it (the chat): its own columns, not the entity. */
export interface GroupSummary {
  id: string;
  name: string;
  color: string;
  mentorId: string;
  archivedAt: Date | null;
}

/** A group with its members' ids. */
export interface GroupWithMembers extends GroupSummary {
  memberIds: string[];
}

@Injectable()
export class GroupsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Group) private readonly groups: Repository<Group>,
    private readonly summaries: AttendanceSummaryService,
    private readonly profiles: ProfilesService,
    private readonly realtime: RealtimeGateway,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /**
   * A deleted mentor's groups go (their members stay); a deleted mentee leaves every group. A student whose mentor
   * changes (however: assignment, CSV import, the mentor's deletion) leaves the old mentor's groups and their rooms.
   */
  onModuleInit(): void {
    this.events.on('mentor.changed', async (tx, { menteeId, from }) => {
      if (from) await this.removeFromGroupsOf(from.id, menteeId, tx);
    });
    this.cleanup.register(CLEANUP_ORDER.groups, async (user, tx): Promise<Removed> => {
      if (user.role === 'mentor') return { groups: (await tx.delete(Group, { mentorId: user.id })).affected ?? 0 };
      if (user.role === 'mentee') {
        const ids = await this.idsWithMember(user.id, { archived: true, tx });
        if (ids.length) await tx.createQueryBuilder().relation(Group, 'mentees').of(ids).remove(user.id);
      }
      return {};
    });
  }

  /**
   * Active groups: a mentor's own, or every group for an admin. Members come with attendance. The page `q` asks for
   * (LIST_SIZE when no limit) and how many there are, as for the lists below.
   */
  async list(q: PageQuery, mentorId?: string): Promise<ArrayPage<GroupResponse>> {
    const [groups, total] = await this.pageOf(
      { archivedAt: IsNull(), ...(mentorId ? { mentorId } : {}) },
      { createdAt: 'ASC', id: 'ASC' },
      q,
    );
    const sums = await this.summaries.forMentees([
      ...new Set(groups.flatMap((g) => (g.mentees ?? []).map((m) => m.id))),
    ]);
    return { rows: groups.map((g) => toGroupResponse(g, sums, true)), total };
  }

  /** A mentor's archived groups, most recently archived first: read-only, and each can be restored. */
  async archived(mentorId: string, q: PageQuery): Promise<ArrayPage<GroupResponse>> {
    const [groups, total] = await this.pageOf(
      { archivedAt: Not(IsNull()), mentorId },
      { archivedAt: 'DESC', id: 'ASC' },
      q,
    );
    const sums = await this.summaries.forMentees([
      ...new Set(groups.flatMap((g) => (g.mentees ?? []).map((m) => m.id))),
    ]);
    return { rows: groups.map((g) => toGroupResponse(g, sums, true)), total };
  }

  /** The groups a mentee belongs to, without the other members' personal data. */
  async ofMentee(menteeId: string, q: PageQuery): Promise<ArrayPage<GroupResponse>> {
    const ids = await this.idsWithMember(menteeId);
    if (!ids.length) return { rows: [], total: 0 };
    const [groups, total] = await this.pageOf({ id: In(ids) }, { createdAt: 'ASC', id: 'ASC' }, q);
    return { rows: groups.map((g) => toGroupResponse(g, new Map(), false)), total };
  }

  /**
   * The page `q` asks for of the groups `where` matches, in `order` (id last, so that groups created together do not
   * straddle pages), with their mentor and members, and how many match. The page is cut on the groups alone, then read
   * with their people: cut over the members' join, MariaDB answered rows past the last page.
   */
  private async pageOf(
    where: FindOptionsWhere<Group>,
    order: FindOptionsOrder<Group>,
    q: PageQuery,
  ): Promise<[Group[], number]> {
    const { skip, limit } = windowOf(q);
    const [keys, total] = await this.groups.findAndCount({ select: { id: true }, where, order, skip, take: limit });
    if (!keys.length) return [[], total];
    const groups = await this.groups.find({ where: { id: In(keys.map((k) => k.id)) }, relations: RELATIONS });
    const byId = new Map(groups.map((g) => [g.id, g]));
    return [keys.flatMap((k) => byId.get(k.id) ?? []), total];
  }

  async details(me: AuthUser, id: string): Promise<GroupDetailsResponse> {
    const g = await this.groups.findOne({ where: { id }, relations: RELATIONS });
    if (!g) throw GroupException.notFound();
    const personal = me.role === 'admin' || g.mentorId === me.id;
    // An archived group is still the mentor's (and readable by admins); its members no longer see it.
    if (g.archivedAt && !personal) throw GroupException.notFound();
    const isMember = (g.mentees ?? []).some((m) => m.id === me.id);
    if (!personal && !isMember) throw GroupException.notVisible();
    const sums = personal ? await this.summaries.forMentees((g.mentees ?? []).map((m) => m.id)) : new Map();
    const group = toGroupResponse(g, sums, personal);
    return {
      group,
      members: group.mentees,
      mentor: {
        _id: g.mentorId,
        fullName: g.mentor?.user?.fullName ?? '',
        department: g.mentor?.department ?? '',
        email: g.mentor?.user?.email ?? '',
        phone: g.mentor?.user?.phone ?? '',
      },
    };
  }

  async create(me: AuthUser, dto: SaveGroupDto): Promise<GroupResponse> {
    const id = await withRetry(() =>
      this.db.transaction(async (tx) => {
        await this.assertOwnMentees(tx, me.id, dto.menteeIds);
        const group = await tx.save(
          tx.create(Group, {
            name: dto.name,
            description: dto.description ?? '',
            color: dto.color ?? DEFAULT_GROUP_COLOR,
            mentorId: me.id,
            archivedAt: null,
          }),
        );
        // Membership rows in one order (sorted ids), as every multi-row write: concurrent writers never lock crosswise.
        if (dto.menteeIds.length)
          await tx
            .createQueryBuilder()
            .relation(Group, 'mentees')
            .of(group.id)
            .add([...dto.menteeIds].sort());
        await this.events.emit(tx, 'group.membersAdded', { groupName: dto.name, menteeIds: dto.menteeIds, by: me });
        return group.id;
      }),
    );
    return this.one(id);
  }

  /** Replaces name, description, colour and members in one transaction; removed members leave the group's room at once. */
  async update(me: AuthUser, id: string, dto: SaveGroupDto): Promise<GroupResponse> {
    const removed = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const group = await this.ownGroup(tx, me, id);
        await this.assertOwnMentees(tx, me.id, dto.menteeIds);
        await tx.update(
          Group,
          { id },
          { name: dto.name, description: dto.description ?? group.description, color: dto.color ?? group.color },
        );
        const current = (group.mentees ?? []).map((m) => m.id);
        const gone = current.filter((m) => !dto.menteeIds.includes(m));
        const added = dto.menteeIds.filter((m) => !current.includes(m));
        await tx.createQueryBuilder().relation(Group, 'mentees').of(id).addAndRemove(added.sort(), gone.sort());
        await this.events.emit(tx, 'group.membersAdded', { groupName: dto.name, menteeIds: added, by: me });
        return gone;
      }),
    );
    this.realtime.leaveGroupRoom(id, removed);
    return this.one(id);
  }

  /** Archiving keeps the group and its chat history but takes it out of every list. */
  async archive(me: AuthUser, id: string): Promise<{ message: string }> {
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        await this.ownGroup(tx, me, id);
        await tx.update(Group, { id }, { archivedAt: this.clock.now() });
      }),
    );
    this.realtime.leaveGroupRoom(id);
    return { message: 'Group archived successfully' };
  }

  /** Un-archiving gives the group, its members and its chat back as they were; only its own mentor may. */
  async restore(me: AuthUser, id: string): Promise<GroupResponse> {
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const group = await tx.findOneBy(Group, { id });
        if (!group) throw GroupException.notFound();
        if (group.mentorId !== me.id) throw GroupException.notYourGroup();
        if (!group.archivedAt) throw GroupException.notArchived();
        await tx.update(Group, { id }, { archivedAt: null });
      }),
    );
    return this.one(id);
  }

  /** The page `q` asks for (LIST_SIZE when no limit) of a mentor's mentees, and how many there are. */
  async menteesOfMentor(mentorId: string, q: PageQuery): Promise<ArrayPage<MenteeRecord>> {
    const { skip, limit } = windowOf(q);
    const [rows, total] = await this.profiles.menteesOfMentor(mentorId, { skip, take: limit });
    const sums = await this.summaries.forMentees(rows.map((r) => r.id));
    return { rows: rows.map((r) => toMenteeRecord(r, sums.get(r.id) ?? EMPTY_SUMMARY)), total };
  }

  /** A group with its members' ids only (hydrating the profiles of a large group would cost more than the check). */
  async withMemberIds(id: string): Promise<{ group: GroupSummary; memberIds: string[] } | null> {
    const [group, rows] = await Promise.all([
      this.groups.findOneBy({ id }),
      this.groups
        .createQueryBuilder('g')
        .innerJoin('g.mentees', 'm')
        .select('m.id', 'id')
        .where('g.id = :id', { id })
        .getRawMany<{ id: string }>(),
    ]);
    return group ? { group, memberIds: rows.map((r) => r.id) } : null;
  }

  /** The active groups a user chats in, with their members: a mentor's own, a mentee's, or every group for an admin. */
  async activeGroupsOf(user: AuthUser): Promise<GroupWithMembers[]> {
    const groups =
      user.role === 'mentee'
        ? await this.groups
            .createQueryBuilder('g')
            .innerJoin('g.mentees', 'm', 'm.id = :me', { me: user.id })
            .leftJoinAndSelect('g.mentees', 'all')
            .where('g.archivedAt IS NULL')
            .getMany()
        : await this.groups.find({
            where: { archivedAt: IsNull(), ...(user.role === 'mentor' ? { mentorId: user.id } : {}) },
            relations: { mentees: true },
          });
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      color: g.color,
      mentorId: g.mentorId,
      archivedAt: g.archivedAt,
      memberIds: (g.mentees ?? []).map((m) => m.id),
    }));
  }

  /** Active groups (of one mentor, when given). */
  countActive(mentorId?: string): Promise<number> {
    return this.groups.countBy({ archivedAt: IsNull(), ...(mentorId ? { mentorId } : {}) });
  }

  /** Active groups of each of these mentors (absent: none). */
  async activeCountsByMentor(mentorIds: string[]): Promise<Map<string, number>> {
    if (!mentorIds.length) return new Map();
    const rows = await this.groups
      .createQueryBuilder('g')
      .select('g.mentorId', 'mentorId')
      .addSelect('COUNT(*)', 'n')
      .where({ mentorId: In(mentorIds), archivedAt: IsNull() })
      .groupBy('g.mentorId')
      .getRawMany<{ mentorId: string; n: string | number }>();
    return new Map(rows.map((g) => [g.mentorId, Number(g.n)]));
  }

  /** Ids of a mentor's groups, archived ones included (their chats are the mentor's too). */
  async idsOfMentor(mentorId: string, tx?: EntityManager): Promise<string[]> {
    const rows = await (tx?.withRepository(this.groups) ?? this.groups).find({
      where: { mentorId },
      select: { id: true },
    });
    return rows.map((g) => g.id);
  }

  /** A mentee who leaves a mentor also leaves that mentor's groups, and their rooms. */
  private async removeFromGroupsOf(mentorId: string, menteeId: string, tx: EntityManager): Promise<void> {
    const ids = await this.idsOfMentor(mentorId, tx);
    if (!ids.length) return;
    await tx.createQueryBuilder().relation(Group, 'mentees').of(ids).remove(menteeId);
    for (const id of ids) this.realtime.leaveGroupRoom(id, [menteeId]);
  }

  /** Ids of the groups a mentee is in: active ones, or archived ones too. */
  private async idsWithMember(
    menteeId: string,
    opts: { archived?: boolean; tx?: EntityManager } = {},
  ): Promise<string[]> {
    const qb = (opts.tx?.withRepository(this.groups) ?? this.groups)
      .createQueryBuilder('g')
      .innerJoin('g.mentees', 'm', 'm.id = :menteeId', { menteeId })
      .select('g.id', 'id');
    if (!opts.archived) qb.where('g.archivedAt IS NULL');
    return (await qb.getRawMany<{ id: string }>()).map((r) => r.id);
  }

  private async ownGroup(tx: EntityManager, me: AuthUser, id: string): Promise<Group> {
    const group = await tx.findOne(Group, { where: { id }, relations: { mentees: true } });
    if (!group || group.archivedAt) throw GroupException.notFound();
    if (group.mentorId !== me.id) throw GroupException.notYourGroup();
    return group;
  }

  private async assertOwnMentees(tx: EntityManager, mentorId: string, menteeIds: string[]): Promise<void> {
    if (!(await this.profiles.areMenteesOf(mentorId, menteeIds, tx))) throw GroupException.notYourMentees();
  }

  private async one(id: string): Promise<GroupResponse> {
    const g = await this.groups.findOneOrFail({ where: { id }, relations: RELATIONS });
    const sums = await this.summaries.forMentees((g.mentees ?? []).map((m) => m.id));
    return toGroupResponse(g, sums, true);
  }
}

/** What a student added to a group is told. */
