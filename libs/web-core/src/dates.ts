import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useSyncExternalStore } from 'react';

// The browser's one dates module: "today", "in the past", "overdue" and every instant shown are the school's, in the
// school's time zone (GET /calendar says which), never the browser's own. The clock is read only here (ESLint).

dayjs.extend(utc);
dayjs.extend(timezone);

/** A calendar day as the API writes it. */
export const DAY = 'YYYY-MM-DD';

/** Until the school's calendar has answered: the API's own default (SCHOOL_TIMEZONE unset). */
export const DEFAULT_SCHOOL_TIME_ZONE = 'UTC';

let zone = DEFAULT_SCHOOL_TIME_ZONE;
const realClock = () => Date.now();
let clock: () => number = realClock;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** The school's IANA time zone (from the calendar's answer); an unknown name is ignored. */
export function setSchoolTimeZone(tz: string): void {
  if (!tz || tz === zone || !isTimeZone(tz)) return;
  zone = tz;
  changed();
}

export const schoolTimeZone = (): string => zone;

/** Tests: "now" is this instant (ms, or a function giving it); no argument gives the real clock back. */
export function setSchoolClock(now?: number | (() => number)): void {
  clock = now === undefined ? realClock : typeof now === 'number' ? () => now : now;
  changed();
}

/** Now, in milliseconds since the epoch. */
export const nowMs = (): number => clock();

/** Now as an ISO timestamp (an optimistic row the server's answer replaces). */
export const nowIso = (): string => new Date(clock()).toISOString();

/** Now on the school's clock: its fields (hour, date) are the school's. */
export const schoolNow = (tz: string = zone): Dayjs => dayjs(clock()).tz(tz);

/** The school's today (YYYY-MM-DD). */
export const schoolToday = (tz: string = zone): string => schoolNow(tz).format(DAY);

/** An instant on the school's clock. */
export const inSchoolZone = (instant: ConfigType, tz: string = zone): Dayjs => dayjs(instant).tz(tz);

/** The school day (YYYY-MM-DD) an instant fell on. */
export const schoolDayOf = (instant: ConfigType, tz: string = zone): string => inSchoolZone(instant, tz).format(DAY);

/** Whether a day (YYYY-MM-DD) is before the school's today. */
export const isBeforeSchoolToday = (day: string, tz: string = zone): boolean => day < schoolToday(tz);

/** Whether a day (YYYY-MM-DD) is after the school's today (a date that has not happened yet). */
export const isAfterSchoolToday = (day: string, tz: string = zone): boolean => day > schoolToday(tz);

/** Whether an instant (a deadline) has passed. */
export const hasPassed = (instant: ConfigType): boolean => clock() > dayjs(instant).valueOf();

/**
 * A calendar day as a date picker's value: the plain date (no instant, so no zone moves it). Date pickers and
 * disabledDate compare these, e.g. `d.isAfter(calendarDay(schoolToday()), 'day')`.
 */
export const calendarDay = (day: string): Dayjs => dayjs(day);

/** The school's today as a date picker's value. */
export const schoolTodayDay = (tz: string = zone): Dayjs => calendarDay(schoolToday(tz));

/** Month i (0 = January) of no year in particular, to name it: `monthOfYear(i).format('MMMM')`. */
export const monthOfYear = (i: number): Dayjs => calendarDay('2001-01-01').month(i);

/** Weekday i (0 = Sunday … 6 = Saturday), to name it: `weekdayOf(i).format('dddd')`. */
export const weekdayOf = (i: number): Dayjs => calendarDay('2001-01-07').add(i, 'day'); // a Sunday

/** A date-only string ("2026-03-10", "2026-03"): a day or month of the calendar, not an instant. */
const CALENDAR_STRING = /^\d{4}-\d{2}(-\d{2})?$/;

/**
 * Formats a value with a dayjs pattern: a calendar day as it is, an instant (ISO timestamp, Date, milliseconds) on the
 * school's clock; a Dayjs as it is (its maker chose the zone).
 */
export function formatSchool(value: ConfigType, pattern: string, tz: string = zone): string {
  if (dayjs.isDayjs(value)) return value.format(pattern);
  if (typeof value === 'string' && CALENDAR_STRING.test(value)) return dayjs(value).format(pattern);
  return inSchoolZone(value, tz).format(pattern);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The school's today, redrawn when the school's zone becomes known (or a test moves the clock). */
export function useSchoolToday(): string {
  return useSyncExternalStore(subscribe, () => schoolToday());
}

/** The school's time zone, redrawn when it becomes known. */
export function useSchoolTimeZone(): string {
  return useSyncExternalStore(subscribe, schoolTimeZone);
}
