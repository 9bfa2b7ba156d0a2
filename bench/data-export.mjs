// A student's data export with a year of data: how long the JSON and the PDF take to answer (the goal: within 10 s).
// The API in a process of its own on the embedded database, the demo school seeded, then a school year of the demo
// student's attendance, 300 chat messages and 10 grievances added through the API. Prints figures; asserts nothing.
// Usage: node bench/data-export.mjs   RUNS=5
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkApi, stopChild } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
const { child: api, url: base } = await forkApi({
  DATA_DIR: dir,
  BENCH_SEED: '1',
  SEED_DEMO: 'false',
  NODE_ENV: 'production',
  // The demo admin signs in with a password alone: production's second factor is not what this measures.
  ADMIN_MFA: 'off',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
  LOGIN_LIMIT_PER_IP: '100000',
});
const call = async (method, path, auth, body) => {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: body && JSON.stringify(body),
  });
  return { status: res.status, body: await res.arrayBuffer() };
};
const json = (r) => JSON.parse(Buffer.from(r.body).toString());
const login = async (email) =>
  `Bearer ${json(await call('POST', '/api/auth/login', null, { email, password: 'Demo@2026' })).token}`;
const [admin, student] = [await login('admin@example.edu'), await login('mentee@example.edu')];
const me = json(await call('GET', '/api/auth/me', student)).user;
const mentor = json(await call('GET', '/api/auth/me', await login('mentor@example.edu'))).user;

// A school year of the student's register (days that are not school days are refused, and skipped).
let marked = 0;
for (let d = 1; d <= 365; d++) {
  const day = new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  const status = d % 17 === 0 ? 'absent' : d % 11 === 0 ? 'late' : 'present';
  const r = await call('POST', '/api/admin/attendance', admin, {
    date: day,
    attendanceData: { [me._id]: { [day]: status } },
  });
  if (r.status === 201) marked++;
}
for (let i = 0; i < 300; i++)
  await call('POST', '/api/messages', student, {
    conversationType: 'individual',
    conversationId: mentor._id,
    content: `Message ${i}: a question about the homework for this week, with a few words more to make it a real line.`,
  });
for (let i = 0; i < 10; i++)
  await call('POST', '/api/grievances', student, {
    name: me.fullName,
    email: me.email,
    rollNo: 'STU-2026001',
    subject: `Concern ${i}`,
    grievanceType: 'other',
    description: 'A description of the concern, long enough to be a real one, with some detail about what happened.',
    dateOfIncident: new Date().toISOString().slice(0, 10),
  });

const time = async (path) => {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = await call('GET', path, student);
    ms.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
    bytes = r.body.byteLength;
  }
  ms.sort((a, b) => a - b);
  const f = (x) => `${Math.round(x)} ms`;
  console.log(
    `${path}: min ${f(ms[0])}, median ${f(ms[Math.floor(ms.length / 2)])}, max ${f(ms.at(-1))}; ${Math.round(bytes / 1024)} KB`,
  );
};
console.log(
  `A year of data: ${marked} register days, 300 messages, 10 grievances (embedded SQLite, ${RUNS} runs each)`,
);
await time('/api/me/data-export');
await time('/api/me/data-export/pdf');
await stopChild(api);
rmSync(dir, { recursive: true, force: true });
