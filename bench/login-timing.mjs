// Sign-in answers for an unknown e-mail and for a wrong password must not be told apart, by body or by time.
// Prints the median and p90 of each; asserts nothing. Usage: node bench/login-timing.mjs
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const dist = join(import.meta.dirname, '..', 'api', 'dist');
const { loadConfig } = require(join(dist, 'config/app-config.js'));
const { createApp } = require(join(dist, 'create-app.js'));
const { seedDemo } = require(join(dist, 'database/seed/demo-seed.js'));
const { DataSource } = require('typeorm');

const dir = mkdtempSync(join(tmpdir(), 'bench-login-'));
const app = await createApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    WEB_DIR: dir,
    SEED_DEMO: 'false',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOG_LEVEL: 'error',
  }),
);
await app.listen({ port: 0, host: '127.0.0.1' });
await seedDemo(app.get(DataSource));
const url = `${await app.getUrl()}/api/auth/login`;
const attempt = async (email) => {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'not-the-password' }),
  });
  return { ms: performance.now() - t0, status: res.status, body: await res.text() };
};
const N = Number(process.env.N ?? 40);
const known = [];
const unknown = [];
for (let i = 0; i < N; i++) {
  known.push(await attempt('mentor@example.edu'));
  unknown.push(await attempt(`nobody${i}@example.edu`));
}
const stats = (xs) => {
  const s = xs.map((x) => x.ms).sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, p90 ${s[Math.floor(s.length * 0.9)].toFixed(1)} ms`;
};
console.log(`sign-in refusals, ${N} each`);
console.log(`  wrong password: ${stats(known)}  (status ${known[0].status})`);
console.log(`  unknown e-mail: ${stats(unknown)}  (status ${unknown[0].status})`);
console.log(`  same body: ${known[0].body === unknown[0].body}`);
await app.close();
