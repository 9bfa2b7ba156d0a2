import { dateOnly, isoDateTime } from './raw-row';

describe('raw row values', () => {
  it('reads date-times as either driver returns them', () => {
    expect(isoDateTime(new Date('2026-03-01T10:20:30.456Z'))).toBe('2026-03-01T10:20:30.456Z');
    expect(isoDateTime('2026-03-01 10:20:30.456')).toBe('2026-03-01T10:20:30.456Z');
    expect(isoDateTime('2026-03-01 10:20:30')).toBe('2026-03-01T10:20:30.000Z');
    expect(isoDateTime('2026-03-01T10:20:30+02:00')).toBe('2026-03-01T08:20:30.000Z');
    expect(isoDateTime(null)).toBeNull();
  });

  it('reads dates as YYYY-MM-DD whichever driver returns them', () => {
    expect(dateOnly('2026-03-01')).toBe('2026-03-01');
    expect(dateOnly(new Date(Date.UTC(2026, 2, 1)))).toBe('2026-03-01');
  });
});
