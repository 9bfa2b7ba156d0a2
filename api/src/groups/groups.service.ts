import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { DEFAULT_GROUP_COLOR, type GroupDetailsResponse, type GroupResponse, type MenteeRecord } from '@portal/contracts';
import { AttendanceSummaryService, EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import type { AuthUser } from '../auth/auth-user';
import { toMenteeRecord } from '../mentorship/mentorship.service';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import type { SaveGroupDto } from './dto/save-group.dto';
import { Group } from './entities/group.entity';
import { GroupException } from './group.exception';
import { toGroupResponse } from './group.mapper';

const RELATIONS = { mentor: { user: true }, mentees: { user: true } } as const;

@Injectable()
export class GroupsService {
  constructor(@InjectDataSource() private readonly db: DataSource, private readonly summaries: AttendanceSummaryService) {}

  /** Active groups: a mentor's own, or every group for an admin. Members come with attendance. */
  async list(mentorId?: string): Promise<GroupResponse[]> {
    const groups = await this.db.getRepository(Group).find({
      where: { archivedAt: IsNull(), ...(mentorId ? { mentorId } : {}) }, relations: RELATIONS, order: { createdAt: 'ASC' },
    });
    const sums = await this.summaries.forMentees([...new Set(groups.flatMap((g) => (g.mentees ?? []).map((m) => m.id)))]);
    return groups.map((g) => toGroupResponse(g, sums, true));
  }

  /** The groups a mentee belongs to, without the other members' personal data. */
  async ofMentee(menteeId: string): Promise<GroupResponse[]> {
    const ids = (await this.db.getRepository(Group).createQueryBuilder('g').innerJoin('g.mentees', 'm', 'm.id = :menteeId', { menteeId })
      .where('g.archivedAt IS NULL').select('g.id', 'id').getRawMany<{ id: string }>()).map((r) => r.id);
    if (!ids.length) return [];
    const groups = await this.db.getRepository(Group).find({ where: { id: In(ids) }, relations: RELATIONS, order: { createdAt: 'ASC' } });
    return groups.map((g) => toGroupResponse(g, new Map(), false));
  }

  async details(me: AuthUser, id: string): Promise<GroupDetailsResponse> {
    const g = await this.db.getRepository(Group).findOne({ where: { id }, relations: RELATIONS });
    if (!g || g.archivedAt) throw GroupException.notFound();
    const isMember = (g.mentees ?? []).some((m) => m.id === me.id);
    const personal = me.role === 'admin' || g.mentorId === me.id;
    if (!personal && !isMember) throw GroupException.notVisible();
    const sums = personal ? await this.summaries.forMentees((g.mentees ?? []).map((m) => m.id)) : new Map();
    const group = toGroupResponse(g, sums, personal);
    return {
      group, members: group.mentees,
      mentor: { _id: g.mentorId, fullName: g.mentor?.user?.fullName ?? '', department: g.mentor?.department ?? '', email: g.mentor?.user?.email ?? '', phone: g.mentor?.user?.phone ?? '' },
    };
  }

  async create(me: AuthUser, dto: SaveGroupDto): Promise<GroupResponse> {
    const id = await this.db.transaction(async (tx) => {
      await this.assertOwnMentees(tx, me.id, dto.menteeIds);
      const group = await tx.save(tx.create(Group, {
        name: dto.name, description: dto.description ?? '', color: dto.color ?? DEFAULT_GROUP_COLOR, mentorId: me.id, archivedAt: null,
      }));
      if (dto.menteeIds.length) await tx.createQueryBuilder().relation(Group, 'mentees').of(group.id).add(dto.menteeIds);
      return group.id;
    });
    return this.one(id);
  }

  /** Replaces name, description, colour and members in one transaction. */
  async update(me: AuthUser, id: string, dto: SaveGroupDto): Promise<GroupResponse> {
    await this.db.transaction(async (tx) => {
      const group = await this.ownGroup(tx, me, id);
      await this.assertOwnMentees(tx, me.id, dto.menteeIds);
      await tx.update(Group, { id }, { name: dto.name, description: dto.description ?? group.description, color: dto.color ?? group.color });
      const current = (group.mentees ?? []).map((m) => m.id);
      await tx.createQueryBuilder().relation(Group, 'mentees').of(id)
        .addAndRemove(dto.menteeIds.filter((m) => !current.includes(m)), current.filter((m) => !dto.menteeIds.includes(m)));
    });
    return this.one(id);
  }

  /** Archiving keeps the group and its chat history but takes it out of every list. */
  async archive(me: AuthUser, id: string): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      await this.ownGroup(tx, me, id);
      await tx.update(Group, { id }, { archivedAt: new Date() });
    });
    return { message: 'Group archived successfully' };
  }

  async menteesOfMentor(mentorId: string): Promise<MenteeRecord[]> {
    const rows = await this.db.getRepository(MenteeProfile).find({ where: { mentorId }, relations: { user: true, mentor: { user: true } }, order: { user: { fullName: 'ASC' } } });
    const sums = await this.summaries.forMentees(rows.map((r) => r.id));
    return rows.map((r) => toMenteeRecord(r, sums.get(r.id) ?? EMPTY_SUMMARY));
  }

  private async ownGroup(tx: EntityManager, me: AuthUser, id: string): Promise<Group> {
    const group = await tx.findOne(Group, { where: { id }, relations: { mentees: true } });
    if (!group || group.archivedAt) throw GroupException.notFound();
    if (group.mentorId !== me.id) throw GroupException.notYourGroup();
    return group;
  }

  private async assertOwnMentees(tx: EntityManager, mentorId: string, menteeIds: string[]): Promise<void> {
    if (!menteeIds.length) return;
    const own = await tx.countBy(MenteeProfile, { id: In(menteeIds), mentorId });
    if (own !== menteeIds.length) throw GroupException.notYourMentees();
  }

  private async one(id: string): Promise<GroupResponse> {
    const g = await this.db.getRepository(Group).findOneOrFail({ where: { id }, relations: RELATIONS });
    const sums = await this.summaries.forMentees((g.mentees ?? []).map((m) => m.id));
    return toGroupResponse(g, sums, true);
  }
}
