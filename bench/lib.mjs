import { randomUUID } from 'node:crypto';
// Helpers shared by the benchmarks that run the API (api-process.mjs) and their clients in processes of their own.
import { execFileSync, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

// What each process spent: CPU time from /proc, so that a change's cost per request can be told apart from the
// machine's noise (latencies under overload vary 3× between identical runs; CPU seconds per request far less).

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; undefined when it cannot be read. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ 100 on Linux)
  } catch {
    return undefined;
  }
}

/**
 * A process's CPU seconds on its main thread (JavaScript, I/O) and on its other threads (libuv's pool: argon2, files;
 * V8's: concurrent garbage collection, compilation). Node names them all "node", so they cannot be told apart further.
 */
export function threadSeconds(pid) {
  const out = { main: 0, other: 0 };
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out[tid === String(pid) ? 'main' : 'other'] += (Number(f[11]) + Number(f[12])) / 100;
    }
  } catch {
    // a thread that ended between the listing and the read: its time is missing from the split, not from cpuSeconds
  }
  return out;
}

/** The database server's and Redis's pids (by name), for their CPU. */
export function serverPids() {
  const pid = (name) => {
    try {
      return Number(execFileSync('pidof', ['-s', name], { encoding: 'utf8' }).trim()) || undefined;
    } catch {
      return undefined;
    }
  };
  return { mariadb: pid('mariadbd') ?? pid('mysqld'), redis: pid('redis-server') };
}

/** The whole machine's busy CPU seconds (all cores; /proc/stat's first line less idle and iowait). */
export function machineBusySeconds() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (f.reduce((a, b) => a + b, 0) - f[3] - f[4]) / 100;
}

/**
 * A token as the API signs one at sign-in (AuthService.openSession): HS256 { sub, role, ver, sid } with an expiry, and
 * the `user_sessions` row its check reads (the benches sign tokens themselves: the sign-in's argon2 is not what they
 * measure). `row` is in the table's column order.
 */
export function benchSession(jwt, secret, user, expiresIn) {
  const sid = randomUUID();
  const token = jwt.sign({ sub: user.id, role: user.role, ver: user.ver, sid }, secret, {
    algorithm: 'HS256',
    expiresIn,
  });
  const { iat, exp } = jwt.decode(token);
  const at = new Date(iat * 1000);
  return { token, row: [sid, user.id, 'bench', null, at, at, new Date(exp * 1000)] };
}

/** Writes benchSession rows through a mysql2 connection (or pool), a thousand a statement. */
export async function insertSessions(db, rows) {
  for (let i = 0; i < rows.length; i += 1000)
    await db.query(
      'INSERT INTO user_sessions (id, userId, userAgent, address, createdAt, lastUsedAt, expiresAt) VALUES ?',
      [rows.slice(i, i + 1000)],
    );
}
