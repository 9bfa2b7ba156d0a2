// What each of the school day's reads costs the machine: CPU milliseconds of the API and of MariaDB, and SQL statements,
// per request, for a caller's first request (nothing of theirs kept) and for their second (the same callers again).
// CPU time rather than latency: it adds up to the day's load (school-day.mjs prints the day's CPU per process) and the
// noise of a shared machine moves it far less than it moves latencies. Asserts nothing.
// Usage: node bench/cost-per-request.mjs   over the scale seed (portal_scale, scale-seed.mjs) on MariaDB;
//   N=1000 (callers per stream: mentees and "anyone" get N distinct students, mentors all 300, the admin N requests)
//   CONCURRENCY=4  READ_CACHE=on|off  ONLY=dashboard (paths containing it)  API_DIST (another build, as api-process.mjs)
// Each stream runs on a fresh API process (nothing kept from the stream before), the requests CONCURRENCY at a time.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { benchSession, cpuSeconds, forkApi, insertSessions, serverPids, stopChild, threadSeconds } from './lib.mjs';
import { MYSQL_URL } from './scale-seed.mjs';

const require = createRequire(join(import.meta.dirname, '..', 'api', 'dist', 'main.js'));
const jwt = require('jsonwebtoken');
const mysql = require('mysql2/promise');
const { Agent, request } = require('undici');

