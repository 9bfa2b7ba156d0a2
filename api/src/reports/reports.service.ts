import { Injectable } from '@nestjs/common';
import dayjs from 'dayjs';
import type { AnalyticsPeriod, ReportsOverviewResponse } from '@portal/contracts';
import { AttendanceSummaryService } from '../attendance/attendance-summary.service';
import { CalendarService } from '../calendar/calendar.service';
import { Clock } from '../dates/clock';
import { dayIn } from '../dates/days';
import { iso } from '../dates/iso';
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
    private readonly calendar: CalendarService,
    private readonly clock: Clock,
  ) {}

  async overview(period: AnalyticsPeriod = '30d', now: Date = this.clock.now()): Promise<ReportsOverviewResponse> {
    // Attendance is by school day: the period's ends as days of the school's time zone.
    const zone = (await this.calendar.rules()).timezone;
    const day = (d: dayjs.Dayjs) => dayIn(d.toDate(), zone);
    const to = dayjs(now);
    const from = to.subtract(PERIOD_DAYS[period], 'day');
    // The previous period of the same length, [previousFrom, from): what every change compares with.
    const previousFrom = from.subtract(PERIOD_DAYS[period], 'day');

    const [
      totalUsers,
      usersBefore,
      signedIn,
      signedInBefore,
      activeMentors,
      activeMentees,
      pairs,
      pairsBefore,
      totalStudents,
      totalGroups,
      pendingLeaves,
    ] = await Promise.all([
      this.userStats.count(),
      this.userStats.count({ createdUntil: from.toDate() }),
      this.userStats.count({ signedInSince: from.toDate() }),
      this.userStats.signedInBetween(previousFrom.toDate(), from.toDate()),
      this.userStats.count({ signedInSince: from.toDate(), role: 'mentor' }),
      this.userStats.count({ signedInSince: from.toDate(), role: 'mentee' }),
      this.profiles.countPaired(),
      this.profiles.countPairedAt(from.toDate()),
      this.userStats.count({ role: 'mentee' }),
      this.groups.countActive(),
      this.leaves.countPending(),
    ]);
    const [periodAttendance, previousAttendance, performance, userTrends, leaveStats, recentUsers] = await Promise.all([
      this.attendance.schoolBetween(day(from), day(to)),
      this.attendance.schoolBetween(day(previousFrom), day(from.subtract(1, 'day'))),
      this.attendance.studentAverageBetween(day(from), day(to)),
      this.userStats.registrations(from.toDate(), to.toDate(), period === '1y' ? 7 : 10),
      this.leaves.countsByStatus(from.toDate(), to.toDate()),
      this.users.recent(5),
    ]);

    return {
      period,
      from: from.toISOString(),
      to: to.toISOString(),
      previousFrom: previousFrom.toISOString(),
      stats: { totalUsers, signedInUsers: signedIn, mentorMenteePairs: pairs, avgAttendance: periodAttendance.average },
      changeFromPreviousPeriod: {
        totalUsers: percentChange(totalUsers, usersBefore),
        signedInUsers: percentChange(signedIn, signedInBefore),
        mentorMenteePairs: percentChange(pairs, pairsBefore),
        avgAttendance:
          periodAttendance.days && previousAttendance.days
            ? round1(periodAttendance.average - previousAttendance.average)
            : null,
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
      quickStats: {
        totalGroups,
        pendingLeaves,
        totalStudents,
        avgPerformance: performance.average,
        studentsRated: performance.students,
      },
      engagement: {
        activityRate: totalUsers ? Math.round((signedIn / totalUsers) * 100) : 0,
        activeMentors,
        activeMentees,
        signedInUsers: signedIn,
        avgAttendance: periodAttendance.average,
      },
    };
  }
}
