import { countOf } from './countOf';

describe('countOf', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect([0, 1, 2, 21].map((n) => countOf(n, 'like'))).toEqual(['0 likes', '1 like', '2 likes', '21 likes']);
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
  });
});
