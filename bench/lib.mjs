// Helpers shared by the benchmarks that run the API (api-process.mjs) and their clients in processes of their own.
import { fork } from 'node:child_process';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The system clock with sub-millisecond resolution, comparable between processes (unlike performance.now()). */
export const now = () => performance.timeOrigin + performance.now();

/** The p-th percentile (nearest rank) of xs; NaN when empty. */
export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

/** The next IPC message of `child` that has `key`; rejects if the child exits first. */
export function nextMessage(child, key) {
  return new Promise((resolve, reject) => {
    const onMsg = (m) => {
      if (m && typeof m === 'object' && key in m) {
        child.off('message', onMsg);
        child.off('exit', onExit);
        resolve(m);
      }
    };
    const onExit = (code) => {
      child.off('message', onMsg);
      reject(new Error(`child exited (${code}) before sending ${key}`));
    };
    child.on('message', onMsg);
    child.once('exit', onExit);
  });
}

/**
 * The built API in a process of its own (api-process.mjs) with `env` over this process's environment. Resolves
 * { child, url } once it listens. `execArgv`: node flags for it (e.g. --cpu-prof).
 */
export async function forkApi(env, { execArgv = [] } = {}) {
  const child = fork(join(import.meta.dirname, 'api-process.mjs'), [], { env: { ...process.env, ...env }, execArgv });
  return { child, url: (await nextMessage(child, 'url')).url };
}

/** Asks a child that understands 'stop' (api-process.mjs) to close and waits until it has exited. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  await exited;
}
