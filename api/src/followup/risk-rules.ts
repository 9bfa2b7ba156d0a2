import {
  attendancePercentages,
  type AttendanceStatus,
  type RiskSettings,
  type RiskSignalKind,
} from '@portal/contracts';
import { daysBetween } from '../dates/days';
import { day, text, type Text } from '../i18n/texts';

/**
 * The risk signals, one pure function each: given what the records say, the signal's evidence (shown to the mentor,
 * a message of the server's catalogue written in their language) or null when the rule does not hold. The service
 * gathers the inputs; these decide.
 */

/** One school day of the window and its mark (undefined: not marked). */
export interface MarkedDay {
  date: string;
  status: AttendanceStatus | undefined;
}

export interface RiskInputs {
  /** The school days up to today, oldest first: the last 2 × window of them. */
  days: MarkedDay[];
  /** When each leave request of the student was filed (ISO or Date), any age. */
  leaveFiledAt: Date[];
  /** When each open grievance (pending or in progress) was filed. */
  openGrievancesFiledAt: Date[];
  /** The last logged contact (YYYY-MM-DD), or null. */
  lastContactDate: string | null;
  /** The school day from which no contact counts when none is logged: their mentor's assignment or account. */
  knownSince: string;
  now: Date;
  /** The school's today (YYYY-MM-DD). */
  today: string;
}

const DAY_MS = 86_400_000;

/** Unexcused absences on consecutive school days, ending at the latest marked day (unmarked days are skipped; leave breaks the run). */
export function consecutiveAbsences(days: MarkedDay[], threshold: number): Text | null {
  const run: string[] = [];
  for (let i = days.length - 1; i >= 0; i--) {
    const s = days[i].status;
    if (s === undefined) continue;
    if (s !== 'absent') break;
    run.unshift(days[i].date);
  }
  if (run.length < threshold) return null;
  return text('risk.consecutiveAbsences', { count: run.length, from: day(run[0]), to: day(run[run.length - 1]) });
}

/** The headline attendance (attendancePercentages) of some days; null when none is marked. */
export function windowPercentage(days: MarkedDay[]): { percentage: number | null; marked: number } {
  const c = { present: 0, late: 0, absent: 0, leave: 0 };
  for (const d of days) if (d.status) c[d.status]++;
  const marked = c.present + c.late + c.absent + c.leave;
  return { percentage: marked ? attendancePercentages(c).percentage : null, marked };
}

export function lowAttendance(window: MarkedDay[], belowPercent: number): Text | null {
  const { percentage, marked } = windowPercentage(window);
  if (percentage === null || percentage >= belowPercent) return null;
  return text('risk.lowAttendance', { percentage, count: window.length, marked, below: belowPercent });
}

export function attendanceDrop(previous: MarkedDay[], current: MarkedDay[], points: number): Text | null {
  const before = windowPercentage(previous).percentage;
  const now = windowPercentage(current).percentage;
  if (before === null || now === null) return null;
  const drop = Math.round((before - now) * 10) / 10;
  if (drop < points) return null;
  return text('risk.attendanceDrop', { drop, before, now, current: current.length, previous: previous.length });
}

export function repeatedLeave(filedAt: Date[], now: Date, threshold: number, windowDays: number): Text | null {
  const since = now.getTime() - windowDays * DAY_MS;
  const recent = filedAt.filter((d) => d.getTime() > since && d.getTime() <= now.getTime()).length;
  if (recent < threshold) return null;
  return text('risk.repeatedLeave', { count: recent, days: windowDays });
}

export function grievanceOpen(filedAt: Date[], now: Date, days: number): Text | null {
  const old = filedAt.filter((d) => now.getTime() - d.getTime() > days * DAY_MS);
  if (!old.length) return null;
  const oldest = Math.floor((now.getTime() - Math.min(...old.map((d) => d.getTime()))) / DAY_MS);
  return text('risk.grievanceOpen', { count: old.length, days: oldest, over: days });
}

export function noContact(
  lastContactDate: string | null,
  knownSince: string,
  today: string,
  days: number,
): Text | null {
  const since = daysBetween(lastContactDate ?? knownSince, today);
  if (since < days) return null;
  return lastContactDate
    ? text('risk.noContactSince', { days: since, last: lastContactDate })
    : text('risk.noContactEver', { days: since });
}

/** Every rule on one student: kind → evidence, for the signals that hold. */
export function evaluateRisk(input: RiskInputs, s: RiskSettings): Partial<Record<RiskSignalKind, Text>> {
  const w = s.attendanceWindowSchoolDays;
  const current = input.days.slice(-w);
  const previous = input.days.slice(-2 * w, Math.max(0, input.days.length - w));
  const found: Partial<Record<RiskSignalKind, Text | null>> = {
    consecutiveAbsences: consecutiveAbsences(input.days, s.consecutiveAbsences),
    lowAttendance: lowAttendance(current, s.lowAttendancePercent),
    attendanceDrop: attendanceDrop(previous, current, s.attendanceDropPoints),
    grievanceOpen: grievanceOpen(input.openGrievancesFiledAt, input.now, s.grievanceOpenDays),
    repeatedLeave: repeatedLeave(input.leaveFiledAt, input.now, s.leaveRequests, s.leaveWindowDays),
    noContact: noContact(input.lastContactDate, input.knownSince, input.today, s.noContactDays),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Partial<Record<RiskSignalKind, Text>>;
}
