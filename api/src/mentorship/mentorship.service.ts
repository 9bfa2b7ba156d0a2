import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AssignMentorResponse, MenteeRecord, MentorRecord } from '@portal/contracts';
import { AttendanceSummaryService, EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import type { ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { windowOf } from '../common/pagination.dto';
import { GroupsService } from '../groups/groups.service';
import { ProfilesService } from '../users/profiles.service';
import { toMenteeRecord } from '../users/user.mapper';
import type { AssignMentorDto } from './dto/assign-mentor.dto';
import type { MenteeSearchQueryDto, SearchQueryDto } from './dto/search.query.dto';
import { MentorshipException } from './mentorship.exception';
import { withRetry } from '../common/with-retry';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';

/** Who mentors whom: the admin's mentor and mentee lists and the assignment; the profiles are the users module's. */
@Injectable()
export class MentorshipService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly profiles: ProfilesService,
    private readonly groups: GroupsService,
    private readonly attendance: AttendanceSummaryService,
    private readonly cache: ReadCache,
  ) {}

  /** The page `q` asks for (LIST_SIZE when no limit) and how many match. */
  async mentors(q: SearchQueryDto): Promise<ArrayPage<MentorRecord>> {
    const { skip, limit } = windowOf(q);
    const [mentors, total] = await this.profiles.searchMentors(q.search, { skip, take: limit });
    const ids = mentors.map((m) => m.id);
    const [menteeCounts, groupCounts] = await Promise.all([
      this.profiles.menteeCounts(ids),
      this.groups.activeCountsByMentor(ids),
    ]);
    const rows = mentors.map((m) => ({
      _id: m.id,
      fullName: m.user!.fullName,
      employeeId: m.employeeId,
      department: m.department,
      phone: m.user!.phone,
      experience: m.experience,
      officeHours: m.officeHours,
      subjects: m.subjects ?? [],
      qualifications: m.qualifications,
      citations: m.citations,
      userId: { _id: m.id, email: m.user!.email, isActive: m.user!.isActive },
      stats: { menteeCount: menteeCounts.get(m.id) ?? 0, groupCount: groupCounts.get(m.id) ?? 0 },
    }));
    return { rows, total };
  }

  /** The page `q` asks for (LIST_SIZE when no limit) and how many match. */
  async mentees(q: MenteeSearchQueryDto): Promise<ArrayPage<MenteeRecord>> {
    const { skip, limit } = windowOf(q);
    const [rows, total] = await this.profiles.searchMenteesPage(
      { search: q.search, mentorId: q.mentorId },
      { skip, take: limit },
    );
    const summaries = await this.attendance.forMentees(rows.map((r) => r.id));
    return { rows: rows.map((s) => toMenteeRecord(s, summaries.get(s.id) ?? EMPTY_SUMMARY)), total };
  }

  /**
   * Assigns (or with null, unassigns) a mentee's mentor, through the users module's one mentor change (column, pairing
   * count, audit, and the 'mentor.changed' event on which the groups module takes the student out of the old mentor's
   * groups).
   */
  async assign(dto: AssignMentorDto, actor: AuthUser): Promise<AssignMentorResponse> {
    const before = await withRetry(() =>
      this.db.transaction(async (tx) => {
        // Locked first, so that this reads the mentor as last committed and a racing group edit waits or sees it.
        await this.profiles.lockMentee(dto.menteeId, tx);
        const mentee = await this.profiles.menteeWithMentor(dto.menteeId, tx);
        if (!mentee) throw MentorshipException.menteeNotFound();
        const mentor = dto.mentorId ? await this.profiles.mentorWithUser(dto.mentorId, tx) : null;
        if (dto.mentorId && !mentor) throw MentorshipException.mentorNotFound();
        if (mentor && !mentor.user?.isActive) throw MentorshipException.mentorInactive();
        if (mentee.mentorId === dto.mentorId) return mentee.mentorId;
        await this.profiles.changeMentors(tx, [{ menteeId: mentee.id, mentorId: dto.mentorId }], actor);
        // notification map: mentor.changed — who is told (the student, the new and the previous mentor) is the
        // notifications module's listener of that event, for every path; nothing is sent from here.
        return mentee.mentorId;
      }),
    );
    const [mentee] = await this.profiles.searchMentees({ id: dto.menteeId });
    const involved = [before, dto.mentorId].filter((x): x is string => !!x);
    // Both mentors' dashboards list the student with their leaves, grievances and attendance; nothing else shows pairs.
    await this.cache.retire(involved.flatMap(Scope.mentorWithAttendance), Scope.menteeDashboard(dto.menteeId));
    const [summary, counts] = await Promise.all([
      this.attendance.forMentee(mentee.id),
      this.profiles.menteeCounts(involved),
    ]);
    return {
      mentee: toMenteeRecord(mentee, summary),
      mentorCounts: Object.fromEntries(involved.map((id) => [id, counts.get(id) ?? 0])),
    };
  }
}
