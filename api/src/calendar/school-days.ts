import { isSchoolDay, type SchoolCalendar } from '@portal/contracts';

/** What isSchoolDay reads of a calendar; the API keeps every closure here, not only a range's. */
export type CalendarRules = Pick<SchoolCalendar, 'weekendDays' | 'termStart' | 'termEnd' | 'closures'>;

/** Each date (YYYY-MM-DD) from start to end inclusive; read in UTC so no day is skipped or repeated. */
export function eachDate(start: string, end: string): string[] {
  const out: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The school days from start to end inclusive (without a calendar: the spec's rule, every day but Sunday). */
export function schoolDatesBetween(start: string, end: string, calendar?: CalendarRules): string[] {
  return eachDate(start, end).filter((d) => isSchoolDay(d, calendar));
}
