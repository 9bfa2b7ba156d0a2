import { delayAfter } from './login-limiter.service';

describe('delayAfter', () => {
  it('is free for three failures, then 1 s doubling up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((n) => delayAfter(n, 300))).toEqual([0, 0, 0, 1, 2, 4, 8, 300]);
    expect(delayAfter(1000, 300)).toBe(300);
  });
});
