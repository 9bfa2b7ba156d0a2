import type { AttendanceHistoryEntry, AttendanceSummary } from './users';
import type { MenteeRecord } from './admin';

export const ATTENDANCE_STATUSES = ['present', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** mentee id → date (YYYY-MM-DD) → status; a missing date is unmarked. */
export type AttendanceData = Record<string, Record<string, AttendanceStatus>>;

/** Sundays are not school days: the API refuses them and the date picker disables them (one rule for both). */
export const NOT_A_SCHOOL_DAY_MESSAGE = 'Sunday is not a school day: attendance cannot be marked for it';
/** `date` is YYYY-MM-DD; read in UTC so the weekday does not depend on the machine's time zone. */
export function isSchoolDay(date: string): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() !== 0;
}

/** GET /admin/attendance?date=YYYY-MM-DD */
export interface DailyAttendanceResponse {
  date: string;
  attendanceData: AttendanceData;
}

/** POST /admin/attendance: a whole day for many students, all or nothing. */
export interface SaveAttendanceRequest {
  date: string;
  attendanceData: AttendanceData;
}
export interface SaveAttendanceResponse {
  message: string;
  date: string;
  saved: number;
  present: number;
  absent: number;
}

export interface MonthlyAttendanceRow {
  _id: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  present: number;
  absent: number;
  /** present / (present + absent), one decimal; 0 when nothing is recorded. */
  percentage: number;
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
