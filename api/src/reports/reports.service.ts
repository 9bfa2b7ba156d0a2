import { Injectable } from '@nestjs/common';
import dayjs from 'dayjs';
import type { AnalyticsPeriod, ReportsOverviewResponse } from '@portal/contracts';
import { AttendanceSummaryService } from '../attendance/attendance-summary.service';
import { iso } from '../common/dates';
import { GrievancesService } from '../grievances/grievances.service';
import { GroupsService } from '../groups/groups.service';
import { LeavesService } from '../leaves/leaves.service';
import { ProfilesService } from '../users/profiles.service';
import { UsersService } from '../users/users.service';
import { UserStatsService } from '../users/user-stats.service';

const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
const round1 = (n: number) => Math.round(n * 10) / 10;
/** Percent change; null when there is no earlier figure to compare with. */
export const percentChange = (now: number, before: number): number | null =>
  before > 0 ? round1(((now - before) / before) * 100) : null;
const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** The analytics of a period, computed from each module's figures. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly users: UsersService,
    private readonly userStats: UserStatsService,
    private readonly profiles: ProfilesService,
    private readonly attendance: AttendanceSummaryService,
    private readonly groups: GroupsService,
    private readonly leaves: LeavesService,
    private readonly grievances: GrievancesService,
  ) {}

  async overview(period: AnalyticsPeriod = '30d', now = new Date()): Promise<ReportsOverviewResponse> {
    const to = dayjs(now);
    const from = to.subtract(PERIOD_DAYS[period], 'day');
    const monthAgo = to.subtract(30, 'day');
    const twoMonthsAgo = to.subtract(60, 'day');
    const signedInSince = from.toDate();

    const [
      totalUsers,
      usersMonthAgo,
      activeUsers,
      activeMentors,
      activeMentees,
      pairs,
      totalStudents,
      totalGroups,
      pendingLeaves,
      openGrievances,
    ] = await Promise.all([
      this.userStats.count(),
      this.userStats.count({ createdUntil: monthAgo.toDate() }),
      this.userStats.count({ signedInSince }),
      this.userStats.count({ signedInSince, role: 'mentor' }),
      this.userStats.count({ signedInSince, role: 'mentee' }),
      this.profiles.countPaired(),
      this.userStats.count({ role: 'mentee' }),
      this.groups.countActive(),
      this.leaves.countPending(),
      this.grievances.countInStatus(['pending', 'in-progress']),
    ]);
    const [periodAttendance, lastMonth, monthBefore, userTrends, leaveStats, recentUsers] = await Promise.all([
      this.attendance.schoolBetween(day(from), day(to)),
      this.attendance.schoolBetween(day(monthAgo), day(to)),
      this.attendance.schoolBetween(day(twoMonthsAgo), day(monthAgo.subtract(1, 'day'))),
      this.userStats.registrations(from.toDate(), to.toDate(), period === '1y' ? 7 : 10),
      this.leaves.countsByStatus(from.toDate(), to.toDate()),
      this.users.recent(5),
    ]);

    return {
      period,
      from: from.toISOString(),
      to: to.toISOString(),
      stats: { totalUsers, activeUsers, mentorMenteePairs: pairs, avgAttendance: periodAttendance.average },
      changeFromLastMonth: {
        totalUsers: percentChange(totalUsers, usersMonthAgo),
        // Sign-ins and assignments keep no history to compare with.
        activeUsers: null,
        mentorMenteePairs: null,
        avgAttendance: lastMonth.days && monthBefore.days ? round1(lastMonth.average - monthBefore.average) : null,
      },
      attendanceStats: { avgAttendance: periodAttendance.average, totalStudents, recordedDays: periodAttendance.days },
      userTrends,
      leaveStats,
      recentUsers: recentUsers.map((u) => ({
        _id: u.id,
        email: u.email,
        role: u.role,
        fullName: u.fullName,
        createdAt: iso(u.createdAt)!,
      })),
      quickStats: { totalGroups, pendingLeaves, totalStudents, openGrievances },
      engagement: {
        activityRate: totalUsers ? Math.round((activeUsers / totalUsers) * 100) : 0,
        activeMentors,
        activeMentees,
        signedInUsers: activeUsers,
        avgAttendance: periodAttendance.average,
      },
    };
  }
}
