// Lighthouse 12.2.3 (pinned in bench/package.json) on the pages issue 40 names, signed in, with its mobile preset
// unmodified (simulated slow 4G, CPU 4× slower; no CPU calibration) or, with PRESET=desktop, its desktop preset.
// Prints per page the median of RUNS runs of the performance score, LCP, total blocking time, CLS and the bytes, with
// the machine's benchmarkIndex (Lighthouse's measure of this CPU); asserts nothing.
// Usage (after npm run build): node bench/lighthouse.mjs     RUNS=5  PRESET=mobile|desktop  ONLY=mentee (pages whose
//   name contains it)  CATEGORIES=performance,accessibility,best-practices,seo  JSON=dir (each run's report there)
//   DETAIL=1 (per page, the last run's long tasks and each script's main-thread time: where the blocking time is)
//
// How: the built portal in a process of its own on SQLite demo data (api-process.mjs); Debian's Chromium in a profile
// of its own with a DevTools port. Each role's token is put where the app keeps it (localStorage 'token') and
// Lighthouse runs with --disable-storage-reset, so the page loads signed in; before every run the HTTP cache, the
// service worker and its caches are cleared here (a cold visit, as Lighthouse's own reset would make it).
/* global caches */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { forkApi, stopChild } from './lib.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const RUNS = Number(process.env.RUNS ?? 5);
const PRESET = process.env.PRESET ?? 'mobile';
const CATEGORIES = (process.env.CATEGORIES ?? 'performance').split(',');
const JSON_DIR = process.env.JSON;
if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });

const PAGES = [
  { name: 'login', path: '/login', role: null },
  { name: 'mentee dashboard', path: '/dashboard', role: 'mentee' },
  { name: 'mentee leaves', path: '/leaves', role: 'mentee' },
  { name: 'mentee grievances', path: '/grievances', role: 'mentee' },
  { name: 'mentee chat', path: '/chat', role: 'mentee' },
  { name: 'mentor dashboard', path: '/dashboard', role: 'mentor' },
  { name: 'mentor attendance', path: '/attendance', role: 'mentor' },
  { name: 'mentor leaves', path: '/leaves', role: 'mentor' },
  { name: 'admin dashboard', path: '/dashboard', role: 'admin' },
  { name: 'admin attendance', path: '/admin/attendance', role: 'admin' },
  { name: 'admin users', path: '/admin/users', role: 'admin' },
  { name: 'guardian dashboard', path: '/dashboard', role: 'guardian' },
].filter((p) => !process.env.ONLY || p.name.includes(process.env.ONLY));

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
/** The median of the runs that gave a figure (Lighthouse now and then scores a run null: it is left out, and shown). */
const median = (xs) => {
  const known = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : NaN;
};

const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const profileDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-profile-'));
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, BENCH_SEED: '1', LOGIN_LIMIT_PER_IP: '1000' };
const { child: api, url } = await forkApi(env);
process.on('exit', () => {
  api.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
});

const port = await freePort();
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = browser.pages()[0] ?? (await browser.newPage());
const cdp = await browser.newCDPSession(page);

/** A cold start for the next run, signed in as `role` (or nobody). */
async function prepare(role) {
  // A file of the portal's origin, not a page: a page would register the service worker again meanwhile.
  await page.goto(`${url}/remotes.json`);
  let token = null;
  if (role) {
    const res = await page.request.post(`${url}/api/auth/login`, {
      data: { email: `${role}@example.edu`, password: 'Demo@2026' },
    });
    token = (await res.json()).token;
  }
  await page.evaluate(async (t) => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
    localStorage.clear();
    if (t) localStorage.setItem('token', t);
  }, token);
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
}

const flags = { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: CATEGORIES };
const config = PRESET === 'desktop' ? desktopConfig : undefined;
const rows = [];
const benchmarkIndex = [];
let lastLhr = null;
const short = (u) => (u ? u.replace(url, '').slice(0, 70) : '(browser)');
/** Where a run's main-thread time went: its long tasks (as Lighthouse simulates them) and each script's share. */
function printDetail(lhr) {
  const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
  console.log(`  long tasks: ${tasks.length}`);
  for (const t of tasks.slice(0, 12))
    console.log(
      `    ${String(Math.round(t.startTime)).padStart(6)} ms  ${String(Math.round(t.duration)).padStart(5)} ms  ${short(t.url)}`,
    );
  const scripts = lhr.audits['bootup-time']?.details?.items ?? [];
  console.log('  main-thread time by script (total / scripting / parse+compile, ms):');
  for (const b of scripts.slice(0, 10))
    console.log(
      `    ${String(Math.round(b.total)).padStart(6)} ${String(Math.round(b.scripting)).padStart(6)} ${String(Math.round(b.scriptParseCompile)).padStart(6)}  ${short(b.url)}`,
    );
  const groups = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  console.log(`  by kind: ${groups.map((g) => `${g.groupLabel} ${Math.round(g.duration)}`).join(', ')}`);
}
for (const p of PAGES) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    await prepare(p.role);
    const result = await lighthouse(`${url}${p.path}`, flags, config);
    const lhr = result.lhr;
    lastLhr = lhr;
    if (JSON_DIR) writeFileSync(join(JSON_DIR, `${p.name.replace(/ /g, '-')}-${i + 1}.json`), result.report);
    benchmarkIndex.push(lhr.environment.benchmarkIndex);
    // A page that sent the browser elsewhere (a sign-in that did not take) measured the wrong page.
    const ended = new URL(lhr.finalDisplayedUrl).pathname;
    if (ended !== p.path) throw new Error(`${p.name}: the page ended at ${ended}, not ${p.path}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      lcp: audit('largest-contentful-paint') / 1000,
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      kb: audit('total-byte-weight') / 1024,
      others: CATEGORIES.filter((c) => c !== 'performance').map(
        (c) => `${c} ${Math.round(lhr.categories[c].score * 100)}`,
      ),
    });
  }
  if (process.env.DETAIL) printDetail(lastLhr);
  const m = (k) => median(runs.map((r) => r[k]));
  rows.push(
    `${p.name.padEnd(20)} score ${String(m('score')).padStart(3)}  LCP ${m('lcp').toFixed(2)} s  TBT ${Math.round(m('tbt'))} ms` +
      `  CLS ${m('cls').toFixed(3)}  ${Math.round(m('kb'))} KB  (scores ${runs.map((r) => r.score).join(', ')})` +
      (runs[0].others.length ? `  ${runs.at(-1).others.join(', ')}` : ''),
  );
  console.log(rows.at(-1));
}
console.log(
  `\nLighthouse 12.2.3, ${PRESET} preset, median of ${RUNS}; benchmarkIndex ${Math.round(median(benchmarkIndex))}` +
    ` (min ${Math.round(Math.min(...benchmarkIndex))}, max ${Math.round(Math.max(...benchmarkIndex))})`,
);
await browser.close();
await stopChild(api);
process.exit(0);
