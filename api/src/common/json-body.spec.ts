import { nestedDeeperThan } from './json-body';

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestedDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(nestedDeeperThan(JSON.stringify({ text: '[[[[[[{{{{{', quote: 'a "[[[[" b\\' }), 1)).toBe(false);
  });

  it('sees depth that closes again as depth', () => {
    expect(nestedDeeperThan('[[[]]],[[[]]]', 3)).toBe(false);
    expect(nestedDeeperThan('[[[[]]]]', 3)).toBe(true);
  });
});
