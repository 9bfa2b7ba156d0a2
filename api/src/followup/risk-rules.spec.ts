import { DEFAULT_RISK_SETTINGS, type AttendanceStatus } from '@portal/contracts';
import { render, type Text } from '../i18n/texts';
import * as rules from './risk-rules';
import { evaluateRisk, type MarkedDay } from './risk-rules';

/** A rule's evidence as an English reader reads it. */
const inEnglish =
  <A extends unknown[]>(rule: (...args: A) => Text | null) =>
  (...args: A) => {
    const evidence = rule(...args);
    return evidence && render(evidence, 'en');
  };
const consecutiveAbsences = inEnglish(rules.consecutiveAbsences);
const lowAttendance = inEnglish(rules.lowAttendance);
const attendanceDrop = inEnglish(rules.attendanceDrop);
const repeatedLeave = inEnglish(rules.repeatedLeave);
const grievanceOpen = inEnglish(rules.grievanceOpen);
const noContact = inEnglish(rules.noContact);

const days = (...statuses: (AttendanceStatus | undefined)[]): MarkedDay[] =>
  statuses.map((status, i) => ({ date: `2031-01-${String(i + 1).padStart(2, '0')}`, status }));
const repeat = (n: number, s: AttendanceStatus): AttendanceStatus[] => Array(n).fill(s);
const now = new Date('2031-03-12T10:00:00Z');
const daysAgo = (n: number, extraMs = 0) => new Date(now.getTime() - n * 86_400_000 - extraMs);

describe('risk rules', () => {
  describe('consecutive absences', () => {
    it('2 in a row is not a signal, 3 is (with the dates)', () => {
      expect(consecutiveAbsences(days('present', 'absent', 'absent'), 3)).toBeNull();
      expect(consecutiveAbsences(days('present', 'absent', 'absent', 'absent'), 3)).toBe(
        '3 absences in a row: 2 Jan 2031 to 4 Jan 2031',
      );
    });
    it('a day of leave (excused) or presence breaks the run; a day not yet marked does not', () => {
      expect(consecutiveAbsences(days('absent', 'absent', 'leave', 'absent'), 3)).toBeNull();
      expect(consecutiveAbsences(days('absent', 'absent', 'late', 'absent'), 3)).toBeNull();
      expect(consecutiveAbsences(days('absent', 'absent', undefined, 'absent', undefined), 3)).toMatch(/^3 absences/);
    });
    it('only the current run counts: a student who came back has no signal', () => {
      expect(consecutiveAbsences(days('absent', 'absent', 'absent', 'present'), 3)).toBeNull();
    });
  });

  describe('low attendance', () => {
    it('74.9 % is a signal, 75 % is not', () => {
      // 749 of 1000 days attended: 74.9 %
      const low = [...repeat(749, 'present'), ...repeat(251, 'absent')].map((status, i) => ({ date: `d${i}`, status }));
      const even = [...repeat(750, 'present'), ...repeat(250, 'absent')].map((status, i) => ({
        date: `d${i}`,
        status,
      }));
      expect(lowAttendance(low, 75)).toMatch(/^Attendance 74.9% /);
      expect(lowAttendance(even, 75)).toBeNull();
    });
    it('late counts as attended; leave as a day not attended (the headline figure); nothing marked is no signal', () => {
      expect(lowAttendance(days('late', 'late', 'late', 'absent'), 75)).toBeNull();
      expect(lowAttendance(days('present', 'present', 'present', 'leave', 'leave'), 75)).toMatch(/60%/);
      expect(lowAttendance(days(undefined, undefined), 75)).toBeNull();
    });
  });

  describe('attendance drop', () => {
    it('a drop of exactly the threshold is a signal, a smaller one is not', () => {
      // 100 % → 90 %: 10 points
      const before = days(...repeat(10, 'present'));
      expect(attendanceDrop(before, days(...repeat(9, 'present'), 'absent'), 10)).toMatch(
        /fell 10 points: 100% to 90%/,
      );
      // 100 % → 91.7 % (11 of 12)
      expect(attendanceDrop(before, days(...repeat(11, 'present'), 'absent'), 10)).toBeNull();
    });
    it('needs marked days on both sides', () => {
      expect(attendanceDrop(days(undefined), days('absent'), 10)).toBeNull();
    });
  });

  describe('repeated leave', () => {
    it('2 requests in 30 days is not a signal, 3 are; older ones do not count', () => {
      expect(repeatedLeave([daysAgo(1), daysAgo(29), daysAgo(31)], now, 3, 30)).toBeNull();
      expect(repeatedLeave([daysAgo(1), daysAgo(2), daysAgo(29)], now, 3, 30)).toBe(
        '3 leave requests in the last 30 days',
      );
    });
  });

  describe('grievance open', () => {
    it('open 7 days is not a signal, longer than 7 is', () => {
      expect(grievanceOpen([daysAgo(7)], now, 7)).toBeNull();
      expect(grievanceOpen([daysAgo(7, 1000)], now, 7)).toBe('A grievance has been open 7 days (over 7)');
      expect(grievanceOpen([daysAgo(9), daysAgo(8)], now, 7)).toBe('2 grievances have been open 9 days (over 7)');
    });
  });

  describe('no contact', () => {
    it('29 days is not a signal, 30 is; without any contact, counted from when the student was known', () => {
      expect(noContact('2031-02-11', '2030-01-01', '2031-03-12', 30)).toBeNull();
      expect(noContact('2031-02-10', '2030-01-01', '2031-03-12', 30)).toBe(
        'No contact logged for 30 days (last 2031-02-10)',
      );
      expect(noContact(null, '2031-01-01', '2031-03-12', 30)).toBe('No contact logged in 70 days');
      expect(noContact(null, '2031-03-01', '2031-03-12', 30)).toBeNull();
    });
  });

  it('evaluateRisk applies every rule with the settings and reports only those that hold', () => {
    const found = evaluateRisk(
      {
        days: days(...repeat(4, 'present'), 'absent', 'absent', 'absent'),
        leaveFiledAt: [],
        openGrievancesFiledAt: [],
        lastContactDate: '2031-03-10',
        knownSince: '2030-02-05',
        now,
        today: '2031-03-12',
      },
      DEFAULT_RISK_SETTINGS,
    );
    expect(Object.keys(found).sort()).toEqual(['consecutiveAbsences', 'lowAttendance']);
    expect(
      evaluateRisk(
        {
          days: days('present', 'absent', 'absent'),
          leaveFiledAt: [],
          openGrievancesFiledAt: [],
          lastContactDate: '2031-03-10',
          knownSince: '2030-02-05',
          now,
          today: '2031-03-12',
        },
        { ...DEFAULT_RISK_SETTINGS, consecutiveAbsences: 2, lowAttendancePercent: 30 },
      ),
    ).toEqual({
      consecutiveAbsences: {
        key: 'risk.consecutiveAbsences',
        params: { count: 2, from: { day: '2031-01-02' }, to: { day: '2031-01-03' } },
      },
    });
  });

  it('says its evidence in the reader’s language', () => {
    expect(render(rules.consecutiveAbsences(days('absent'), 1)!, 'en')).toBe(
      '1 absence in a row: 1 Jan 2031 to 1 Jan 2031',
    );
    expect(render(rules.noContact(null, '2031-01-01', '2031-03-12', 30)!, 'hi')).toBe('70 दिनों में कोई संपर्क दर्ज नहीं');
    expect(render(rules.grievanceOpen([daysAgo(9), daysAgo(8)], now, 7)!, 'hi')).toBe(
      '2 शिकायतें 9 दिन से खुली हैं (7 से अधिक)',
    );
  });
});
