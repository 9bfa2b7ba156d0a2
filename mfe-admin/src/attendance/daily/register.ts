import type { Dayjs } from 'dayjs';
import type { MenteeRecord } from '@portal/contracts';
import { schoolTodayDay } from '@portal/web-core';

/** Filtered students by name or student id, and by class. */
export function filterStudents(students: MenteeRecord[], search: string, cls: string | undefined): MenteeRecord[] {
  const term = search.trim().toLowerCase();
  return students.filter(
    (s) =>
      (!cls || s.class === cls) &&
      (!term || s.fullName.toLowerCase().includes(term) || s.studentId.toLowerCase().includes(term)),
  );
}

/** The day the screen opens on: the school's today, or the Saturday before when it is a Sunday (not a school day). */
export function defaultDay(now: Dayjs = schoolTodayDay()): Dayjs {
  return now.day() === 0 ? now.subtract(1, 'day') : now;
}
