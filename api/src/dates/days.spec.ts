import { addDays, addMonths, dayIn, daysBetween, eachDay, monthBounds, startOfDayIn, weekday } from './days';

/* Every case holds whatever the server's own time zone (run with TZ=America/New_York, TZ=Asia/Kolkata too). */
describe('dates: days', () => {
  describe('addDays', () => {
    it('crosses month and year ends, and leap days', () => {
      expect(addDays('2031-01-31', 1)).toBe('2031-02-01');
      expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
      expect(addDays('2032-02-28', 1)).toBe('2032-02-29');
      expect(addDays('2032-02-29', 1)).toBe('2032-03-01');
      expect(addDays('2031-12-31', 1)).toBe('2032-01-01');
      expect(addDays('2031-01-01', 365)).toBe('2032-01-01');
    });
    it('goes back with a negative count, and stays with 0', () => {
      expect(addDays('2031-03-01', -1)).toBe('2031-02-28');
      expect(addDays('2032-01-01', -1)).toBe('2031-12-31');
      expect(addDays('2031-03-12', -30)).toBe('2031-02-10');
      expect(addDays('2031-03-12', 0)).toBe('2031-03-12');
    });
    it('skips and repeats no day over a daylight-saving change (2031-03-09 in the US, 2031-10-26 in Europe)', () => {
      expect(addDays('2031-03-08', 1)).toBe('2031-03-09');
      expect(addDays('2031-03-09', 1)).toBe('2031-03-10');
      expect(addDays('2031-10-26', 1)).toBe('2031-10-27');
    });
  });

  it('daysBetween counts whole days, negative backwards', () => {
    expect(daysBetween('2031-02-27', '2031-03-01')).toBe(2);
    expect(daysBetween('2032-02-27', '2032-03-01')).toBe(3);
    expect(daysBetween('2031-03-12', '2031-03-12')).toBe(0);
    expect(daysBetween('2031-03-12', '2031-02-10')).toBe(-30);
    expect(daysBetween('2031-03-01', '2031-03-31')).toBe(30);
  });

  it('eachDay lists a range inclusive, and nothing when it ends before it starts', () => {
    expect(eachDay('2031-02-27', '2031-03-02')).toEqual(['2031-02-27', '2031-02-28', '2031-03-01', '2031-03-02']);
    expect(eachDay('2031-03-12', '2031-03-12')).toEqual(['2031-03-12']);
    expect(eachDay('2031-03-12', '2031-03-11')).toEqual([]);
    expect(eachDay('2031-01-01', '2031-12-31')).toHaveLength(365);
  });

  it('weekday: 0 is Sunday', () => {
    expect(weekday('2031-03-09')).toBe(0);
    expect(weekday('2031-03-10')).toBe(1);
    expect(weekday('2031-03-15')).toBe(6);
    expect(weekday('2032-02-29')).toBe(0);
  });

  describe('dayIn: the school day of an instant', () => {
    it('near midnight: 20:00 UTC on the 11th is already the 12th in Asia/Kolkata (UTC+5:30)', () => {
      const instant = new Date('2031-03-11T20:00:00Z');
      expect(dayIn(instant, 'UTC')).toBe('2031-03-11');
      expect(dayIn(instant, 'Asia/Kolkata')).toBe('2031-03-12');
    });
    it("Kolkata's day changes at 18:30 UTC", () => {
      expect(dayIn(new Date('2031-03-11T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2031-03-11');
      expect(dayIn(new Date('2031-03-11T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2031-03-12');
    });
    it('a school behind UTC is still on the day before', () => {
      expect(dayIn(new Date('2031-03-12T03:00:00Z'), 'America/New_York')).toBe('2031-03-11');
      expect(dayIn(new Date('2031-03-12T03:00:00Z'), 'UTC')).toBe('2031-03-12');
    });
    it('the last instant of a year', () => {
      expect(dayIn(new Date('2031-12-31T23:59:59Z'), 'UTC')).toBe('2031-12-31');
      expect(dayIn(new Date('2031-12-31T23:59:59Z'), 'Asia/Kolkata')).toBe('2032-01-01');
    });
  });

  describe('startOfDayIn: the instant a school day starts', () => {
    it("is the zone's midnight", () => {
      expect(startOfDayIn('2031-03-12', 'UTC').toISOString()).toBe('2031-03-12T00:00:00.000Z');
      expect(startOfDayIn('2031-03-12', 'Asia/Kolkata').toISOString()).toBe('2031-03-11T18:30:00.000Z');
    });
    it('follows daylight saving: New York is UTC-5 before 2031-03-09, UTC-4 after', () => {
      expect(startOfDayIn('2031-03-08', 'America/New_York').toISOString()).toBe('2031-03-08T05:00:00.000Z');
      expect(startOfDayIn('2031-03-10', 'America/New_York').toISOString()).toBe('2031-03-10T04:00:00.000Z');
    });
    it('is the first instant of the day dayIn gives back, the instant before it the day before', () => {
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York', 'Pacific/Auckland']) {
        const start = startOfDayIn('2031-03-12', zone);
        expect(dayIn(start, zone)).toBe('2031-03-12');
        expect(dayIn(new Date(start.getTime() - 1), zone)).toBe('2031-03-11');
      }
    });
  });

  it('addMonths moves over year ends', () => {
    expect(addMonths('2031-01', -1)).toBe('2030-12');
    expect(addMonths('2031-12', 1)).toBe('2032-01');
    expect(addMonths('2031-03', -11)).toBe('2030-04');
    expect(addMonths('2031-03', 0)).toBe('2031-03');
  });

  it("monthBounds gives a month's first and last day", () => {
    expect(monthBounds('2031-02')).toEqual({ first: '2031-02-01', last: '2031-02-28' });
    expect(monthBounds('2032-02')).toEqual({ first: '2032-02-01', last: '2032-02-29' });
    expect(monthBounds('2031-04')).toEqual({ first: '2031-04-01', last: '2031-04-30' });
    expect(monthBounds('2031-12')).toEqual({ first: '2031-12-01', last: '2031-12-31' });
  });
});
