import { useCallback } from 'react';
import { isSchoolDay as isSchoolDayBy, type SchoolCalendar } from '@portal/contracts';
import { useSchoolCalendarQuery } from './calendarApi';

export interface SchoolCalendarState {
  /** The calendar for from..to; undefined while it loads or when it failed. */
  calendar: SchoolCalendar | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  /** Whether a YYYY-MM-DD is a school day by this calendar; the contract's default rule until it has loaded. */
  isSchoolDay: (date: string) => boolean;
  /** The school's today (YYYY-MM-DD, its time zone) once loaded. */
  today: string | undefined;
}

/** The school calendar of from..to (YYYY-MM-DD, at most a year) with a school-day test bound to it. */
export function useSchoolCalendar(from: string, to: string): SchoolCalendarState {
  const q = useSchoolCalendarQuery({ from, to });
  const calendar = q.data;
  const isSchoolDay = useCallback((date: string) => isSchoolDayBy(date, calendar), [calendar]);
  return {
    calendar,
    isLoading: q.isLoading,
    isError: q.isError,
    refetch: q.refetch,
    isSchoolDay,
    today: calendar?.today,
  };
}
