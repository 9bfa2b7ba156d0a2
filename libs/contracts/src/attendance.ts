import type { AttendanceHistoryEntry, AttendanceSummary } from './users';
import type { MenteeRecord } from './admin';

/**
 * present and absent are the spec's marking (the default); late counts as present; leave is an approved leave day and
 * counts as a day not attended in the headline figure, and is left out of the "excluding approved leave" figure.
 */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** The marking offered first (the spec's two); late and leave are one step further in the admin register. */
export const DEFAULT_MARKING: readonly AttendanceStatus[] = ['present', 'absent'];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  leave: 'On leave',
};
/** Whether a status counts as attended (present, late). */
export const attended = (status: AttendanceStatus): boolean => status === 'present' || status === 'late';
/** mentee id → date (YYYY-MM-DD) → status; a missing date is unmarked. */
export type AttendanceData = Record<string, Record<string, AttendanceStatus>>;

/** Leave eligibility: a student keeps it at this attendance (headline figure) or above. */
export const LEAVE_ELIGIBILITY_PERCENT = 75;

/**
 * The school calendar (GET /calendar?from=YYYY-MM-DD&to=YYYY-MM-DD, any signed-in user; at most a year at once).
 * A day is a school day when it is inside the term (when one is set), not a weekend day and not a closure.
 */
export interface SchoolCalendar {
  /** IANA time zone of the school, e.g. "Asia/Kolkata": "today" and future-date checks follow it. */
  timezone: string;
  /** The school's today (YYYY-MM-DD) in its time zone, when the answer was made. */
  today: string;
  /** Weekdays without school, 0 = Sunday … 6 = Saturday. Default [0] (the spec's rule: Sundays). */
  weekendDays: number[];
  termStart: string | null;
  termEnd: string | null;
  /** How many days back a sick leave may start. */
  sickLeaveBackfillDays: number;
  /** Holidays and other non-school days within from..to, sorted. */
  closures: SchoolClosure[];
  /**
   * The school office's e-mail address that guardian e-mails name for questions (set by an admin; not the sender's
   * MAIL_FROM). null: not set, and those e-mails name the sender's address.
   */
  contactEmail: string | null;
  /**
   * The school's quiet hours ("HH:mm" to "HH:mm" in its time zone; may run past midnight): e-mails to guardians other
   * than safety notices (absence notices, urgent announcements) wait until they end. null: none.
   */
  quietHours: QuietHours | null;
  /** When guardians who chose a daily digest get it ("HH:mm" in the school's time zone; default 18:00). */
  guardianDigestAt: string;
}
/** The digest's time until an admin sets one. */
export const DEFAULT_GUARDIAN_DIGEST_AT = '18:00';
/** Quiet hours, in the school's time zone: from `start` to `end` (the next day when end is earlier), "HH:mm" each. */
export interface QuietHours {
  start: string;
  end: string;
}
/** A time of day as quiet hours give it: 00:00 to 23:59. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export interface SchoolClosure {
  date: string;
  /** e.g. "Diwali", "Staff training day" */
  reason: string;
}

/** PUT /admin/calendar (admins): any subset; answers the SchoolCalendar of the current month. */
export interface UpdateSchoolCalendarRequest {
  timezone?: string;
  weekendDays?: number[];
  termStart?: string | null;
  termEnd?: string | null;
  /** How many days back a sick leave may start (default 14). */
  sickLeaveBackfillDays?: number;
  /** The school office's e-mail address (one address); null or '' clears it. */
  contactEmail?: string | null;
  /** Quiet hours for e-mails to guardians; null clears them. */
  quietHours?: QuietHours | null;
  /** The guardians' daily digest time ("HH:mm"). */
  guardianDigestAt?: string;
}
/** POST /admin/calendar/closures (admins): adds or renames closures; an import of a list of dates is one call. */
export interface AddClosuresRequest {
  closures: SchoolClosure[];
}
/** DELETE /admin/calendar/closures/{date} (admins) answers { message }. */

/**
 * The one rule for school days, shared by API and UI. `date` is YYYY-MM-DD, read in UTC so the weekday does not
 * depend on the machine's time zone. Without a calendar: the spec's rule (every day but Sunday).
 */
