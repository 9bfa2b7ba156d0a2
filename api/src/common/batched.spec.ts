import { batched, placeholders } from './batched';

/** A load that records each batch it was given and answers the keys it knows. */
function recorder(known: Record<string, number>) {
  const batches: string[][] = [];
  const load = async (keys: readonly string[]) => {
    batches.push([...keys]);
    return new Map(keys.filter((k) => k in known).map((k) => [k, known[k]]));
  };
  return { batches, load };
}

describe('batched', () => {
  it('answers the keys asked in one turn with one load, each caller its own value', async () => {
    const r = recorder({ a: 1, b: 2, c: 3 });
    const get = batched(r.load, -1);
    await expect(Promise.all([get('a'), get('b'), get('c')])).resolves.toEqual([1, 2, 3]);
    expect(r.batches).toEqual([['a', 'b', 'c']]);
  });

  it('collects keys asked by separate callbacks of the same turn (requests read from several sockets)', async () => {
    const r = recorder({ a: 1, b: 2 });
    const get = batched(r.load, -1);
    // Two callbacks of one turn, each running its microtasks before the next, as Node runs the requests it reads
    // (immediates queued together run in the same check phase; the batch's own immediate waits for the next).
    const answers = await new Promise<number[]>((resolve) => {
      const got: Promise<number>[] = [];
      setImmediate(() => got.push(get('a')));
      setImmediate(() => {
        got.push(get('b'));
        void Promise.all(got).then(resolve);
      });
    });
    expect(answers).toEqual([1, 2]);
    expect(r.batches).toEqual([['a', 'b']]);
  });

  it('loads again in a later turn: nothing is remembered between batches', async () => {
    const known: Record<string, number> = { a: 1 };
    const r = recorder(known);
    const get = batched(r.load, -1);
    await expect(get('a')).resolves.toBe(1);
    known.a = 5;
    await expect(get('a')).resolves.toBe(5);
    expect(r.batches).toEqual([['a'], ['a']]);
  });

  it('gives a key the load did not find the missing value', async () => {
    const get = batched(recorder({ a: 1 }).load, null);
    await expect(Promise.all([get('a'), get('nobody')])).resolves.toEqual([1, null]);
  });

  it('fails every call of a batch whose load fails, and the next batch loads afresh', async () => {
    let fail = true;
    const get = batched(async (keys: readonly string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k.length]));
    }, 0);
    const results = await Promise.allSettled([get('a'), get('bb')]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe('database gone');
    fail = false;
    await expect(get('bb')).resolves.toBe(2);
  });

  it('splits a turn with more keys than maxBatchSize', async () => {
    const r = recorder({ a: 1, b: 2, c: 3 });
    const get = batched(r.load, -1, 2);
    await expect(Promise.all([get('a'), get('b'), get('c')])).resolves.toEqual([1, 2, 3]);
    expect(r.batches).toEqual([['a', 'b'], ['c']]);
  });

  it('placeholders lists one ? per value', () => {
    expect(placeholders(3)).toBe('?, ?, ?');
    expect(placeholders(1)).toBe('?');
  });
});
