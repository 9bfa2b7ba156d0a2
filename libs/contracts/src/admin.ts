import type { Role } from './common';
import type {
  AdminUserListItem,
  AnyProfile,
  AttendanceHistoryEntry,
  AttendanceSummary,
  ParentInfo,
  UserResponse,
} from './users';
import type { LeaveStatus } from './leaves';
import type { Page, PageCount, PageQuery } from './paging';
import type { BloodGroup } from './validation';

/** GET /admin/users: rows per page when `limit` is not sent (at most MAX_PAGE_SIZE). */
export const ADMIN_PAGE_SIZE = 12;
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** GET /admin/users */
export interface ListUsersQuery extends PageQuery {
  role?: Role;
  status?: UserStatus;
  search?: string;
}
export type ListUsersResponse = Page<AdminUserListItem, 'users'> & PageCount;

/** GET /admin/users/{id}, and the answer of every user update. */
export interface AdminUserDetail {
  user: UserResponse;
  profile: AnyProfile | null;
}

/** PUT /admin/users/{id}: the e-mail only (the role never changes). */
export interface UpdateUserRequest {
  email: string;
}

/** PUT /admin/users/{id}/profile: fields that do not apply to the user's role are refused. */
export interface UpdateProfileRequest {
  fullName?: string;
  phone?: string;
  department?: string;
  position?: string;
  employeeId?: string;
  subjects?: string[];
  qualifications?: string;
  citations?: string;
  experience?: number;
  officeHours?: string;
  studentId?: string;
  class?: string;
  section?: string;
  academicYear?: string;
  dateOfBirth?: string | null;
  address?: string;
  bloodGroup?: BloodGroup | null;
  medicalConditions?: string;
  hobbies?: string[];
  parentInfo?: ParentInfo;
}

/** Fields of UpdateProfileRequest that each role has. */
export const PROFILE_FIELDS: Record<Role, (keyof UpdateProfileRequest)[]> = {
  // A guardian's account is their name and phone (invited by an admin; no profile of their own).
  guardian: ['fullName', 'phone'],
  admin: ['fullName', 'phone', 'department', 'position', 'employeeId'],
  mentor: [
    'fullName',
    'phone',
    'employeeId',
    'department',
    'subjects',
    'qualifications',
    'citations',
    'experience',
    'officeHours',
  ],
  mentee: [
    'fullName',
    'phone',
    'studentId',
    'class',
    'section',
    'academicYear',
    'dateOfBirth',
    'address',
    'bloodGroup',
    'medicalConditions',
    'hobbies',
    'parentInfo',
  ],
};

/** DELETE /admin/users/{id}: what went with the account (for a student, what legal holds kept too). */
export interface DeleteUserResponse {
  message: string;
  removed: Record<string, number>;
  held?: ErasureHolds;
}

/**
 * Erasing a student keeps what a legal hold needs: their open grievances (those filed with the name withheld are
 * counted apart, never named), the safeguarding reports they made or that quote them, and chats kept for the leads.
 */
export interface ErasureHolds {
  openGrievances: number;
  withheldGrievances: number;
  safeguardingReports: number;
  keptChats: number;
}

/** Free text written by others that names the student: listed for the admin to review, never changed by erasure. */
export const ERASURE_MENTION_KINDS = [
  'chatMessage',
  'grievance',
  'grievanceComment',
  'followUp',
  'announcement',
  'announcementComment',
] as const;
export type ErasureMentionKind = (typeof ERASURE_MENTION_KINDS)[number];

export interface ErasureMention {
  kind: ErasureMentionKind;
  id: string;
  /** The words around the name (at most 160 characters). */
  excerpt: string;
  createdAt: string;
}

/** GET /admin/users/{id}/erasure: what erasing this student would keep and what to review, before confirming. */
export interface ErasurePreview {
  student: { _id: string; fullName: string; studentId: string };
  holds: ErasureHolds;
  /** Newest first, at most ERASURE_MENTIONS_MAX; `mentionsTotal` says how many there are. */
  mentions: ErasureMention[];
  mentionsTotal: number;
}
export const ERASURE_MENTIONS_MAX = 50;

export interface MentorRecord {
  _id: string;
  fullName: string;
  employeeId: string;
  department: string;
  phone: string;
  experience: number;
  officeHours: string;
  subjects: string[];
  qualifications: string;
  citations: string;
  userId: { _id: string; email: string; isActive: boolean };
  stats: { menteeCount: number; groupCount: number };
}

export interface MenteeRecord {
  _id: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  phone: string;
  address: string;
  academicYear: string;
  dateOfBirth: string | null;
  bloodGroup: BloodGroup | null;
  hobbies: string[];
  userId: { _id: string; email: string; lastLogin: string | null; isActive: boolean };
  mentorId: { _id: string; fullName: string; department: string } | null;
  attendance: AttendanceSummary;
  attendanceHistory?: AttendanceHistoryEntry[];
}

