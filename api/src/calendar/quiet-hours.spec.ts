import { lastTimeOfDay, quietHoursEnd } from './calendar.service';

// The school's quiet hours: when a guardian's e-mail that is not a safety notice may go.
describe('quietHoursEnd', () => {
  const at = (iso: string) => new Date(iso);
  const night = { start: '21:00', end: '07:00' };

  it('outside the quiet hours: null (the e-mail goes now)', () => {
    expect(quietHoursEnd(night, at('2026-03-10T12:00:00Z'), 'UTC')).toBeNull();
    expect(quietHoursEnd(night, at('2026-03-10T07:00:00Z'), 'UTC')).toBeNull();
    expect(quietHoursEnd(null, at('2026-03-10T23:00:00Z'), 'UTC')).toBeNull();
  });

  it('in a window past midnight: the next morning before midnight, the same morning after it', () => {
    expect(quietHoursEnd(night, at('2026-03-10T22:30:15Z'), 'UTC')).toEqual(at('2026-03-11T07:00:00Z'));
    expect(quietHoursEnd(night, at('2026-03-10T21:00:00Z'), 'UTC')).toEqual(at('2026-03-11T07:00:00Z'));
    expect(quietHoursEnd(night, at('2026-03-11T06:59:00Z'), 'UTC')).toEqual(at('2026-03-11T07:00:00Z'));
  });

  it("reads the time of day in the school's time zone", () => {
    // 16:00 UTC is 21:30 in Kolkata: quiet until 07:00 there, 01:30 UTC.
    expect(quietHoursEnd(night, at('2026-03-10T16:00:00Z'), 'Asia/Kolkata')).toEqual(at('2026-03-11T01:30:00Z'));
    expect(quietHoursEnd(night, at('2026-03-10T12:00:00Z'), 'Asia/Kolkata')).toBeNull();
  });

  it('a window within one day', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(quietHoursEnd(lunch, at('2026-03-10T12:45:00Z'), 'UTC')).toEqual(at('2026-03-10T13:30:00Z'));
    expect(quietHoursEnd(lunch, at('2026-03-10T13:30:00Z'), 'UTC')).toBeNull();
  });
});

describe('lastTimeOfDay', () => {
  const at = (s: string) => new Date(s);
  it("is today's time once it has passed, else yesterday's, in the school's zone, on the minute", () => {
    expect(lastTimeOfDay('18:00', at('2026-03-10T19:30:42Z'), 'UTC')).toEqual(at('2026-03-10T18:00:00Z'));
    expect(lastTimeOfDay('18:00', at('2026-03-10T17:59:59Z'), 'UTC')).toEqual(at('2026-03-09T18:00:00Z'));
    expect(lastTimeOfDay('18:00', at('2026-03-10T18:00:00Z'), 'UTC')).toEqual(at('2026-03-10T18:00:00Z'));
    // 18:00 in Kolkata (UTC+5:30) is 12:30 UTC.
    expect(lastTimeOfDay('18:00', at('2026-03-10T13:00:00Z'), 'Asia/Kolkata')).toEqual(at('2026-03-10T12:30:00Z'));
  });
});
