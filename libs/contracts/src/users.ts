import type { Role } from './common';
import type { BloodGroup } from './validation';

/**
 * The languages a person may use the portal in: their screens, and what the server writes for them (notifications,
 * e-mails, risk evidence, chat subtitles), in the language stored on their account.
 */
export const USER_LANGUAGES = ['en', 'hi'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: UserLanguage = 'en';
export const isUserLanguage = (value: unknown): value is UserLanguage =>
  (USER_LANGUAGES as readonly unknown[]).includes(value);

export interface AttendanceSummary {
  /** Every marked school day (present, late, absent, leave). */
  totalDays: number;
  /** Attended days: present and late. */
  presentDays: number;
  lateDays: number;
  absentDays: number;
  leaveDays: number;
  /** The headline (see attendancePercentages in attendance.ts). */
  percentage: number;
  /** Without approved leave days; null when there are none. */
  percentageExcludingLeave: number | null;
}

export interface AttendanceHistoryEntry {
  /** YYYY-MM */
  month: string;
  percentage: number;
  presentDays: number;
  totalDays: number;
}

export interface ParentInfo {
  fatherName?: string;
  motherName?: string;
  primaryContact?: string;
  secondaryContact?: string;
  email?: string;
  emergencyContact?: string;
}

export interface BaseProfile {
  _id: string;
  fullName: string;
  phone: string;
}

export interface AdminProfile extends BaseProfile {
  department: string;
  position: string;
  employeeId: string;
}

export interface MentorProfile extends BaseProfile {
  employeeId: string;
  department: string;
  subjects: string[];
  qualifications: string;
  citations: string;
  experience: number;
  officeHours: string;
}

export interface MentorRef {
  _id: string;
  fullName: string;
  department: string;
}

export interface MenteeProfile extends BaseProfile {
  studentId: string;
  class: string;
  section: string;
  academicYear: string;
  dateOfBirth: string | null;
  address: string;
  bloodGroup: BloodGroup | null;
  medicalConditions: string;
  hobbies: string[];
  mentorId: MentorRef | null;
  parentInfo: ParentInfo;
  attendance: AttendanceSummary;
  attendanceHistory: AttendanceHistoryEntry[];
}

export type AnyProfile = AdminProfile | MentorProfile | MenteeProfile;

export interface UserResponse {
  _id: string;
  email: string;
  fullName: string;
  phone: string;
  role: Role;
  isActive: boolean;
  /** A self-registered mentor waiting for an admin's approval (cannot sign in). */
  pendingApproval: boolean;
  /** An admin designated to read kept chats and handle message reports (always false for other roles). */
  safeguardingLead: boolean;
  createdAt: string;
  lastLogin: string | null;
}

/** A user in the admin list: the user with the profile fields the cards read. */
export interface AdminUserListItem extends UserResponse {
  profile: {
    fullName: string;
    phone: string;
    employeeId?: string;
    studentId?: string;
    department?: string;
    class?: string;
    section?: string;
  } | null;
}

/** PUT /mentors/profile: what a mentor may change on their own profile. */
export interface UpdateMentorProfileRequest {
  email?: string;
  phone?: string;
  qualifications?: string;
  citations?: string;
}

/** PATCH /auth/me: the caller's own settings (their language, their phone; at least one); answers their MeResponse. */
export interface UpdateMeRequest {
  language?: UserLanguage;
  phone?: string;
}
