import { AsyncLocalStorage } from 'node:async_hooks';
import { eachDay } from '../dates/days';

/**
 * What a kept read depends on and what a write changes. A kept answer depends on its own scope, on its family's
 * (`mentor-dashboard:*` stands for every mentor's) and on `*` (everything); a write retires the scopes it names.
 *
 * - `admin-dashboard`: user counts and recent users, pending approvals, active groups, pending and recent leaves,
 *   pending and escalated grievances. No attendance.
 * - `mentor-dashboard:<mentorId>`: that mentor's mentees (names, contact, class), their attendance summaries (every
 *   record, counted over the calendar's school days), groups, pending and recent leaves, grievance counts.
 * - `mentor-attendance:<mentorId>`: the attendance summaries alone, kept inside the dashboard's computation: a leave
 *   filed or a grievance retires the dashboard, and its next computation finds the costly summaries still kept. Every
 *   write that retires this retires `mentor-dashboard:<mentorId>` too (`Scope.mentorWithAttendance`).
 * - `mentor-leaves:<mentorId>`: the pages of that mentor's leave list (each status filter and page kept apart). It
 *   shows nothing the mentor's dashboard does not depend on (the leaves of their students, those students' names and
 *   attendance summaries, the calendar): kept inside the dashboard's scope, so every write that retires
 *   `mentor-dashboard:<mentorId>` retires it too, and no writer names it.
 * - `mentee-dashboard:<menteeId>`: that student's attendance summary, leave counts and latest leaves, grievance count,
 *   and mentor (name, department).
 * - `attendance-day:<YYYY-MM-DD>`: that day's records, who is on approved leave that day (with override reasons), and
 *   the marks a family disputes.
 * - `attendance-month:<YYYY-MM>`: the month's records over the calendar's school days, and every mentee's name and
 *   class.
 * - `announcements:<role>` (mentee, admin; `announcements:mentor-<mentorId>` for a mentor, who also sees their own
 *   announcements to other audiences): the first page of the announcements that caller sees, with their authors'
 *   names; for students only those of the role audiences (all, mentees), the same for every student, and apart:
 * - `announcements:to-<menteeId>`: the first page of the group and class announcements addressed to that student (the
 *   feed merges both, newest first: no student's kept page holds another's). Likes and comment counts are kept apart:
 * - `announcement-social:<announcementId>`: one announcement's likes and comment count. A like or a comment retires
 *   this one, not every page that shows the announcement.
 */
export const Scope = {
  everything: '*',
  adminDashboard: 'admin-dashboard',
  mentorDashboard: (mentorId: string) => `mentor-dashboard:${mentorId}`,
  everyMentorDashboard: 'mentor-dashboard:*',
  menteeDashboard: (menteeId: string) => `mentee-dashboard:${menteeId}`,
  everyMenteeDashboard: 'mentee-dashboard:*',
  mentorAttendance: (mentorId: string) => `mentor-attendance:${mentorId}`,
  mentorLeaves: (mentorId: string) => `mentor-leaves:${mentorId}`,
  everyMentorAttendance: 'mentor-attendance:*',
  /** A write that changes the attendance of a mentor's students: their summaries and the dashboard showing them. */
  mentorWithAttendance: (mentorId: string) => [`mentor-dashboard:${mentorId}`, `mentor-attendance:${mentorId}`],
  attendanceDay: (date: string) => `attendance-day:${date}`,
  /** The month of a YYYY-MM-DD date (or a YYYY-MM month). */
  attendanceMonth: (date: string) => `attendance-month:${date.slice(0, 7)}`,
  everyAttendanceMonth: 'attendance-month:*',
  announcementList: (me: { id: string; role: string }) =>
    me.role === 'mentor' ? `announcements:mentor-${me.id}` : `announcements:${me.role}`,
  /** A student's part of their first page: the group and class announcements addressed to them. */
  announcementsTo: (menteeId: string) => `announcements:to-${menteeId}`,
  everyAnnouncementList: 'announcements:*',
  announcementSocial: (announcementId: string) => `announcement-social:${announcementId}`,
  /** Every day of [from, to] (YYYY-MM-DD, school days or not: the day view lists leave by range) and their months. */
  attendanceBetween(from: string, to: string): string[] {
    const scopes = new Set<string>();
    for (const date of eachDay(from, to)) scopes.add(Scope.attendanceDay(date)).add(Scope.attendanceMonth(date));
    return [...scopes];
  },
} as const;

/** Scopes kept inside another's (by family): their entries are retired with it as well as with their own. */
const KEPT_INSIDE: Record<string, string> = { 'mentor-leaves:': 'mentor-dashboard:' };

/**
 * The scopes whose retirement retires an entry kept under `scope`: `*`, its family's, its own (and, for a scope kept
 * inside another, that one's family and own).
 */
export function dependencies(scope: string): string[] {
  const colon = scope.indexOf(':');
  if (colon < 0) return [Scope.everything, scope];
  const family = scope.slice(0, colon + 1);
  const own = [Scope.everything, `${family}*`, scope];
  const outer = KEPT_INSIDE[family];
  return outer ? [...own, `${outer}*`, `${outer}${scope.slice(colon + 1)}`] : own;
}

/**
 * The scopes one HTTP write declared (`ReadCache.retire` inside a request adds here); retired by the write hook once
 * the handler is done. `declared` stays false for a write that named nothing: the hook then retires everything.
 */
export interface WriteScopes {
  declared: boolean;
  scopes: Set<string>;
  /**
   * Set once the request ran a statement other than a read (ReadCache watches every statement). A write that failed
   * before declaring and before any such statement changed nothing: the hook then retires nothing.
   */
  wrote?: boolean;
  /** Set once the hook retired them: work the request left running retires its scopes itself. */
  done?: boolean;
  /** What waits for the retirement (afterKeptReadsRetired); the hook runs it then. */
  after?: (() => void)[];
}
export const currentWrite = new AsyncLocalStorage<WriteScopes>();

/**
 * Runs `run` once the current HTTP write's kept reads are retired (the write hook, before the answer leaves); at once
 * outside a write. For pushes sent at commit (recordChanged, notifications): a screen told to read again must not be
 * answered from an entry the write is about to retire, or it keeps the old answer.
 */
export function afterKeptReadsRetired(run: () => void): void {
  const write = currentWrite.getStore();
  if (!write || write.done) run();
  else (write.after ??= []).push(run);
}

/**
 * Declares that the current HTTP write changes none of the kept reads (sign-in, chat, announcements, notification
 * settings...): its write hook then retires nothing. Called first in the handler, where the write is.
 */
export function changesNoKeptRead(): void {
  const write = currentWrite.getStore();
  if (write && !write.done) write.declared = true;
}
