// The SQL statements each of the school day's busy requests issues (school-day.mjs), counted one request at a time
// after a warm-up (a kept read's first answer is computed then: READ_CACHE=off counts the statements of a miss).
// Usage: node bench/statements-per-request.mjs   over the scale seed (portal_scale, scale-seed.mjs) on MariaDB;
//   SQL=300 prints each statement (its first 300 characters); ONLY=dashboard keeps the paths containing it;
//   API_DIST as in api-process.mjs. Starts the API in this process on port 5211 (metrics 5253).
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { benchSession, insertSessions } from './lib.mjs';
const dist = process.env.API_DIST ?? join(import.meta.dirname, '..', 'api', 'dist');
const require = createRequire(join(dist, 'main.js'));
const { loadConfig } = require(join(dist, 'config/app-config.js'));
const { createApp } = require(join(dist, 'create-app.js'));
const { DataSource } = require('typeorm');
const jwt = require('jsonwebtoken');
const mysql = require('mysql2/promise');
const SECRET = 'bench-secret-bench-secret-bench-secret-123';
const app = await createApp(
  loadConfig({
    LOG_LEVEL: 'error',
    DATABASE_URL: 'mariadb://root@127.0.0.1:3306/portal_scale',
    JWT_SECRET: SECRET,
    NODE_ENV: 'production',
    GRIEVANCE_SWEEP_MS: '0',
    METRICS_PORT: '5253',
    ...process.env,
  }),
);
await app.listen({ port: 5211, host: '127.0.0.1' });
const ds = app.get(DataSource);
// Every connection the pool hands out records the statements sent on it.
let log = [];
const orig = ds.driver.pool.getConnection.bind(ds.driver.pool);
ds.driver.pool.getConnection = (cb) =>
  orig((err, c) => {
    if (c && !c.__counted) {
      c.__counted = true;
      const q = c.query;
      c.query = function (sql, ...rest) {
        log.push(typeof sql === 'string' ? sql : sql.sql);
        return q.call(this, sql, ...rest);
      };
    }
    cb(err, c);
  });
const db = await mysql.createConnection('mysql://root@127.0.0.1:3306/portal_scale');
const one = async (sql) => (await db.query(sql))[0][0];
const mentee = await one(
  `SELECT id, tokenVersion ver FROM users WHERE role='mentee' AND email LIKE '%@scale.example.edu' LIMIT 1`,
);
const admin = await one(`SELECT id, tokenVersion ver FROM users WHERE email='admin@example.edu'`);
const mentor = await one(
  `SELECT id, tokenVersion ver FROM users WHERE role='mentor' AND email LIKE '%@scale.example.edu' LIMIT 1`,
);
const sessions = new Map(
  [
    [mentee, 'mentee'],
    [admin, 'admin'],
    [mentor, 'mentor'],
  ].map(([u, role]) => [role, benchSession(jwt, SECRET, { ...u, role }, '1h')]),
);
await insertSessions(
  db,
  [...sessions.values()].map((s) => s.row),
);
const tok = (_u, role) => `Bearer ${sessions.get(role).token}`;
const only = process.env.ONLY;
const paths = [
  ['mentee', '/api/mentees/dashboard'],
  ['mentee', '/api/notifications/unread-count'],
  ['mentor', '/api/mentors/dashboard'],
  ['mentee', '/api/announcements'],
  ['mentee', '/api/notifications?limit=20'],
  ['mentee', '/api/leaves/mentee'],
  ['mentee', '/api/grievances/mentee'],
  ['mentor', '/api/leaves/mentor'],
  ['mentor', '/api/grievances/mentor'],
  ['mentee', '/api/messages/conversations'],
  ['admin', '/api/admin/dashboard'],
  ['admin', '/api/leaves/admin?status=pending'],
];
const url = 'http://127.0.0.1:5211';
for (const [who, p] of paths) {
  if (only && !p.includes(only)) continue;
  const h = { authorization: tok(who === 'mentee' ? mentee : who === 'admin' ? admin : mentor, who) };
  await fetch(url + p, { headers: h }).then((r) => r.text());
  log = [];
  const t = performance.now();
  const r = await fetch(url + p, { headers: h });
  const body = await r.text();
  const ms = performance.now() - t;
  if (process.env.DUMP)
    (await import('node:fs')).writeFileSync(`${process.env.DUMP}/${p.replace(/\W+/g, '_')}.json`, body);
  console.log(
    `\n${p} ${r.status} ${body.length} B sha1 ${createHash('sha1').update(body).digest('hex').slice(0, 10)} ${ms.toFixed(1)} ms: ${log.length} statements`,
  );
  if (process.env.SQL)
    for (const s of log) console.log('   ', s.replace(/\s+/g, ' ').slice(0, Number(process.env.SQL)));
}
await db.end();
await app.close();
process.exit(0);
