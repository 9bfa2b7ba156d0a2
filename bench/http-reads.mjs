// Closed-loop HTTP load (autocannon) on the hot reads over the scale seed, against the API and, in the same run, against
// a bare node:http + mysql2 baseline running the same SQL (http-baseline.mjs). Then the admin monthly attendance view.
// Prints figures; asserts nothing.
// Usage: node bench/http-reads.mjs [mysql://user@host:port]   (default MYSQL_URL or mysql://root@127.0.0.1:3306; seeds
//   SCALE_DB=portal_scale first if it does not hold the scale data; "sqlite" skips: MariaDB/MySQL only)
//   DURATION=10 (s per server and case)  ROUNDS=2 (alternating slices)  WARMUP=2 (s)  CONNECTIONS=10,50  ROUTES=mentee,admin-dash (names below)  MONTH_RUNS=5
//   SCALE=0.02 SCALE_DB=portal_scale_dev for a small development run; CPU_PROF=dir writes .cpuprofile files of both servers
//   (dir/api, dir/baseline). API_DIST=dir runs another build of the API (e.g. one from before a change; its modules resolve
//   from the node_modules above it), for before/after figures in the same conditions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { MYSQL_URL, scaleSeed } from './scale-seed.mjs';

const dist = join(import.meta.dirname, '..', 'api', 'dist');
const mysql = createRequire(join(dist, 'main.js'))('mysql2/promise');
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARMUP = Number(process.env.WARMUP ?? 2);
const CONNECTIONS = (process.env.CONNECTIONS ?? '10,50').split(',').map(Number);
const MONTH_RUNS = Number(process.env.MONTH_RUNS ?? 5);
const ONLY = process.env.ROUTES?.split(',');
const SECRET = 'bench-secret-bench-secret-bench-secret-123';
const PASSWORD = 'Demo@2026';

if (process.argv[2] === 'sqlite') {
  console.log('http reads: MariaDB/MySQL only; skipped');
  process.exit(0);
}
const dbServer = process.argv[2]?.includes('://') ? process.argv[2] : MYSQL_URL;
const { url: dbUrl, database } = await scaleSeed({ server: dbServer });

// Ids and dates from the seed: several accounts per role, so requests are not all served from one hot row.
const db = await mysql.createConnection(`${dbServer}/${database}`);
const emails = async (role, n) =>
  (
    await db.query(
      `SELECT id, email FROM users WHERE role = ? AND email LIKE '%@scale.example.edu' ORDER BY email LIMIT ${n}`,
      [role],
    )
  )[0];
const mentors = await emails('mentor', 20);
const mentees = await emails('mentee', 20);
const pkIds = (await emails('mentor', 100)).map((u) => u.id);
const days = (
  await db.query('SELECT DISTINCT DATE_FORMAT(date, "%Y-%m-%d") AS d FROM attendance_records ORDER BY d DESC LIMIT 5')
)[0].map((r) => r.d);
// A whole school month: the one before the month of the last school day.
const last = new Date(`${days[0]}T00:00:00Z`);
const month = {
  month: ((last.getUTCMonth() + 11) % 12) + 1,
  year: last.getUTCMonth() ? last.getUTCFullYear() : last.getUTCFullYear() - 1,
};
await db.end();

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
const children = [];
// Whatever ends this run, the servers go too. SIGUSR2 makes either exit normally, which is when Node writes a CPU profile.
const stop = () => children.forEach((c) => c.kill('SIGUSR2'));
process.on('exit', stop);
/** A server in its own process, so the load generator's CPU is not counted in its figures. */
async function start(name, args, env) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    // Minutes, not seconds: the first start after an upgrade runs the migrations over 3 million attendance rows.
    if (i > 6000) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, base, child };
}
const prof = (name) =>
  process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.CPU_PROF, name)] : [];
