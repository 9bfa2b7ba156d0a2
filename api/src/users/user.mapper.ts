import type {
  AdminProfile as AdminProfileResponse,
  AttendanceHistoryEntry,
  AttendanceSummary,
  MenteeProfile as MenteeProfileResponse,
  MenteeRecord,
  MentorProfile as MentorProfileResponse,
  UserResponse,
} from '@portal/contracts';
import { iso } from '../dates/iso';
import type { AdminProfile } from './entities/admin-profile.entity';
import type { MenteeProfile } from './entities/mentee-profile.entity';
import type { MentorProfile } from './entities/mentor-profile.entity';
import type { User } from './entities/user.entity';

export function toUserResponse(u: User): UserResponse {
  return {
    _id: u.id,
    email: u.email,
    role: u.role,
    isActive: u.isActive,
    pendingApproval: !!u.pendingApproval,
    safeguardingLead: u.role === 'admin' && !!u.safeguardingLead,
    createdAt: iso(u.createdAt)!,
    lastLogin: iso(u.lastLogin),
    fullName: u.fullName,
    phone: u.phone,
  };
}

export function toAdminProfile(u: User, p: AdminProfile): AdminProfileResponse {
  return {
    _id: u.id,
    fullName: u.fullName,
    phone: u.phone,
    department: p.department,
    position: p.position,
    employeeId: p.employeeId,
  };
}

export function toMentorProfile(u: User, p: MentorProfile): MentorProfileResponse {
  return {
    _id: u.id,
    fullName: u.fullName,
    phone: u.phone,
    employeeId: p.employeeId,
    department: p.department,
    subjects: p.subjects ?? [],
    qualifications: p.qualifications,
    citations: p.citations,
    experience: p.experience,
    officeHours: p.officeHours,
  };
}

export function toMenteeProfile(
  u: User,
  p: MenteeProfile,
  mentor: { id: string; fullName: string; department: string } | null,
  attendance: AttendanceSummary,
  attendanceHistory: AttendanceHistoryEntry[],
): MenteeProfileResponse {
  return {
    _id: u.id,
    fullName: u.fullName,
    phone: u.phone,
    studentId: p.studentId,
    class: p.className,
    section: p.section,
    academicYear: p.academicYear,
    dateOfBirth: p.dateOfBirth,
    address: p.address,
    bloodGroup: p.bloodGroup,
    medicalConditions: p.medicalConditions,
    hobbies: p.hobbies ?? [],
    parentInfo: p.parentInfo ?? {},
    mentorId: mentor ? { _id: mentor.id, fullName: mentor.fullName, department: mentor.department } : null,
    attendance,
    attendanceHistory,
  };
}

/** A mentee with their user and mentor (with the mentor's user) loaded. */
export function toMenteeRecord(s: MenteeProfile, attendance: MenteeRecord['attendance']): MenteeRecord {
  const mentor = s.mentor;
  return {
    _id: s.id,
    fullName: s.user!.fullName,
    studentId: s.studentId,
    class: s.className,
    section: s.section,
    phone: s.user!.phone,
    address: s.address,
    academicYear: s.academicYear,
    dateOfBirth: s.dateOfBirth,
    bloodGroup: s.bloodGroup,
    hobbies: s.hobbies ?? [],
    userId: { _id: s.id, email: s.user!.email, lastLogin: iso(s.user!.lastLogin), isActive: s.user!.isActive },
    mentorId: mentor ? { _id: mentor.id, fullName: mentor.user?.fullName ?? '', department: mentor.department } : null,
    attendance,
  };
}
