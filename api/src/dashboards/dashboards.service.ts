import { Injectable } from '@nestjs/common';
import type { AdminDashboardResponse, MenteeDashboardResponse, MentorDashboardResponse } from '@portal/contracts';
import { AttendanceSummaryService, EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import { iso } from '../dates/iso';
import { GrievanceReports } from '../grievances/grievance-reports.service';
import { GroupsService } from '../groups/groups.service';
import { LeavesService } from '../leaves/leaves.service';
import { ProfilesService } from '../users/profiles.service';
import { UsersService } from '../users/users.service';
import { UserStatsService } from '../users/user-stats.service';

const RECENT = 5;

/** The three dashboards, composed from what each module answers; every statement starts at once. */
@Injectable()
export class DashboardsService {
  constructor(
    private readonly users: UsersService,
    private readonly userStats: UserStatsService,
    private readonly profiles: ProfilesService,
    private readonly attendance: AttendanceSummaryService,
    private readonly groups: GroupsService,
    private readonly leaves: LeavesService,
    private readonly grievances: GrievanceReports,
  ) {}

  async admin(): Promise<AdminDashboardResponse> {
    const [
      users,
      totalGroups,
      pendingLeaves,
      pendingGrievances,
      recentUsers,
      recentLeaves,
      pendingApprovals,
      escalatedGrievances,
    ] = await Promise.all([
      this.userStats.headline(),
      this.groups.countActive(),
      this.leaves.countPending(),
      this.grievances.countInStatus(['pending']),
      this.users.recent(RECENT),
      this.leaves.recent({ kind: 'admin' }, RECENT),
      this.userStats.pendingApprovals(),
      this.grievances.countEscalatedOpen(),
    ]);
    return {
      stats: { ...users, totalGroups, pendingLeaves, pendingGrievances, pendingApprovals, escalatedGrievances },
      recentUsers: recentUsers.map((u) => ({
        _id: u.id,
        email: u.email,
        role: u.role,
        createdAt: iso(u.createdAt)!,
        fullName: u.fullName,
      })),
      recentLeaves,
    };
  }

  async mentor(mentorId: string): Promise<MentorDashboardResponse> {
    const [mentees, summaries, totalGroups, pendingLeaves, grievances, recentLeaves] = await Promise.all([
      this.profiles.menteeCardsOfMentor(mentorId),
      this.attendance.keptForMentor(mentorId),
      this.groups.countActive(mentorId),
      this.leaves.countPending(mentorId),
      this.grievances.mentorCounts(mentorId),
      this.leaves.recent({ kind: 'mentor', mentorId }, RECENT),
    ]);
    return {
      totalMentees: mentees.length,
      totalGroups,
      pendingLeaves,
      totalGrievances: grievances.total,
      openGrievances: grievances.open,
      recentLeaves,
      mentees: mentees.map((m) => ({
        _id: m.id,
        fullName: m.user!.fullName,
        studentId: m.studentId,
        class: m.className,
        section: m.section,
        phone: m.user!.phone,
        email: m.user!.email,
        attendance: summaries.get(m.id) ?? EMPTY_SUMMARY,
      })),
    };
  }

  async mentee(menteeId: string): Promise<MenteeDashboardResponse> {
    const [attendance, leaves, totalGrievances, mentor] = await Promise.all([
      this.attendance.forMentee(menteeId),
      this.leaves.menteeOverview(menteeId, RECENT),
      this.grievances.countOfMentee(menteeId),
      this.profiles.mentorOfMentee(menteeId),
    ]);
    return {
      attendancePercentage: attendance.percentage,
      attendance,
      totalGrievances,
      pendingLeaves: leaves.pending,
      approvedLeaves: leaves.approved,
      recentLeaves: leaves.recent,
      mentor: mentor?.user ? { _id: mentor.id, fullName: mentor.user.fullName, department: mentor.department } : null,
    };
  }
}
