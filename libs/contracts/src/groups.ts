import type { AttendanceSummary } from './users';

export const DEFAULT_GROUP_COLOR = '#3B82F6';
export const MAX_GROUP_MEMBERS = 200;

export interface GroupMember {
  _id: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  /** Personal data: only for the group's mentor and admins. */
  phone?: string;
  email?: string;
  attendance?: AttendanceSummary;
}

export interface GroupResponse {
  _id: string;
  name: string;
  description: string;
  color: string;
  mentorId: { _id: string; fullName: string; department: string };
  menteeIds: string[];
  mentees: GroupMember[];
  /** Rounded mean of the members' attendance percentages (SPEC.md section 9). */
  averageAttendance: number;
  /** Set while the group is archived: read-only for its mentor (and admins), gone from its members' lists. */
  archivedAt?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface GroupDetailsResponse {
  group: GroupResponse;
  members: GroupMember[];
  mentor: { _id: string; fullName: string; department: string; email: string; phone: string };
}

/** POST /groups and PUT /groups/{id} */
export interface SaveGroupRequest {
  name: string;
  description?: string;
  color?: string;
  menteeIds: string[];
}

/** Group average of SPEC.md section 9: rounded mean of the students' percentages. */
export function groupAverage(percentages: number[]): number {
  return percentages.length ? Math.round(percentages.reduce((s, p) => s + p, 0) / percentages.length) : 0;
}