const onUsr2 = "process.on('SIGUSR2', () => process.exit(0));";
const apiArgs = [
  ...prof('api'),
  '-e',
  `${onUsr2} require(${JSON.stringify(resolve(process.env.API_DIST ?? dist, 'main.js'))});`,
];
// An empty web directory: the API serves no web app here, only /api.
const webDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
process.on('exit', () => rmSync(webDir, { recursive: true, force: true }));
const api = await start('API', apiArgs, {
  DATABASE_URL: dbUrl,
  JWT_SECRET: SECRET,
  NODE_ENV: 'production',
  // The demo admin signs in with a password alone: production's second factor is not what this measures.
  ADMIN_MFA: 'off',
  HOST: '127.0.0.1',
  WEB_DIR: webDir,
  LOGIN_LIMIT_PER_IP: '100000',
});
const baseline = await start(
  'baseline',
  [
    ...prof('baseline'),
    '--import',
    `data:text/javascript,${encodeURIComponent(onUsr2)}`,
    join(import.meta.dirname, 'http-baseline.mjs'),
  ],
  { DATABASE_URL: dbUrl, JWT_SECRET: SECRET },
);

// Real sign-ins through the API (the scale accounts share the demo password); the tokens work on both servers.
const login = async (email) => {
  const res = await fetch(`${api.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return `Bearer ${(await res.json()).token}`;
};
const admin = await login('admin@example.edu');
for (const u of [...mentors, ...mentees]) u.auth = await login(u.email);

const routes = [
  {
    name: 'mentee',
    label: 'mentee dashboard',
    requests: mentees.map((u) => ({ path: '/api/mentees/dashboard', auth: u.auth })),
  },
  {
    name: 'mentor',
    label: 'mentor dashboard',
    requests: mentors.map((u) => ({ path: '/api/mentors/dashboard', auth: u.auth })),
  },
  { name: 'admin-dash', label: 'admin dashboard', requests: [{ path: '/api/admin/dashboard', auth: admin }] },
  {
    name: 'leaves',
    label: "mentor's leave list",
    requests: mentors.map((u) => ({ path: '/api/leaves/mentor', auth: u.auth })),
  },
  {
    name: 'pk',
    label: 'user by id (PK)',
    requests: pkIds.map((id) => ({ path: `/api/admin/users/${id}`, auth: admin })),
  },
  {
    name: 'day',
    label: 'attendance day view',
    requests: days.map((d) => ({ path: `/api/admin/attendance?date=${d}`, auth: admin })),
  },
].filter((r) => !ONLY || ONLY.includes(r.name));

// Both servers must answer the same thing, or the comparison means nothing (order-insensitive: ties in ORDER BY).
const norm = (x) =>
  Array.isArray(x)
    ? x.map(norm).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
    : x && typeof x === 'object'
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, norm(x[k])]),
        )
      : x;
/** Where two answers first differ (a path into them), for the warning that the comparison is off. */
function firstDifference(a, b, at = '$') {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object')
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], `${at}.${k}`);
      if (d) return d;
    }
  return `${at} (API ${JSON.stringify(a)?.slice(0, 80)}, baseline ${JSON.stringify(b)?.slice(0, 80)})`;
}
const get = async (server, { path, auth }) => {
  const res = await fetch(server.base + path, { headers: { authorization: auth } });
  if (!res.ok) throw new Error(`${server.name} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
for (const r of routes) {
  const [a, b] = await Promise.all([get(api, r.requests[0]), get(baseline, r.requests[0])]);
  r.same = JSON.stringify(norm(a)) === JSON.stringify(norm(b));
  r.bytes = JSON.stringify(a).length;
  if (!r.same) console.log(`  !! ${r.label}: the baseline answers otherwise at ${firstDifference(norm(a), norm(b))}`);
}

const load = async (server, route, connections, warmup) => {
  const res = await autocannon({
    url: server.base,
    connections,
    duration: DURATION / ROUNDS,
    warmup: warmup ? { connections, duration: WARMUP } : undefined,
    requests: route.requests.map(({ path, auth }) => ({ method: 'GET', path, headers: { authorization: auth } })),
  });
  if (res.errors || res.non2xx)
    console.log(`  !! ${server.name} ${route.label}: ${res.errors} errors, ${res.non2xx} non-2xx`);
  return { rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99 };
};
/**
 * DURATION seconds per server, in ROUNDS alternating slices (API, baseline, API, baseline…), so that other load on a
 * shared machine weighs on both alike; each figure is the mean over the slices.
 */
async function compare(route, connections) {
  const runs = { api: [], base: [] };
  for (let i = 0; i < ROUNDS; i++) {
    runs.api.push(await load(api, route, connections, i === 0 && WARMUP));
    runs.base.push(await load(baseline, route, connections, i === 0 && WARMUP));
  }
  const mean = (xs) =>
    Object.fromEntries(['rps', 'p50', 'p99'].map((k) => [k, xs.reduce((s, x) => s + x[k], 0) / xs.length]));
  return [mean(runs.api), mean(runs.base)];
}

console.log(
  `\nhot reads over the scale seed (${database}), ${DURATION} s per server and case in ${ROUNDS} alternating slices, after ${WARMUP} s warm-up; API = node api/dist/main.js, baseline = node:http + mysql2, same SQL`,
);
console.log('route                    conns │   API req/s   p50    p99 │  base req/s   p50    p99 │ ratio │ goals');
// No request finished within the run (each took longer than the run lasted): say so rather than print zeros.
const fmt = (x) =>
  x.rps
    ? `${x.rps.toFixed(0).padStart(9)} ${x.p50.toFixed(0).padStart(5)} ${x.p99.toFixed(0).padStart(6)}`
    : '         none finished';
for (const r of routes) {
  for (const c of CONNECTIONS) {
    const [a, b] = await compare(r, c);
    const ratio = a.rps / b.rps;
    const goals = [ratio >= 0.6 ? '≥0.6× ✓' : '≥0.6× ✗', c === 10 ? (a.p99 <= 50 ? 'p99≤50 ✓' : 'p99≤50 ✗') : ''].join(
      ' ',
    );
    console.log(
      `${r.label.padEnd(24)} ${String(c).padStart(5)} │ ${fmt(a)} │ ${fmt(b)} │ ${ratio.toFixed(2).padStart(5)} │ ${goals}`,
    );
  }
}
console.log(
  'latencies in ms; payloads: ' +
    routes
      .map((r) => `${r.name} ${(r.bytes / 1024).toFixed(1)} KB${r.same ? '' : ' (DIFFERS from baseline!)'}`)
      .join(', '),
);

// The admin monthly view: one large read, timed request by request rather than under load.
if (MONTH_RUNS && (!ONLY || ONLY.includes('month'))) {
  const path = `/api/admin/attendance?month=${month.month}&year=${month.year}`;
  const time = async (server) => {
    const ms = [];
    let body;
    for (let i = 0; i < MONTH_RUNS; i++) {
      const t0 = performance.now();
      body = await get(server, { path, auth: admin });
      ms.push(performance.now() - t0);
    }
    ms.sort((x, y) => x - y);
    return { ms, body };
  };
  const a = await time(api);
  const b = await time(baseline);
  const show = ({ ms }) =>
    `median ${ms[ms.length >> 1].toFixed(0)} ms (best ${ms[0].toFixed(0)}, worst ${ms[ms.length - 1].toFixed(0)})`;
  console.log(
    `\nadmin monthly attendance view ${month.year}-${String(month.month).padStart(2, '0')}: ${a.body.students.length} students, ${a.body.schoolDays} school days, ${MONTH_RUNS} requests each`,
  );
  console.log(`  API:      ${show(a)}`);
  console.log(
    `  baseline: ${show(b)}   same payload: ${JSON.stringify(norm(a.body)) === JSON.stringify(norm(b.body))}`,
  );
}
stop();