/** PUT /admin/assign-mentor; mentorId null unassigns. */
export interface AssignMentorRequest {
  menteeId: string;
  mentorId: string | null;
}
export interface AssignMentorResponse {
  mentee: MenteeRecord;
  /** Mentee counts of the mentors involved, after the change. */
  mentorCounts: Record<string, number>;
}

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** GET /admin/reports/overview?period= : every figure is computed for the period. */
export interface ReportsOverviewResponse {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  /** Start of the previous period of the same length, [previousFrom, from): what the changes compare with. */
  previousFrom: string;
  stats: {
    totalUsers: number;
    /** Accounts that signed in at least once during the period (not the accounts left active). */
    signedInUsers: number;
    mentorMenteePairs: number;
    avgAttendance: number;
  };
  /**
   * Against the previous period of the same length: accounts and pairs in percent of the figure at its end, sign-ins
   * in percent of the previous period's, attendance in percentage points; null when there is nothing to compare.
   */
  changeFromPreviousPeriod: {
    totalUsers: number | null;
    signedInUsers: number | null;
    mentorMenteePairs: number | null;
    avgAttendance: number | null;
  };
  attendanceStats: { avgAttendance: number; totalStudents: number; recordedDays: number };
  /** Registrations per day (per month for 1y) within the period. */
  userTrends: { _id: string; count: number }[];
  leaveStats: { _id: LeaveStatus; count: number }[];
  recentUsers: { _id: string; email: string; role: Role; fullName: string; createdAt: string }[];
  quickStats: {
    totalGroups: number;
    pendingLeaves: number;
    totalStudents: number;
    /** Mean of each student's attendance rate over the period (each student with a recorded day weighs the same). */
    avgPerformance: number;
    /** Students with at least one recorded day in the period: those avgPerformance averages over. */
    studentsRated: number;
  };
  engagement: {
    activityRate: number;
    activeMentors: number;
    activeMentees: number;
    signedInUsers: number;
    avgAttendance: number;
  };
}

export interface AuditEntryResponse {
  _id: string;
  actor: { _id: string | null; email: string };
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  createdAt: string;
}
/** GET /admin/audit: PAGE_SIZE rows per page by default, at most MAX_PAGE_SIZE. */
export interface ListAuditQuery extends PageQuery {
  action?: string;
  search?: string;
}
export type ListAuditResponse = Page<AuditEntryResponse> & PageCount;
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.profile.update',
  'user.activate',
  'user.deactivate',
  'user.delete',
  'user.erase',
  'user.approve',
  'user.decline',
  'user.password.reset-link',
  'admin.create',
  'admin.mfa-reset',
  'mentor.assign',
  'attendance.save',
  'attendance.mark-confirmed',
  'leave.approve',
  'leave.reject',
  'grievance.status',
  'conversation.delete',
  'grievance.priority',
  'grievance.category',
  'grievance.reveal',
  'grievance.settings',
  'user.guardian-notifications',
  'calendar.update',
  'calendar.closures.add',
  'calendar.closures.remove',
  'users.import',
  'followup.settings.update',
  'remote.set',
  'remote.rollback',
  'guardian.invite',
  'guardian.resend',
  'guardian.unlink',
  'privacy.publish',
  'user.safeguarding-lead',
  'message.delete',
  'safeguarding.read',
  'safeguarding.report',
  'retention.update',
  'retention.purge',
  'data.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a remote's build says of itself (its version.json), as far as it could be read. */
export interface RemoteBuildInfo {
  version?: string;
  commit?: string;
  /** ISO date-time of the build. */
  builtAt?: string;
  contractsVersion?: string;
}
/** One `npm run remotes -- set` of a remote, and what became of it. */
export interface RemoteDeploymentResponse {
  entry: string;
  /** version.json as read when it was set; null when it could not be read. */
  build: RemoteBuildInfo | null;
  /** The operating-system user and host that ran the command. */
  setBy: string;
  createdAt: string;
  rolledBackAt: string | null;
  state: 'current' | 'earlier' | 'rolledBack';
}
/** A remote on the admin's Deployments page: what serves it now, and its latest deployments, newest first. */
export interface RemoteStatusResponse {
  remote: string;
  entry: string;
  /** `default`: REMOTE_URLS or the API's own build (nothing set, or everything rolled back); `registry`: a `set`. */
  source: 'default' | 'registry';
  build: RemoteBuildInfo | null;
  deployments: RemoteDeploymentResponse[];
  /** How many deployments it has had in all (only the latest are listed). */
  deploymentCount: number;
}
/** GET /admin/remotes */
export interface RemotesOverviewResponse {
  remotes: RemoteStatusResponse[];
}
