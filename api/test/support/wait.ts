/** How long a test waits for an event or a state before it fails (DESIGN.md section 6: never a fixed sleep). */
export const WAIT_MS = 5000;

/**
 * Polls `fn` until it answers a truthy value (answered), or fails after `ms`: a bounded wait for a state the test
 * cannot be told of (a row written, a queue filled, a socket gone on the server).
 */
export async function waitUntil<T>(
  fn: () => T | Promise<T>,
  { ms = WAIT_MS, every = 20, what = 'the awaited state' }: { ms?: number; every?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= until) throw new Error(`${what} did not come within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}
