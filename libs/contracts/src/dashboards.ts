import type { Role } from './common';
import type { AttendanceSummary } from './users';
import type { LeaveResponse } from './leaves';

export interface AdminDashboardResponse {
  stats: {
    totalUsers: number;
    activeUsers: number;
    totalMentors: number;
    totalMentees: number;
    totalGroups: number;
    pendingLeaves: number;
    pendingGrievances: number;
    /** Open grievances past their deadline (escalated to every admin). */
    escalatedGrievances: number;
    /** Self-registered mentors waiting for approval. */
    pendingApprovals: number;
  };
  recentUsers: { _id: string; email: string; role: Role; createdAt: string; fullName: string }[];
  recentLeaves: LeaveResponse[];
}

export interface DashboardMentee {
  _id: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  phone: string;
  email: string;
  attendance: AttendanceSummary;
}

export interface MentorDashboardResponse {
  totalMentees: number;
  totalGroups: number;
  pendingLeaves: number;
  totalGrievances: number;
  /** grievances not yet resolved or rejected */
  openGrievances: number;
  recentLeaves: LeaveResponse[];
  mentees: DashboardMentee[];
}

export interface MenteeDashboardResponse {
  attendancePercentage: number;
  attendance: AttendanceSummary;
  totalGrievances: number;
  pendingLeaves: number;
  approvedLeaves: number;
  recentLeaves: LeaveResponse[];
  mentor: { _id: string; fullName: string; department: string } | null;
}
