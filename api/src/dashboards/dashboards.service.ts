import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import type { AdminDashboardResponse, MenteeDashboardResponse, MentorDashboardResponse } from '@portal/contracts';
import { AttendanceSummaryService, EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import { Grievance } from '../grievances/entities/grievance.entity';
import { Group } from '../groups/entities/group.entity';
import { LeaveRequest } from '../leaves/entities/leave-request.entity';
import { LeavesService } from '../leaves/leaves.service';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { MentorProfile } from '../users/entities/mentor-profile.entity';
import { User } from '../users/entities/user.entity';
import { iso } from '../users/user.mapper';

const RECENT = 5;
/** Users counted per (role, isActive); isActive comes back as 1/0 (MySQL and SQLite alike). */
type UserGroup = { role: string; active: number | string | boolean; n: number | string };

@Injectable()
export class DashboardsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly attendance: AttendanceSummaryService,
    private readonly leaves: LeavesService,
  ) {}

  async admin(): Promise<AdminDashboardResponse> {
    const users = this.db.getRepository(User);
    const [groups, totalGroups, pendingLeaves, pendingGrievances, recentUsers, recentLeaves] =
      await Promise.all([
        // The four user counts from one pass over the (role, isActive) index, rather than four statements that each
        // read every user (20,000 in a large school).
        users.createQueryBuilder('u').select('u.role', 'role').addSelect('u.isActive', 'active').addSelect('COUNT(*)', 'n')
          .groupBy('u.role').addGroupBy('u.isActive')
          .getRawMany<UserGroup>(),
        this.db.getRepository(Group).countBy({ archivedAt: IsNull() }),
        this.db.getRepository(LeaveRequest).countBy({ status: 'pending' }),
        this.db.getRepository(Grievance).countBy({ status: 'pending' }),
        users.find({ order: { createdAt: 'DESC' }, take: RECENT }),
        this.leaves.recent({ kind: 'admin' }, RECENT),
      ]);
    const sum = (keep: (g: UserGroup) => boolean) => groups.filter(keep).reduce((total, g) => total + Number(g.n), 0);
    return {
      stats: {
        totalUsers: sum(() => true), activeUsers: sum((g) => Number(g.active) === 1),
        totalMentors: sum((g) => g.role === 'mentor'), totalMentees: sum((g) => g.role === 'mentee'),
        totalGroups, pendingLeaves, pendingGrievances,
      },
      recentUsers: recentUsers.map((u) => ({ _id: u.id, email: u.email, role: u.role, createdAt: iso(u.createdAt)!, fullName: u.fullName })),
      recentLeaves,
    };
  }

  async mentor(mentorId: string): Promise<MentorDashboardResponse> {
    // Every statement at once: none waits for another's result.
    const [mentees, summaries, totalGroups, pendingLeaves, grievances, recentLeaves] = await Promise.all([
      this.db.getRepository(MenteeProfile).find({
        where: { mentorId }, relations: { user: true }, order: { user: { fullName: 'ASC' } },
        // Only the columns shown: whole profiles carry JSON columns that cost more to hydrate than the query.
        select: { id: true, studentId: true, className: true, section: true, user: { id: true, fullName: true, phone: true, email: true } },
      }),
      this.attendance.forMentor(mentorId),
      this.db.getRepository(Group).countBy({ mentorId, archivedAt: IsNull() }),
      this.db.getRepository(LeaveRequest).countBy({ mentee: { mentorId }, status: 'pending' }),
      // Both grievance counts in one statement.
      this.db.getRepository(Grievance).createQueryBuilder('g').innerJoin('g.mentee', 'm')
        .select('COUNT(*)', 'total').addSelect("SUM(CASE WHEN g.status IN ('pending', 'in-progress') THEN 1 ELSE 0 END)", 'open')
        .where('m.mentorId = :mentorId', { mentorId }).getRawOne<{ total: string | number; open: string | number | null }>(),
      this.leaves.recent({ kind: 'mentor', mentorId }, RECENT),
    ]);
    return {
      totalMentees: mentees.length,
      totalGroups,
      pendingLeaves,
      totalGrievances: Number(grievances?.total ?? 0),
      openGrievances: Number(grievances?.open ?? 0),
      recentLeaves,
      mentees: mentees.map((m) => ({
        _id: m.id, fullName: m.user!.fullName, studentId: m.studentId, class: m.className, section: m.section,
        phone: m.user!.phone, email: m.user!.email, attendance: summaries.get(m.id) ?? EMPTY_SUMMARY,
      })),
    };
  }

  async mentee(menteeId: string): Promise<MenteeDashboardResponse> {
    // Every statement at once: the mentor comes joined through the profile rather than after it.
    const [attendance, counts, recentLeaves, mentor] = await Promise.all([
      this.attendance.forMentee(menteeId),
      // The three counts in one statement, each from the (menteeId, status) index.
      this.db.getRepository(LeaveRequest).createQueryBuilder('l')
        .select("SUM(CASE WHEN l.status = 'pending' THEN 1 ELSE 0 END)", 'pending')
        .addSelect("SUM(CASE WHEN l.status = 'approved' THEN 1 ELSE 0 END)", 'approved')
        .addSelect((sub) => sub.select('COUNT(*)').from(Grievance, 'g').where('g.menteeId = :menteeId'), 'grievances')
        .where('l.menteeId = :menteeId', { menteeId })
        .getRawOne<Record<'pending' | 'approved' | 'grievances', string | number | null>>(),
      this.leaves.recent({ kind: 'mentee', menteeId }, RECENT),
      this.db.getRepository(MentorProfile).createQueryBuilder('p').innerJoin('p.user', 'u').innerJoin(MenteeProfile, 'm', 'm.mentorId = p.id')
        .select(['p.id', 'p.department', 'u.id', 'u.fullName']).where('m.id = :menteeId', { menteeId }).getOne(),
    ]);
    return {
      attendancePercentage: attendance.percentage,
      attendance,
      totalGrievances: Number(counts?.grievances ?? 0),
      pendingLeaves: Number(counts?.pending ?? 0),
      approvedLeaves: Number(counts?.approved ?? 0),
      recentLeaves,
      mentor: mentor?.user ? { _id: mentor.id, fullName: mentor.user.fullName, department: mentor.department } : null,
    };
  }
}
