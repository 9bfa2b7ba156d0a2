import { isSchoolDay, type SchoolCalendar } from '@portal/contracts';
import { eachDay } from '../dates/days';

/** What isSchoolDay reads of a calendar; the API keeps every closure here, not only a range's. */
export type CalendarRules = Pick<SchoolCalendar, 'weekendDays' | 'termStart' | 'termEnd' | 'closures'>;

/** The school days from start to end inclusive (without a calendar: the spec's rule, every day but Sunday). */
export function schoolDatesBetween(start: string, end: string, calendar?: CalendarRules): string[] {
  return eachDay(start, end).filter((d) => isSchoolDay(d, calendar));
}
