import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Days are YYYY-MM-DD strings, decided in the school's time zone (CalendarService rules().timezone); instants are
 * Dates, stored in UTC. Day arithmetic runs on UTC midnights, where every day has 24 hours: none skipped or repeated.
 */

const DAY_MS = 86_400_000;
const midnightUtc = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after `day` (before it when n < 0). */
export const addDays = (day: string, n: number): string => dayOfUtc(midnightUtc(day) + n * DAY_MS);

/** Whole days from `from` to `to`: 0 for the same day, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((midnightUtc(to) - midnightUtc(from)) / DAY_MS);

/** The day of the week of a day: 0 is Sunday, 6 Saturday. */
export const weekday = (day: string): number => new Date(midnightUtc(day)).getUTCDay();

/** Each day from `start` to `end` inclusive (none when end is earlier). */
export function eachDay(start: string, end: string): string[] {
  const out: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) out.push(day);
  return out;
}

/** The day an instant falls on in a time zone: 2031-03-11T20:00Z is still the 11th in UTC, the 12th in Asia/Kolkata. */
export const dayIn = (instant: Date, zone: string): string => dayjs(instant).tz(zone).format('YYYY-MM-DD');

/** The instant a day starts (its midnight) in a time zone. */
export const startOfDayIn = (day: string, zone: string): Date => dayjs.tz(`${day}T00:00:00`, zone).toDate();

/** The month (YYYY-MM) `n` months after `month` (before it when n < 0). */
export function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The first and last day of a month (YYYY-MM). */
export function monthBounds(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(`${addMonths(month, 1)}-01`, -1) };
}
