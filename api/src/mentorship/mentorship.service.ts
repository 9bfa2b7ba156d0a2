import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In, IsNull } from 'typeorm';
import type { AssignMentorResponse, MenteeRecord, MentorRecord } from '@portal/contracts';
import { AttendanceSummaryService, EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { Group } from '../groups/entities/group.entity';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { MentorProfile } from '../users/entities/mentor-profile.entity';
import { iso } from '../users/user.mapper';
import type { AssignMentorDto } from './dto/assign-mentor.dto';
import { MentorshipException } from './mentorship.exception';

@Injectable()
export class MentorshipService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly attendance: AttendanceSummaryService,
    private readonly audit: AuditService,
  ) {}

  async mentors(search?: string): Promise<MentorRecord[]> {
    const qb = this.db.getRepository(MentorProfile).createQueryBuilder('m').innerJoinAndSelect('m.user', 'u').orderBy('u.fullName', 'ASC');
    if (search) {
      const term = `%${search.toLowerCase()}%`;
      qb.where(new Brackets((w) => w.where('LOWER(u.fullName) LIKE :term', { term }).orWhere('LOWER(u.email) LIKE :term', { term })
        .orWhere('LOWER(m.employeeId) LIKE :term', { term }).orWhere('LOWER(m.department) LIKE :term', { term })));
    }
    const mentors = await qb.getMany();
    const counts = await this.menteeCounts(mentors.map((m) => m.id));
    const groups: { mentorId: string; n: string | number }[] = mentors.length
      ? await this.db.getRepository(Group).createQueryBuilder('g').select('g.mentorId', 'mentorId').addSelect('COUNT(*)', 'n')
        .where({ mentorId: In(mentors.map((m) => m.id)), archivedAt: IsNull() }).groupBy('g.mentorId').getRawMany()
      : [];
    const groupCount = new Map(groups.map((g) => [g.mentorId, Number(g.n)]));
    return mentors.map((m) => ({
      _id: m.id, fullName: m.user!.fullName, employeeId: m.employeeId, department: m.department, phone: m.user!.phone,
      experience: m.experience, officeHours: m.officeHours, subjects: m.subjects ?? [], qualifications: m.qualifications, citations: m.citations,
      userId: { _id: m.id, email: m.user!.email, isActive: m.user!.isActive },
      stats: { menteeCount: counts.get(m.id) ?? 0, groupCount: groupCount.get(m.id) ?? 0 },
    }));
  }

  private menteeQuery() {
    return this.db.getRepository(MenteeProfile).createQueryBuilder('s').innerJoinAndSelect('s.user', 'u')
      .leftJoinAndSelect('s.mentor', 'm').leftJoinAndSelect('m.user', 'mu').orderBy('u.fullName', 'ASC');
  }

  async mentees(search?: string, mentorId?: string): Promise<MenteeRecord[]> {
    const qb = this.menteeQuery();
    if (mentorId) qb.andWhere('s.mentorId = :mentorId', { mentorId });
    if (search) {
      const term = `%${search.toLowerCase()}%`;
      qb.andWhere(new Brackets((w) => w.where('LOWER(u.fullName) LIKE :term', { term }).orWhere('LOWER(u.email) LIKE :term', { term })
        .orWhere('LOWER(s.studentId) LIKE :term', { term }).orWhere("LOWER(CONCAT(s.className, '-', s.section)) LIKE :term", { term })
        .orWhere('LOWER(mu.fullName) LIKE :term', { term })));
    }
    const rows = await qb.getMany();
    const summaries = await this.attendance.forMentees(rows.map((r) => r.id));
    return rows.map((s) => toMenteeRecord(s, summaries.get(s.id) ?? EMPTY_SUMMARY));
  }

  async assign(dto: AssignMentorDto, actor: AuthUser): Promise<AssignMentorResponse> {
    const before = await this.db.transaction(async (tx) => {
      const mentee = await tx.findOne(MenteeProfile, { where: { id: dto.menteeId }, relations: { user: true, mentor: { user: true } } });
      if (!mentee) throw MentorshipException.menteeNotFound();
      const mentor = dto.mentorId ? await tx.findOne(MentorProfile, { where: { id: dto.mentorId }, relations: { user: true } }) : null;
      if (dto.mentorId && !mentor) throw MentorshipException.mentorNotFound();
      if (mentor && !mentor.user?.isActive) throw MentorshipException.mentorInactive();
      if (mentee.mentorId === dto.mentorId) return mentee.mentorId;
      await tx.update(MenteeProfile, { id: mentee.id }, { mentorId: dto.mentorId });
      // Leaving a mentor also means leaving that mentor's groups.
      if (mentee.mentorId) {
        const oldGroups = await tx.findBy(Group, { mentorId: mentee.mentorId });
        for (const g of oldGroups) await tx.createQueryBuilder().relation(Group, 'mentees').of(g).remove(mentee.id);
      }
      await this.audit.record(tx, actor, 'mentor.assign', { type: 'mentee', id: mentee.id, label: `${mentee.user!.fullName} (${mentee.studentId})` }, {
        mentor: { from: mentee.mentor?.user?.fullName ?? null, to: mentor?.user?.fullName ?? null },
      });
      return mentee.mentorId;
    });
    const mentee = await this.menteeQuery().where('s.id = :id', { id: dto.menteeId }).getOneOrFail();
    const record = toMenteeRecord(mentee, await this.attendance.forMentee(mentee.id));
    const involved = [before, dto.mentorId].filter((x): x is string => !!x);
    const counts = await this.menteeCounts(involved);
    return { mentee: record, mentorCounts: Object.fromEntries(involved.map((id) => [id, counts.get(id) ?? 0])) };
  }

  private async menteeCounts(mentorIds: string[]): Promise<Map<string, number>> {
    if (!mentorIds.length) return new Map();
    const rows: { mentorId: string; n: string | number }[] = await this.db.getRepository(MenteeProfile).createQueryBuilder('s')
      .select('s.mentorId', 'mentorId').addSelect('COUNT(*)', 'n').where({ mentorId: In(mentorIds) }).groupBy('s.mentorId').getRawMany();
    return new Map(rows.map((r) => [r.mentorId, Number(r.n)]));
  }
}

export function toMenteeRecord(s: MenteeProfile, attendance: MenteeRecord['attendance']): MenteeRecord {
  const mentor = s.mentor;
  return {
    _id: s.id, fullName: s.user!.fullName, studentId: s.studentId, class: s.className, section: s.section, phone: s.user!.phone,
    address: s.address, academicYear: s.academicYear, dateOfBirth: s.dateOfBirth, bloodGroup: s.bloodGroup, hobbies: s.hobbies ?? [],
    userId: { _id: s.id, email: s.user!.email, lastLogin: iso(s.user!.lastLogin), isActive: s.user!.isActive },
    mentorId: mentor ? { _id: mentor.id, fullName: mentor.user?.fullName ?? '', department: mentor.department } : null,
    attendance,
  };
}