export function isSchoolDay(
  date: string,
  calendar?: Pick<SchoolCalendar, 'weekendDays' | 'termStart' | 'termEnd' | 'closures'>,
): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (!calendar) return weekday !== 0;
  if (calendar.weekendDays.includes(weekday)) return false;
  if (calendar.termStart && date < calendar.termStart) return false;
  if (calendar.termEnd && date > calendar.termEnd) return false;
  return !calendar.closures.some((c) => c.date === date);
}
export const NOT_A_SCHOOL_DAY_MESSAGE = 'This is not a school day: attendance cannot be marked for it';

/**
 * GET /admin/attendance/recorded?dates=YYYY-MM-DD,YYYY-MM-DD: of these days, those with a register (at least one
 * mark), and how many students are marked on them; asked before closing a day, which takes it out of every figure.
 */
export interface RecordedDaysResponse {
  /** The days asked for that have a register, sorted. */
  days: string[];
  /** Students with a mark on at least one of them. */
  students: number;
}

/** At most this many days in one GET /admin/attendance/recorded (a year's closures). */
export const RECORDED_DAYS_MAX = 366;

/** GET /admin/attendance?date=YYYY-MM-DD */
export interface DailyAttendanceResponse {
  date: string;
  attendanceData: AttendanceData;
  /** Students with an approved leave covering this day. */
  onLeave: string[];
  /** mentee id → the reason given for marking a student absent or present on a day of approved leave. */
  overrideReasons: Record<string, string>;
  /**
   * mentee id → a family's "this mark is wrong" answer to the day's absence, until an admin corrects the mark (saving
   * another status) or confirms it.
   */
  disputedMarks?: Record<string, { answerId: string; note: string | null; answeredBy: string }>;
}

/**
 * POST /admin/attendance: a whole day for many students, all or nothing. Marking a student who has approved leave that
 * day as anything but leave needs a reason in overrideReasons (400 OVERRIDE_REASON_REQUIRED, nothing stored).
 */
export interface SaveAttendanceRequest {
  date: string;
  attendanceData: AttendanceData;
  overrideReasons?: Record<string, string>;
}
export interface SaveAttendanceResponse {
  message: string;
  date: string;
  saved: number;
  present: number;
  absent: number;
  late: number;
  leave: number;
}

export interface MonthlyAttendanceRow {
  _id: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  present: number;
  absent: number;
  late: number;
  leave: number;
  /** attended / every marked day, one decimal; 0 when nothing is recorded (see attendancePercentages). */
  percentage: number;
  /** attended / (attended + absent), one decimal; null when there is no leave day. */
  percentageExcludingLeave: number | null;
}
/** GET /admin/attendance?month=N&year=YYYY */
export interface MonthlyAttendanceResponse {
  month: number;
  year: number;
  schoolDays: number;
  students: MonthlyAttendanceRow[];
}

/** GET /mentees/{id}/details */
export interface MenteeDetailsResponse extends MenteeRecord {
  attendance: AttendanceSummary;
  attendanceHistory: AttendanceHistoryEntry[];
  email: string;
}

/** Monthly percentage of SPEC.md section 5: one decimal, 0 when nothing is recorded. */
export function monthlyPercentage(present: number, absent: number): number {
  const total = present + absent;
  return total ? Math.round((present / total) * 1000) / 10 : 0;
}

export interface AttendanceCounts {
  present: number;
  late: number;
  absent: number;
  leave: number;
}
/**
 * The derived figures every screen, export and analytic reads: the headline is the spec's formula with late as present
 * and leave as a day not attended; the second leaves approved leave out, and is null when there is none.
 */
export function attendancePercentages(c: AttendanceCounts): {
  percentage: number;
  percentageExcludingLeave: number | null;
} {
  const attendedDays = c.present + c.late;
  return {
    percentage: monthlyPercentage(attendedDays, c.absent + c.leave),
    percentageExcludingLeave: c.leave ? monthlyPercentage(attendedDays, c.absent) : null,
  };
}
