import type { AttendanceStatus } from './attendance';
import type { AttendanceSummary } from './users';

/** At most this many guardians per student (SPEC: a child may have two). */
export const MAX_GUARDIANS_PER_CHILD = 2;

/**
 * A guardian of a student, as admins see it. `invited`: the account exists but its owner has not yet set a password
 * through the invitation link (7 days, single use); `active`: they have.
 */
export interface GuardianLinkResponse {
  _id: string;
  menteeId: string;
  guardianId: string;
  email: string;
  fullName: string;
  status: 'invited' | 'active';
  createdAt: string;
}

/** An admin invites a guardian of a student: the e-mail an invitation link goes to. */
export interface InviteGuardianRequest {
  email: string;
  fullName: string;
}

/** A child as their guardian sees them, with their mentor's name and office hours. */
export interface GuardianChild {
  _id: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  mentor: { fullName: string; officeHours: string } | null;
}

/** One day of a child's month, as the register has it. */
export interface GuardianAttendanceDay {
  /** YYYY-MM-DD */
  date: string;
  status: AttendanceStatus;
}

/** A child's attendance as the child sees it: today's mark, one month's days, the year's figures and leave eligibility. */
export interface GuardianChildAttendance {
  child: GuardianChild;
  /** The school's today (YYYY-MM-DD) and its mark, if marked. */
  today: { date: string; status: AttendanceStatus | null };
  /** YYYY-MM */
  month: string;
  days: GuardianAttendanceDay[];
  summary: AttendanceSummary;
  /** Whether the child may still take leave (the student's own rule: LEAVE_ELIGIBILITY_PERCENT). */
  leaveEligible: boolean;
}

/** Query of `GET /api/guardian/children/:id/attendance`: the month shown (default: the school's current month). */
export interface GuardianAttendanceQuery {
  month?: string;
}
