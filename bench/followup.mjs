// Early warning over the scale seed: how long evaluating every student's risk signals takes (all 20,000 at once, as
// after the thresholds change), and the mentor's follow-up queue read under closed-loop load beside the mentor
// dashboard (the dashboard page asks for both). Prints figures; asserts nothing.
// Usage: node bench/followup.mjs [mysql://user@host:port]   (default MYSQL_URL; seeds SCALE_DB=portal_scale first if
//   needed)   DURATION=10 (s per route and connection count)  CONNECTIONS=10,50  SCALE=0.02 for a development run
import { createRequire } from 'node:module';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { forkApi } from './lib.mjs';
import { MYSQL_URL, scaleSeed } from './scale-seed.mjs';

const mysql = createRequire(join(import.meta.dirname, '..', 'api', 'dist', 'main.js'))('mysql2/promise');
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = (process.env.CONNECTIONS ?? '10,50').split(',').map(Number);
const SECRET = 'bench-secret-bench-secret-bench-secret-123';
const server = process.argv[2]?.includes('://') ? process.argv[2] : MYSQL_URL;
const { url: dbUrl, database } = await scaleSeed({ server });
const db = await mysql.createConnection(`${server}/${database}`);
const scalar = async (sql, params = []) => Number(Object.values((await db.query(sql, params))[0][0])[0]);

// The API in a process of its own (api-process.mjs), in production mode, with its outbox worker polling every second.
const { child: api, url: base } = await forkApi({
  DATABASE_URL: dbUrl,
  JWT_SECRET: SECRET,
  NODE_ENV: 'production',
  // The demo admin signs in with a password alone: production's second factor is not what this measures.
  ADMIN_MFA: 'off',
  LOGIN_LIMIT_PER_IP: '100000',
});
process.on('exit', () => api.kill());
const call = async (method, path, auth, body) => {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
const login = async (email) =>
  `Bearer ${(await call('POST', '/api/auth/login', null, { email, password: 'Demo@2026' })).token}`;
const admin = await login('admin@example.edu');
const mentors = (
  await db.query(
    `SELECT email FROM users WHERE role = 'mentor' AND email LIKE '%@scale.example.edu' ORDER BY email LIMIT 20`,
  )
)[0];
for (const m of mentors) m.auth = await login(m.email);

// Every student evaluated: saving the thresholds (unchanged) queues them all, in outbox jobs of 500.
const students = await scalar(`SELECT COUNT(*) FROM mentee_profiles`);
const pending = () =>
  scalar(`SELECT COUNT(*) FROM outbox_jobs WHERE kind = 'followup.evaluate' AND status IN ('pending', 'running')`);
const t0 = performance.now();
await call('PUT', '/api/admin/followup/settings', admin, await call('GET', '/api/admin/followup/settings', admin));
for (let i = 0; (await pending()) > 0; i++) {
  if (i > 4 * 60 * 20) throw new Error('evaluation did not finish within 20 minutes');
  await new Promise((r) => setTimeout(r, 250));
}
const seconds = (performance.now() - t0) / 1000;
const open = await scalar(`SELECT COUNT(*) FROM risk_signals WHERE closedAt IS NULL`);
const waiting = await scalar(`SELECT COUNT(DISTINCT menteeId) FROM risk_signals WHERE closedAt IS NULL`);
console.log(
  `\nrisk signals over ${database}: ${students} students evaluated in ${seconds.toFixed(1)} s ` +
    `(${((seconds * 1000) / students).toFixed(2)} ms per student, the worker's outbox polling included); ` +
    `${open} signals open for ${waiting} students`,
);
const queued = await call('GET', '/api/followup/queue', mentors[0].auth);
console.log(`one mentor's queue: ${queued.length} students, ${(JSON.stringify(queued).length / 1024).toFixed(1)} KB`);

const routes = [
  { label: 'follow-up queue', path: '/api/followup/queue' },
  { label: 'last contacts', path: '/api/followup/contacts' },
  { label: 'mentor dashboard', path: '/api/mentors/dashboard' },
];
console.log(`\nmentor reads under load, ${DURATION} s each after 2 s warm-up, 20 mentors in turn`);
console.log('route                 conns │    req/s    p50    p99 │ goal');
for (const r of routes)
  for (const connections of CONNECTIONS) {
    const res = await autocannon({
      url: base,
      connections,
      duration: DURATION,
      warmup: { connections, duration: 2 },
      requests: mentors.map((m) => ({ method: 'GET', path: r.path, headers: { authorization: m.auth } })),
    });
    if (res.errors || res.non2xx) console.log(`  !! ${r.label}: ${res.errors} errors, ${res.non2xx} non-2xx`);
    const goal = connections === 10 ? (res.latency.p99 <= 50 ? 'p99≤50 ✓' : 'p99≤50 ✗') : '';
    console.log(
      `${r.label.padEnd(21)} ${String(connections).padStart(5)} │ ${res.requests.average.toFixed(0).padStart(8)} ` +
        `${String(res.latency.p50).padStart(6)} ${String(res.latency.p99).padStart(6)} │ ${goal}`,
    );
  }
console.log('latencies in ms');
api.send('stop');
await db.end();
