import { attendanceBand, isLeaveEligible } from './attendanceBands';

describe('attendance helpers', () => {
  it.each([
    [100, 'excellent'],
    [90, 'excellent'],
    [89, 'good'],
    [75, 'good'],
    [74, 'needs-improvement'],
    [0, 'needs-improvement'],
  ])('%i%% is %s', (pct, band) => {
    expect(attendanceBand(pct)).toBe(band);
  });
  it('makes leave eligibility start at 75%', () => {
    expect(isLeaveEligible(75)).toBe(true);
    expect(isLeaveEligible(74.9)).toBe(false);
  });
});
