// What the browser downloads: gzip size of each app's initial JS, and of all JS fetched for /login and each role's
// dashboard in Chromium, plus whether a mentee ever requests mfe-admin. Prints figures; asserts nothing.
// Usage (after npm run build): node bench/frontend-size.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const root = join(import.meta.dirname, '..');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

console.log('Initial JS of each app (gzip):');
const shellHtml = readFileSync(join(root, 'shell/dist/index.html'), 'utf8');
const shellInitial = [...shellHtml.matchAll(/src="\/?([^"]+\.js)"/g)].map((m) => m[1]);
console.log(`  shell      ${kb(shellInitial.reduce((s, f) => s + gz(readFileSync(join(root, 'shell/dist', f))), 0))}  (${shellInitial.join(', ')})`);
for (const app of ['mfe-admin', 'mfe-mentor', 'mfe-mentee', 'mfe-chat']) {
  const files = readdirSync(join(root, app, 'dist')).filter((f) => f.endsWith('.js'));
  const total = files.reduce((s, f) => s + gz(readFileSync(join(root, app, 'dist', f))), 0);
  console.log(`  ${app.padEnd(10)} remoteEntry ${kb(gz(readFileSync(join(root, app, 'dist/remoteEntry.js'))))}, all chunks ${kb(total)}`);
}

const port = 4900 + Math.floor(Math.random() * 90);
const env = { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-fe-')), NODE_ENV: 'test', SEED_DEMO: 'true', LOGIN_LIMIT_PER_IP: '1000' };
delete env.DATABASE_URL;
const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
// The server is stopped however the run ends (a failed launch must not leave it holding the port).
process.on('exit', () => server.kill('SIGTERM'));
await new Promise((resolve) => server.stdout.on('data', (d) => d.toString().includes('running at') && resolve()));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const base = `http://127.0.0.1:${port}`;

async function measure(label, run) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const seen = [];
  let last = Date.now();
  page.on('request', () => { last = Date.now(); });
  page.on('response', async (res) => {
    last = Date.now();
    if (!res.url().endsWith('.js')) return;
    try { seen.push({ url: res.url(), body: await res.body() }); } catch { /* navigation */ }
  });
  await run(page);
  // Client-side navigation does not reset Playwright's load states: wait until nothing was requested for a second.
  await page.waitForLoadState('networkidle');
  while (Date.now() - last < 1000) await page.waitForTimeout(200);
  const raw = seen.reduce((s, r) => s + r.body.length, 0);
  const zipped = seen.reduce((s, r) => s + gz(r.body), 0);
  const admin = seen.filter((r) => r.url.includes('mfe-admin')).reduce((s, r) => s + r.body.length, 0);
  console.log(`  ${label.padEnd(18)} ${String(seen.length).padStart(3)} files, ${kb(zipped)} gzip (${kb(raw)} raw)${label.startsWith('mentee') ? `, mfe-admin bytes: ${admin}` : ''}`);
  await ctx.close();
}
const signIn = (email) => async (page) => {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo@2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 3 }).first().waitFor(); // the dashboard's title
};
console.log('\nJavaScript downloaded by Chromium (goal: /login ≤ 250 KB gzip, each dashboard ≤ 400 KB gzip, mentee → 0 bytes of mfe-admin):');
await measure('/login', (page) => page.goto(`${base}/login`));
for (const role of ['admin', 'mentor', 'mentee']) await measure(`${role} dashboard`, signIn(`${role}@example.edu`));
await browser.close();
