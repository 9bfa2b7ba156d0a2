import DataLoader from 'dataloader';

/**
 * A look-up by key whose concurrent calls share one statement: the keys asked during one turn of the event loop (every
 * request read from the network in that turn) are loaded together when the turn ends (setImmediate). Under load,
 * when many requests arrive per turn, that is one statement per turn instead of one per request; a lone request waits
 * only for the end of its own turn. Nothing is remembered between batches: keeping answers is the read cache's job.
 * For reads outside any transaction only (a batch runs on the pool, not on a caller's transaction).
 *
 * `load` answers the keys it found; a key it did not find gets `missing`. A failed load fails every call of its batch.
 */
export function batched<K, V>(
  load: (keys: readonly K[]) => Promise<Map<K, V>>,
  missing: V,
  maxBatchSize = 200,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(
    async (keys) => {
      const found = await load(keys);
      return keys.map((k) => (found.has(k) ? found.get(k)! : missing));
    },
    { cache: false, maxBatchSize, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}

/** `?, ?, ?` for an IN list of n values (raw statements on both databases). */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
