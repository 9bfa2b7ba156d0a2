// Saving one day of attendance for 5,000 students: one POST, one transaction. Prints figures; asserts nothing.
// Usage: node bench/attendance-save.mjs [mysql://root@127.0.0.1:3306]   (default: MariaDB on this machine; "sqlite" for the embedded file)
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const dist = join(import.meta.dirname, '..', 'api', 'dist');
const { loadConfig } = require(join(dist, 'config/app-config.js'));
const { createApp } = require(join(dist, 'create-app.js'));
const { seedDemo } = require(join(dist, 'database/seed/demo-seed.js'));
const { bulkInsert } = require(join(dist, 'database/bulk-insert.js'));
const { User } = require(join(dist, 'users/entities/user.entity.js'));
const { MenteeProfile } = require(join(dist, 'users/entities/mentee-profile.entity.js'));
const mysql = require('mysql2/promise');
const { DataSource } = require('typeorm');

const STUDENTS = Number(process.env.STUDENTS ?? 5000);
const target = process.argv[2] ?? 'mysql://root@127.0.0.1:3306';
const dir = mkdtempSync(join(tmpdir(), 'bench-att-'));
const env = { NODE_ENV: 'test', DATA_DIR: dir, SEED_DEMO: 'false', WEB_DIR: dir, LOGIN_LIMIT_PER_IP: '100000' };
let drop = async () => {};
if (target !== 'sqlite') {
  const name = `portal_bench_${Date.now()}`;
  const c = await mysql.createConnection(target);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  env.DATABASE_URL = `${target.replace(/^mysql:/, 'mariadb:')}/${name}`;
  env.JWT_SECRET = 'bench-secret-bench-secret-bench-secret-123';
  drop = async () => {
    const d = await mysql.createConnection(target);
    await d.query(`DROP DATABASE \`${name}\``);
    await d.end();
  };
}
const app = await createApp(loadConfig({ LOG_LEVEL: 'error', ...env }));
await app.listen({ port: 0, host: '127.0.0.1' });
const url = await app.getUrl();
const db = app.get(DataSource);
await seedDemo(db);
const hash = (
  await db
    .getRepository(User)
    .createQueryBuilder('u')
    .addSelect('u.passwordHash')
    .where({ email: 'admin@example.edu' })
    .getOne()
).passwordHash;
const ids = Array.from({ length: STUDENTS }, () => randomUUID());
await db.transaction(async (tx) => {
  await bulkInsert(
    tx,
    User,
    ids.map((id, i) => ({
      id,
      email: `bench${i}@example.edu`,
      fullName: `Bench Student ${i}`,
      phone: '',
      passwordHash: hash,
      role: 'mentee',
      isActive: true,
      tokenVersion: 0,
    })),
    1000,
  );
  await bulkInsert(
    tx,
    MenteeProfile,
    ids.map((id, i) => ({
      id,
      studentId: `B-${i}`,
      className: String(9 + (i % 4)),
      section: 'A',
      academicYear: '',
      dateOfBirth: null,
      address: '',
      bloodGroup: null,
      medicalConditions: '',
      hobbies: [],
      parentInfo: {},
      mentorId: null,
    })),
    1000,
  );
});
const login = await (
  await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.edu', password: 'Demo@2026' }),
  })
).json();
const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.token}` };

const save = async (date, status) => {
  const body = JSON.stringify({
    date,
    attendanceData: Object.fromEntries(
      ids.map((id, i) => [id, { [date]: typeof status === 'function' ? status(i) : status }]),
    ),
  });
  const t0 = performance.now();
  const res = await fetch(`${url}/api/admin/attendance`, { method: 'POST', headers, body });
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`save failed: ${res.status} ${await res.text()}`);
  return ms;
};
const day = (n) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
const runs = [];
// Five school days (the API refuses Sundays).
const days = [];
for (let n = 300; days.length < 5; n++) if (new Date(day(n)).getUTCDay() !== 0) days.push(day(n));
for (const d of days) runs.push(await save(d, (k) => (k % 7 ? 'present' : 'absent')));
const resave = await save(days[0], 'absent');
const t0 = performance.now();
const view = await fetch(
  `${url}/api/admin/attendance?month=${new Date(days[0]).getUTCMonth() + 1}&year=${new Date(days[0]).getUTCFullYear()}`,
  { headers },
);
const monthMs = performance.now() - t0;
await view.json();
runs.sort((a, b) => a - b);
console.log(`attendance save, ${STUDENTS} students, one day, ${target === 'sqlite' ? 'SQLite' : 'MariaDB'}`);
console.log(
  `  new day:   median ${runs[2].toFixed(0)} ms, best ${runs[0].toFixed(0)} ms, worst ${runs[4].toFixed(0)} ms (goal ≤ 1000 ms)`,
);
console.log(`  re-save:   ${resave.toFixed(0)} ms (updates, no new rows)`);
console.log(`  month view of ${STUDENTS + 40} students: ${monthMs.toFixed(0)} ms`);
await app.close();
await drop();
