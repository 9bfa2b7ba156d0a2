// A sign-in storm: 60 logins per second for 20 s (open loop: one starts every 16.7 ms whatever the answers), while
// another client calls GET /api/health every 20 ms and the API process measures its own event-loop delay.
// The same probes run first for a few quiet seconds, as the baseline. Prints figures; asserts nothing.
// Usage: node bench/login-storm.mjs   (MariaDB at 127.0.0.1:3306)
//   RATE=60  DURATION_S=20  QUIET_S=5  MYSQL_URL  API_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"  API_DIST (see api-process.mjs)
// The per-address sign-in limit (LOGIN_LIMIT_PER_IP, 100 a minute by default) is raised for the API under test:
// every login comes from 127.0.0.1.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextMessage as next, pct, sleep, stopChild } from './lib.mjs';

const RATE = Number(process.env.RATE ?? 60);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const QUIET_S = Number(process.env.QUIET_S ?? 5);

/** Fires `rate * seconds` requests at fixed start times and reports each one's latency and status. */
async function openLoop(makeRequest, rate, seconds) {
  const n = Math.round(rate * seconds);
  const results = [];
  const t0 = performance.now();
  const pending = [];
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / rate;
    // Sleep to the next start time; a late timer is caught up on, so the rate does not depend on the answers.
    if (due > performance.now()) await sleep(due - performance.now());
    pending.push(
      (async () => {
        const start = performance.now();
        try {
          const res = await makeRequest(i);
          await res.arrayBuffer();
          results.push({ ms: performance.now() - start, status: res.status, end: performance.now() });
        } catch (e) {
          results.push({
            ms: performance.now() - start,
            status: String(e.cause?.code ?? e.message),
            end: performance.now(),
          });
        }
      })(),
    );
  }
  await Promise.all(pending);
  return { results, t0 };
}

if (process.argv[2] === 'logins') {
  // The login client, in its own process so that its work does not delay the health probes' timers.
  const { url, emails } = JSON.parse(process.argv[3]);
  const { results, t0 } = await openLoop(
    (i) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: emails[i % emails.length], password: 'Demo@2026' }),
      }),
    RATE,
    DURATION_S,
  );
  process.send({ results, elapsed: Math.max(...results.map((r) => r.end)) - t0 });
  process.exit(0);
} else {
  await main();
}

async function main() {
  const require = createRequire(join(import.meta.dirname, '..', 'api', 'dist', 'main.js'));
  const mysql = require('mysql2/promise');
  const MYSQL_URL = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const dbName = `portal_bench_logins_${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-logins-'));
  const admin = await mysql.createConnection(MYSQL_URL);
  await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const children = new Set();
  const spawn = (file, args, opts) => {
    const c = fork(file, args, opts);
    children.add(c);
    c.once('exit', () => children.delete(c));
    return c;
  };
  try {
    const api = spawn(join(import.meta.dirname, 'api-process.mjs'), [], {
      execArgv: (process.env.API_ARGS ?? '').split(' ').filter(Boolean),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dir,
        WEB_DIR: dir,
        SEED_DEMO: 'false',
        BENCH_SEED: '1',
        DATABASE_URL: `${MYSQL_URL.replace(/^mysql:/, 'mariadb:')}/${dbName}`,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
        LOGIN_LIMIT_PER_IP: '1000000',
      },
    });
    const { url } = await next(api, 'url');
    // The demo school's accounts (admin, mentors, mentees), all with real argon2id hashes of Demo@2026.
    const emails = [
      'admin@example.edu',
      'mentor@example.edu',
      'mentee@example.edu',
      ...Array.from({ length: 39 }, (_, i) => `student${String(i + 2).padStart(2, '0')}@example.edu`),
    ];
    const health = (seconds) => openLoop(() => fetch(`${url}/api/health`), 50, seconds);
    await health(1); // warm-up: JIT, pools
    await sleep(500);
    api.send('lag');
    await next(api, 'lag');

    const quiet = await health(QUIET_S);
    api.send('lag');
    const quietLag = (await next(api, 'lag')).lag;

    const loginClient = spawn(import.meta.filename, ['logins', JSON.stringify({ url, emails })], { env: process.env });
    const [storm, logins] = await Promise.all([health(DURATION_S), next(loginClient, 'results')]);
    api.send('lag');
    const stormLag = (await next(api, 'lag')).lag;
    await stopChild(api);

    const ok = logins.results.filter((r) => r.status === 200);
    const others = {};
    for (const r of logins.results) if (r.status !== 200) others[r.status] = (others[r.status] ?? 0) + 1;
    const ms = (x) => `${x.toFixed(1)} ms`;
    const line = (label, rs) => {
      const fails = rs.filter((r) => r.status !== 200).length;
      return `  ${label}: p50 ${ms(
        pct(
          rs.map((r) => r.ms),
          50,
        ),
      )}, p99 ${ms(
        pct(
          rs.map((r) => r.ms),
          99,
        ),
      )}, max ${ms(Math.max(...rs.map((r) => r.ms)))} (${rs.length} calls${fails ? `, ${fails} failed` : ''})`;
    };
    const lagLine = (l) => `  event-loop delay in the API: p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)}`;
    console.log(
      `\nsign-in storm, MariaDB: ${RATE} logins/s for ${DURATION_S} s (open loop), GET /api/health every 20 ms`,
    );
    console.log(`quiet baseline (${QUIET_S} s, health probes only)`);
    console.log(line('GET /api/health', quiet.results));
    console.log(lagLine(quietLag));
    console.log('during the storm');
    console.log(
      line('login', logins.results) + (Object.keys(others).length ? ` non-200: ${JSON.stringify(others)}` : ''),
    );
    console.log(
      `  login throughput: ${(ok.length / (logins.elapsed / 1000)).toFixed(1)}/s (${ok.length} signed in over ${(logins.elapsed / 1000).toFixed(1)} s, offered ${RATE}/s)`,
    );
    console.log(line('GET /api/health', storm.results));
    console.log(lagLine(stormLag) + ' (goal p99 ≤ 50 ms)');
  } finally {
    for (const c of children) c.kill();
    await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
