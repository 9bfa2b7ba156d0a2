import { act, render, screen } from '@testing-library/react';
import {
  calendarDay,
  DEFAULT_SCHOOL_TIME_ZONE,
  formatSchool,
  hasPassed,
  inSchoolZone,
  isAfterSchoolToday,
  isBeforeSchoolToday,
  monthOfYear,
  nowIso,
  schoolDayOf,
  schoolTimeZone,
  schoolToday,
  setSchoolClock,
  setSchoolTimeZone,
  useSchoolToday,
  weekdayOf,
} from './dates';

// This test's browser is in UTC (the machine's zone); the school is elsewhere. An instant at 20:00 UTC is already the
// next day in Kolkata (UTC+5:30) and still the same day in Los Angeles.
const EVENING_UTC = Date.parse('2026-03-10T20:00:00Z');

describe('the dates module: days are the school’s', () => {
  afterEach(() => {
    setSchoolClock();
    setSchoolTimeZone(DEFAULT_SCHOOL_TIME_ZONE);
  });

  it("knows the school's today in its zone, whatever the browser's", () => {
    setSchoolClock(EVENING_UTC);
    expect(schoolToday('UTC')).toBe('2026-03-10');
    expect(schoolToday('Asia/Kolkata')).toBe('2026-03-11');
    expect(schoolToday('America/Los_Angeles')).toBe('2026-03-10');
    setSchoolClock(Date.parse('2026-03-10T02:00:00Z'));
    expect(schoolToday('America/Los_Angeles')).toBe('2026-03-09');
  });

  it('follows the zone the calendar says, and ignores a name that is no zone', () => {
    setSchoolClock(EVENING_UTC);
    expect(schoolTimeZone()).toBe('UTC');
    expect(schoolToday()).toBe('2026-03-10');
    setSchoolTimeZone('Asia/Kolkata');
    expect(schoolToday()).toBe('2026-03-11');
    setSchoolTimeZone('Mars/Olympus_Mons');
    expect(schoolTimeZone()).toBe('Asia/Kolkata');
  });

  it('says which days are past or still to come by the school’s today', () => {
    setSchoolClock(EVENING_UTC);
    // The 10th is over in Kolkata, not yet in UTC.
    expect(isBeforeSchoolToday('2026-03-10', 'Asia/Kolkata')).toBe(true);
    expect(isBeforeSchoolToday('2026-03-10', 'UTC')).toBe(false);
    // The 11th has begun in Kolkata: no longer "after today" there, still tomorrow in UTC.
    expect(isAfterSchoolToday('2026-03-11', 'Asia/Kolkata')).toBe(false);
    expect(isAfterSchoolToday('2026-03-11', 'UTC')).toBe(true);
  });

  it('puts an instant on the school day it fell on, and writes it on the school’s clock', () => {
    expect(schoolDayOf('2026-03-10T20:00:00Z', 'Asia/Kolkata')).toBe('2026-03-11');
    expect(schoolDayOf('2026-03-10T20:00:00Z', 'UTC')).toBe('2026-03-10');
    expect(inSchoolZone('2026-03-10T20:00:00Z', 'Asia/Kolkata').format('YYYY-MM-DD HH:mm')).toBe('2026-03-11 01:30');
    setSchoolTimeZone('Asia/Kolkata');
    expect(formatSchool('2026-03-10T20:00:00Z', 'D MMM HH:mm')).toBe('11 Mar 01:30');
    // A calendar day is no instant: no zone moves it.
    expect(formatSchool('2026-03-10', 'D MMM')).toBe('10 Mar');
    expect(formatSchool(calendarDay('2026-03-10'), 'D MMM')).toBe('10 Mar');
  });

  it('compares deadlines with the clock the tests set', () => {
    setSchoolClock(EVENING_UTC);
    expect(hasPassed('2026-03-10T19:59:59Z')).toBe(true);
    expect(hasPassed('2026-03-10T20:00:01Z')).toBe(false);
    expect(nowIso()).toBe('2026-03-10T20:00:00.000Z');
  });

  it('names months and weekdays without reading the clock', () => {
    expect(monthOfYear(0).format('MMMM')).toBe('January');
    expect(monthOfYear(11).format('MMM')).toBe('Dec');
    expect(weekdayOf(0).format('dddd')).toBe('Sunday');
    expect(weekdayOf(6).format('ddd')).toBe('Sat');
  });

  it('redraws what shows today once the school’s zone is known', () => {
    setSchoolClock(EVENING_UTC);
    function Today() {
      return <p>today is {useSchoolToday()}</p>;
    }
    render(<Today />);
    expect(screen.getByText('today is 2026-03-10')).toBeInTheDocument();
    act(() => setSchoolTimeZone('Asia/Kolkata'));
    expect(screen.getByText('today is 2026-03-11')).toBeInTheDocument();
  });
});
