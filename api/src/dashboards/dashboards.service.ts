import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import type { AdminDashboardResponse, MenteeDashboardResponse, MentorDashboardResponse } from '@portal/contracts';
import { AttendanceSummaryService, EMPTY_SUMMARY } from '../attendance/attendance-summary.service';
import { Grievance } from '../grievances/entities/grievance.entity';
import { Group } from '../groups/entities/group.entity';
import { LeaveRequest } from '../leaves/entities/leave-request.entity';
import { LEAVE_RELATIONS, toLeaveResponse } from '../leaves/leave.mapper';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { User } from '../users/entities/user.entity';
import { iso } from '../users/user.mapper';
import { UsersService } from '../users/users.service';

const RECENT = 5;

@Injectable()
export class DashboardsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly attendance: AttendanceSummaryService,
    private readonly users: UsersService,
  ) {}

  async admin(): Promise<AdminDashboardResponse> {
    const users = this.db.getRepository(User);
    const [totalUsers, activeUsers, totalMentors, totalMentees, totalGroups, pendingLeaves, pendingGrievances, recentUsers, recentLeaves] =
      await Promise.all([
        users.count(),
        users.countBy({ isActive: true }),
        users.countBy({ role: 'mentor' }),
        users.countBy({ role: 'mentee' }),
        this.db.getRepository(Group).countBy({ archivedAt: IsNull() }),
        this.db.getRepository(LeaveRequest).countBy({ status: 'pending' }),
        this.db.getRepository(Grievance).countBy({ status: 'pending' }),
        users.find({ order: { createdAt: 'DESC' }, take: RECENT }),
        this.db.getRepository(LeaveRequest).find({ relations: LEAVE_RELATIONS, order: { createdAt: 'DESC' }, take: RECENT }),
      ]);
    return {
      stats: { totalUsers, activeUsers, totalMentors, totalMentees, totalGroups, pendingLeaves, pendingGrievances },
      recentUsers: recentUsers.map((u) => ({ _id: u.id, email: u.email, role: u.role, createdAt: iso(u.createdAt)!, fullName: u.fullName })),
      recentLeaves: recentLeaves.map(toLeaveResponse),
    };
  }

  async mentor(mentorId: string): Promise<MentorDashboardResponse> {
    const mentees = await this.db.getRepository(MenteeProfile).find({
      where: { mentorId }, relations: { user: true }, order: { user: { fullName: 'ASC' } },
    });
    const ids = mentees.map((m) => m.id);
    const ofMine = { mentee: { mentorId } };
    const [summaries, totalGroups, pendingLeaves, totalGrievances, openGrievances, recentLeaves] = await Promise.all([
      this.attendance.forMentees(ids),
      this.db.getRepository(Group).countBy({ mentorId, archivedAt: IsNull() }),
      this.db.getRepository(LeaveRequest).countBy({ ...ofMine, status: 'pending' }),
      this.db.getRepository(Grievance).countBy(ofMine),
      this.db.getRepository(Grievance).countBy({ ...ofMine, status: In(['pending', 'in-progress']) }),
      this.db.getRepository(LeaveRequest).find({ where: ofMine, relations: LEAVE_RELATIONS, order: { createdAt: 'DESC' }, take: RECENT }),
    ]);
    return {
      totalMentees: mentees.length,
      totalGroups,
      pendingLeaves,
      totalGrievances,
      openGrievances,
      recentLeaves: recentLeaves.map(toLeaveResponse),
      mentees: mentees.map((m) => ({
        _id: m.id, fullName: m.user!.fullName, studentId: m.studentId, class: m.className, section: m.section,
        phone: m.user!.phone, email: m.user!.email, attendance: summaries.get(m.id) ?? EMPTY_SUMMARY,
      })),
    };
  }

  async mentee(menteeId: string): Promise<MenteeDashboardResponse> {
    const leaves = this.db.getRepository(LeaveRequest);
    const profile = await this.db.getRepository(MenteeProfile).findOneBy({ id: menteeId });
    const [attendance, totalGrievances, pendingLeaves, approvedLeaves, recentLeaves, mentor] = await Promise.all([
      this.attendance.forMentee(menteeId),
      this.db.getRepository(Grievance).countBy({ menteeId }),
      leaves.countBy({ menteeId, status: 'pending' }),
      leaves.countBy({ menteeId, status: 'approved' }),
      leaves.find({ where: { menteeId }, relations: LEAVE_RELATIONS, order: { createdAt: 'DESC' }, take: RECENT }),
      profile?.mentorId ? this.users.mentorRef(profile.mentorId) : Promise.resolve(null),
    ]);
    return {
      attendancePercentage: attendance.percentage,
      attendance,
      totalGrievances,
      pendingLeaves,
      approvedLeaves,
      recentLeaves: recentLeaves.map(toLeaveResponse),
      mentor: mentor ? { _id: mentor.id, fullName: mentor.fullName, department: mentor.department } : null,
    };
  }
}