const SECRET = 'bench-secret-bench-secret-bench-secret-123';
const N = Number(process.env.N ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const READ_CACHE = process.env.READ_CACHE ?? 'on';
const dbUrl = `${MYSQL_URL.replace(/\/$/, '')}/${process.env.SCALE_DB ?? 'portal_scale'}`;

// The school day's reads (school-day.mjs STREAMS) with the rate the day asks them at.
const STREAMS = [
  { name: 'mentee dashboard', who: 'mentee', rate: 90, path: '/api/mentees/dashboard' },
  { name: 'mentor dashboard', who: 'mentor', rate: 20, path: '/api/mentors/dashboard' },
  { name: 'admin dashboard', who: 'admin', rate: 2, path: '/api/admin/dashboard' },
  { name: 'unread count', who: 'mentee', rate: 60, path: '/api/notifications/unread-count' },
  { name: 'announcements', who: 'mentee', rate: 30, path: '/api/announcements' },
  { name: "mentee's leaves", who: 'mentee', rate: 15, path: '/api/leaves/mentee' },
  { name: "mentee's grievances", who: 'mentee', rate: 10, path: '/api/grievances/mentee' },
  { name: "mentor's leaves", who: 'mentor', rate: 8, path: '/api/leaves/mentor' },
  { name: "mentor's grievances", who: 'mentor', rate: 6, path: '/api/grievances/mentor' },
  { name: 'notifications', who: 'mentee', rate: 15, path: '/api/notifications?limit=20' },
  { name: 'conversations', who: 'mentee', rate: 4, path: '/api/messages/conversations' },
];

const db = await mysql.createConnection(dbUrl);
const rows = async (sql) => (await db.query(sql))[0];
const mentees = (
  await rows(`SELECT id, tokenVersion ver FROM users WHERE role = 'mentee' AND isActive = 1
    AND email LIKE '%@scale.example.edu' ORDER BY id`)
).map((u) => ({ ...u, role: 'mentee' }));
const mentors = (
  await rows(`SELECT id, tokenVersion ver FROM users WHERE role = 'mentor' AND isActive = 1
    AND email LIKE '%@scale.example.edu' ORDER BY id`)
).map((u) => ({ ...u, role: 'mentor' }));
const [admin] = (await rows(`SELECT id, tokenVersion ver FROM users WHERE email = 'admin@example.edu'`)).map((u) => ({
  ...u,
  role: 'admin',
}));
const statements = async () => Number((await rows(`SHOW GLOBAL STATUS LIKE 'Questions'`))[0].Value);
// One session per caller, written before the passes (as each caller's sign-in would have).
const sessions = new Map([...mentees, ...mentors, admin].map((u) => [u.id, benchSession(jwt, SECRET, u, '1h')]));
await insertSessions(
  db,
  [...sessions.values()].map((s) => s.row),
);
const token = (u) => `Bearer ${sessions.get(u.id).token}`;

/** The callers of a stream: distinct students per stream (a slice each), every mentor, the admin N times. */
function callersOf(stream, index) {
  if (stream.who === 'mentor') return mentors;
  if (stream.who === 'admin') return Array.from({ length: N }, () => admin);
  return mentees.slice((index * N) % mentees.length, ((index * N) % mentees.length) + N);
}

/** Fires one request per caller, CONCURRENCY at a time; what it cost the API and MariaDB. */
async function pass(url, path, callers, pids) {
  const agent = new Agent({ connections: CONCURRENCY });
  const auth = callers.map(token);
  const before = {
    api: cpuSeconds(pids.api),
    threads: threadSeconds(pids.api),
    mariadb: cpuSeconds(pids.mariadb),
    statements: await statements(),
  };
  const t = performance.now();
  let next = 0;
  let failed = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < callers.length) {
        const i = next++;
        const res = await request(url + path, { headers: { authorization: auth[i] }, dispatcher: agent });
        const body = await res.body.text();
        bytes += body.length;
        if (res.statusCode !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  const threads = threadSeconds(pids.api);
  const per = (x) => (x * 1000) / callers.length;
  const out = {
    apiMs: per(cpuSeconds(pids.api) - before.api),
    mainMs: per(threads.main - before.threads.main),
    dbMs: pids.mariadb ? per(cpuSeconds(pids.mariadb) - before.mariadb) : NaN,
    // Less this process's own SHOW STATUS (1).
    statements: (await statements()) - before.statements - 1,
    perS: callers.length / seconds,
    bytes: bytes / callers.length,
    failed,
  };
  out.statements /= callers.length;
  await agent.close();
  return out;
}

console.log(
  `cost per request over ${dbUrl.replace(/\/\/[^@]*@/, '//')}: ${N} callers per stream (mentors: ${mentors.length}), ` +
    `${CONCURRENCY} at a time, read cache ${READ_CACHE}; CPU in ms per request (the API: all its threads, and its ` +
    `main thread alone), statements per request`,
);
const pids = serverPids();
const head = `${'stream'.padEnd(22)} ${'rate/s'.padStart(6)} │ ${'first: API  main    DB  stmts   req/s'.padEnd(40)} │ ${'again: API  main    DB  stmts   req/s'.padEnd(40)} │ bytes`;
console.log(head);
const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const cell = (r) =>
  `${f(r.apiMs).padStart(11)} ${f(r.mainMs).padStart(5)} ${f(r.dbMs).padStart(5)} ${f(r.statements).padStart(6)} ${f(r.perS, 0).padStart(7)}${r.failed ? ` ${r.failed} failed` : ''}`.padEnd(
    40,
  );
let dayApi = 0;
let dayDb = 0;
let dayStatements = 0;
let dayRate = 0;
for (const [index, stream] of STREAMS.entries()) {
  if (process.env.ONLY && !stream.path.includes(process.env.ONLY)) continue;
  const { child, url } = await forkApi({
    DATABASE_URL: dbUrl,
    JWT_SECRET: SECRET,
    NODE_ENV: 'production',
    READ_CACHE,
    GRIEVANCE_SWEEP_MS: '0',
    METRICS_PORT: '0',
  });
  try {
    const callers = callersOf(stream, index);
    // One request first: the process's first answer compiles and connects, which is no caller's cost.
    await request(url + stream.path, { headers: { authorization: token(callers[0]) } }).then((r) => r.body.dump());
    const first = await pass(url, stream.path, callers.slice(1), { ...pids, api: child.pid });
    const again = await pass(url, stream.path, callers.slice(1), { ...pids, api: child.pid });
    console.log(
      `${stream.name.padEnd(22)} ${String(stream.rate).padStart(6)} │ ${cell(first)} │ ${cell(again)} │ ${f(again.bytes, 0)}`,
    );
    // The day's share: a caller's first request and their later ones, weighted as the day has them (school-day.mjs:
    // a student asks each stream a few times a day; counted here as half first, half again).
    dayApi += (stream.rate * (first.apiMs + again.apiMs)) / 2;
    dayDb += (stream.rate * (first.dbMs + again.dbMs)) / 2;
    dayStatements += (stream.rate * (first.statements + again.statements)) / 2;
    dayRate += stream.rate;
  } finally {
    await stopChild(child);
  }
}
console.log(
  `\nthese reads at the day's rates (${dayRate} requests/s, half first, half again): the API ${f(dayApi / 1000)} s of CPU a ` +
    `second, MariaDB ${f(dayDb / 1000)} s, ${f(dayStatements, 0)} statements a second`,
);
await db.end();
