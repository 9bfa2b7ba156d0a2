import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import { Between, DataSource, In, IsNull, LessThanOrEqual, MoreThanOrEqual, Not } from 'typeorm';
import type { AnalyticsPeriod, ReportsOverviewResponse } from '@portal/contracts';
import { AttendanceRecord } from '../attendance/entities/attendance-record.entity';
import { Grievance } from '../grievances/entities/grievance.entity';
import { Group } from '../groups/entities/group.entity';
import { LeaveRequest } from '../leaves/entities/leave-request.entity';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { User } from '../users/entities/user.entity';
import { iso } from '../users/user.mapper';

const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
const round1 = (n: number) => Math.round(n * 10) / 10;
/** Percent change; null when there is no earlier figure to compare with. */
export const percentChange = (now: number, before: number): number | null => (before > 0 ? round1(((now - before) / before) * 100) : null);

@Injectable()
export class ReportsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async overview(period: AnalyticsPeriod = '30d', now = new Date()): Promise<ReportsOverviewResponse> {
    const to = dayjs(now);
    const from = to.subtract(PERIOD_DAYS[period], 'day');
    const monthAgo = to.subtract(30, 'day');
    const twoMonthsAgo = to.subtract(60, 'day');
    const users = this.db.getRepository(User);
    const signedIn = { lastLogin: MoreThanOrEqual(from.toDate()) };

    const [totalUsers, usersMonthAgo, activeUsers, activeMentors, activeMentees, pairs, totalStudents, totalGroups, pendingLeaves, openGrievances] = await Promise.all([
      users.count(),
      users.countBy({ createdAt: LessThanOrEqual(monthAgo.toDate()) }),
      users.countBy(signedIn),
      users.countBy({ ...signedIn, role: 'mentor' }),
      users.countBy({ ...signedIn, role: 'mentee' }),
      this.db.getRepository(MenteeProfile).countBy({ mentorId: Not(IsNull()) }),
      users.countBy({ role: 'mentee' }),
      this.db.getRepository(Group).countBy({ archivedAt: IsNull() }),
      this.db.getRepository(LeaveRequest).countBy({ status: 'pending' }),
      this.db.getRepository(Grievance).countBy({ status: In(['pending', 'in-progress']) }),
    ]);
    const [periodAttendance, lastMonth, monthBefore, userTrends, leaveStats, recentUsers] = await Promise.all([
      this.attendanceBetween(from, to),
      this.attendanceBetween(monthAgo, to),
      this.attendanceBetween(twoMonthsAgo, monthAgo.subtract(1, 'day')),
      this.registrations(from, to, period === '1y' ? 7 : 10),
      this.db.getRepository(LeaveRequest).createQueryBuilder('l').select('l.status', '_id').addSelect('COUNT(*)', 'count')
        .where({ createdAt: Between(from.toDate(), to.toDate()) }).groupBy('l.status').orderBy('l.status').getRawMany<{ _id: string; count: string | number }>(),
      users.find({ order: { createdAt: 'DESC' }, take: 5 }),
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
      leaveStats: leaveStats.map((r) => ({ _id: r._id, count: Number(r.count) })),
      recentUsers: recentUsers.map((u) => ({ _id: u.id, email: u.email, role: u.role, fullName: u.fullName, createdAt: iso(u.createdAt)! })),
      quickStats: { totalGroups, pendingLeaves, totalStudents, openGrievances },
      engagement: {
        activityRate: totalUsers ? Math.round((activeUsers / totalUsers) * 100) : 0,
        activeMentors, activeMentees, signedInUsers: activeUsers, avgAttendance: periodAttendance.average,
      },
    };
  }

  /** Present share of all records dated in [from, to], one decimal; days = distinct school days recorded. */
  private async attendanceBetween(from: dayjs.Dayjs, to: dayjs.Dayjs): Promise<{ average: number; days: number }> {
    const row = await this.db.getRepository(AttendanceRecord).createQueryBuilder('a')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN a.status = 'present' THEN 1 ELSE 0 END)", 'present')
      .addSelect('COUNT(DISTINCT a.date)', 'days')
      .where('a.date BETWEEN :from AND :to', { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') })
      .getRawOne<{ total: string | number; present: string | number | null; days: string | number }>();
    const total = Number(row?.total ?? 0);
    return { average: total ? round1((Number(row?.present ?? 0) / total) * 100) : 0, days: Number(row?.days ?? 0) };
  }

  /** Sign-ups per day (per month over a year): `length` 10 is YYYY-MM-DD, 7 is YYYY-MM. */
  private async registrations(from: dayjs.Dayjs, to: dayjs.Dayjs, length: 7 | 10): Promise<{ _id: string; count: number }[]> {
    const rows = await this.db.getRepository(User).createQueryBuilder('u')
      .select(`SUBSTR(u.createdAt, 1, ${length})`, '_id').addSelect('COUNT(*)', 'count')
      .where({ createdAt: Between(from.toDate(), to.toDate()) })
      .groupBy('_id').orderBy('_id', 'ASC').getRawMany<{ _id: string; count: string | number }>();
    return rows.map((r) => ({ _id: String(r._id), count: Number(r.count) }));
  }
}
