// What a person waits in the browser: /login and each role's dashboard in Chromium, through the DevTools protocol,
// on a phone profile (CPU slowed 4×, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, 390×844) and a desktop
// profile (no slowdown, 1366×768), each with a cold cache (fresh context, cache cleared, service workers blocked) and a
// warm one (a second tab in the same context, HTTP cache kept). Prints the median of RUNS loads; asserts nothing.
// Usage (after npm run build): node bench/page-load.mjs      RUNS=3  PORT=0 (a free one)  DETAIL=1 (request waterfall)
//   TIMEOUT_S=1100 (the whole run; each single wait has 60 s)  ONLY=mentee (pages whose name contains it)
//   PROFILES=phone (profiles to run: phone,desktop)
//   PROFILE=dir (writes each load's main-thread CPU profile there, from navigation until quiet, as .cpuprofile)
//
// Figures, each from navigation start (the page's performance.timeOrigin):
//   LCP     the last largest-contentful-paint entry (a buffered PerformanceObserver injected before any page script).
//   ready   when the page answers a click: the later of LCP and the end of the last long task (≥ 50 ms) before the
//           page went quiet (2 s with no long task and no request in flight): from then on a click is handled at once.
//           Checked by a real click: the theme switch is clicked through CDP Input (a trusted event) once the page is
//           quiet, and "click" is the time from the input event to the first frame after the page changed theme.
//           (The click comes after the measurements because the browser stops reporting LCP at the first input.)
//   bytes   encoded bytes on the wire (Network.loadingFinished encodedDataLength: gzip as served, headers included),
//           all of it and the JavaScript alone, and the JavaScript's gzip bodies without headers ("JS gz", the figure
//           the goals and bench/frontend-size.mjs count); a warm load counts only what it still transfers (304s, API).
// The dashboards are opened already signed in: the token from POST /api/auth/login is put where the app keeps it
// (localStorage 'token', libs/web-core/src/api.ts) before the page's scripts run, so the measured load is the
// dashboard itself.
// CACHES=cold,warm (the default; add worker): worker is a returning visit with the portal's own service worker
//   (shell/public/sw.js) in charge: a context that allows workers loads the page once, waits until the worker has kept
//   the portal's files and controls the page, and the measured load is a second tab. The worker answers the scripts
//   from its cache (Chromium keeps their compiled code when a worker's install stores them), and it fetches the page's
//   HTML itself, outside the page's network emulation: on a real phone that one request adds a round trip (~0.15 s).
// Functions passed to page.evaluate and addInitScript run in the page.
/* global window, document, addEventListener, MutationObserver, requestAnimationFrame */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const RUNS = Number(process.env.RUNS ?? 3);
const DETAIL = process.env.DETAIL === '1';
const PROFILE = process.env.PROFILE;
if (PROFILE) mkdirSync(PROFILE, { recursive: true });
const QUIET_MS = 2000;
const STEP_TIMEOUT = 60_000; // any single wait (navigation, content, quiet, click)
const TOTAL_TIMEOUT = Number(process.env.TIMEOUT_S ?? 1100) * 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kb = (n) => `${(n / 1024).toFixed(1)}`;

const PROFILES = {
  phone: {
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    cpu: 4,
    // Bytes per second: 1.6 Mbit/s down, 750 kbit/s up (Lighthouse's "slow 4G" class).
    network: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
  },
  desktop: { context: { viewport: { width: 1366, height: 768 } }, cpu: 1, network: null },
};
// What must be on screen before the page counts as shown, and the control a person would click.
const PAGES = [
  {
    name: '/login',
    path: '/login',
    role: null,
    jsGoal: 250 * 1024,
    content: (p) => p.getByRole('button', { name: /sign in/i }),
    control: (p) => p.getByRole('button', { name: /switch to (dark|light) mode/i }),
  },
  ...['admin', 'mentor', 'mentee'].map((role) => ({
    name: `${role} dashboard`,
    path: '/dashboard',
    role,
    jsGoal: 400 * 1024,
    content: (p) => p.getByRole('heading', { level: 1 }).first(), // the remote's dashboard title
    control: (p) => p.getByRole('switch', { name: 'Dark mode' }),
  })),
];
const LCP_GOAL = { cold: 2500, warm: 1000, worker: 1000 };
// cold and warm as above; worker: a returning visit with the portal's service worker in charge (the first load of a
// context of its own installs it and waits until it controls the page; the measured load is a second tab).
const CACHES = (process.env.CACHES ?? 'cold,warm').split(',');
const pages = PAGES.filter((pg) => pg.name.includes(process.env.ONLY ?? ''));
const profiles = Object.entries(PROFILES).filter(([name]) => (process.env.PROFILES ?? 'phone,desktop').includes(name));

// Runs in every page before its own scripts: LCP and long tasks as they happen.
const OBSERVERS = () => {
  window.__bench = { lcp: null, lcpElement: null, longTasks: [], lastLongTaskEnd: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__bench.lcp = e.startTime;
      // What was painted, for the waterfall: the element and the start of its text.
      const el = e.element;
      window.__bench.lcpElement = el
        ? `<${el.tagName.toLowerCase()}${el.className ? ` class="${String(el.className).slice(0, 40)}"` : ''}> ${(el.textContent ?? '').trim().slice(0, 50)}`
        : e.url || null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__bench.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      window.__bench.lastLongTaskEnd = Math.max(window.__bench.lastLongTaskEnd, e.startTime + e.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
};

// ---------- the portal, built, in a process of its own (bench/api-process.mjs) on SQLite demo data ----------
const dataDir = mkdtempSync(join(tmpdir(), 'bench-page-load-'));
const apiEnv = {
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  BENCH_SEED: '1',
  BENCH_API_PORT: process.env.PORT ?? '0',
  LOGIN_LIMIT_PER_IP: '1000',
};
delete apiEnv.DATABASE_URL; // SQLite in DATA_DIR
const api = fork(join(import.meta.dirname, 'api-process.mjs'), [], {
  env: apiEnv,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let browser = null;
// Whatever ends the run (done, failure, Ctrl-C, the overall time limit), the API and its data go with it; Playwright
// closes the browser it launched when this process exits.
process.on('exit', () => {
  api.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
setTimeout(() => {
  console.error(`page-load: gave up after ${TOTAL_TIMEOUT / 1000} s`);
  process.exit(1);
}, TOTAL_TIMEOUT).unref();

const tokens = {}; // role → token, from the API once it is up
const withTimeout = (promise, ms, what) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`timed out: ${what}`)))]);

try {
  const { url: base } = await withTimeout(
    new Promise((resolve, reject) => {
      api.once('message', resolve);
      api.once('exit', (code) => reject(new Error(`API exited (${code})`)));
    }),
    STEP_TIMEOUT,
    'API start',
  );
  for (const role of ['admin', 'mentor', 'mentee']) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${role}@example.edu`, password: 'Demo@2026' }),
      signal: AbortSignal.timeout(STEP_TIMEOUT),
    });
    if (!res.ok) throw new Error(`sign-in of ${role}: ${res.status}`);
    tokens[role] = (await res.json()).token;
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    timeout: STEP_TIMEOUT,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  const results = []; // { page, profile, cache, lcp, ready, click, bytes, js, requests }
  for (let run = 1; run <= RUNS; run++) {
    for (const [profileName, profile] of profiles) {
      for (const pg of pages) {
        const record = (cache, r) => {
          results.push({ page: pg.name, profile: profileName, cache, ...r });
          if (DETAIL && run === 1)
            printWaterfall(
              `${pg.name}, ${profileName}, ${cache}, LCP ${Math.round(r.lcp)} ms: ${r.lcpElement}`,
              r.requests,
            );
        };
        if (CACHES.includes('cold') || CACHES.includes('warm')) {
          await inContext(profile, pg, 'block', async (context) => {
            // A warm load follows a cold one, measured or not.
            const cold = await load(context, profile, pg, `${base}${pg.path}`, 'cold');
            if (CACHES.includes('cold')) record('cold', cold);
            if (CACHES.includes('warm')) record('warm', await load(context, profile, pg, `${base}${pg.path}`, 'warm'));
          });
        }
        if (CACHES.includes('worker')) {
          await inContext(profile, pg, 'allow', async (context) => {
            await load(context, profile, pg, `${base}${pg.path}`, 'install');
            record('worker', await load(context, profile, pg, `${base}${pg.path}`, 'worker'));
          });
        }
      }
    }
    console.log(`run ${run}/${RUNS} done`);
  }
  printTable(results);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (browser) await withTimeout(browser.close(), 10_000, 'browser close').catch(() => {});
  if (api.connected) api.send('stop');
  await Promise.race([new Promise((r) => api.once('exit', r)), sleep(5000)]);
}
process.exit(); // keeps process.exitCode; the 'exit' handler stops the API if it has not stopped

/** A fresh browser context for one page (observers in, the role's token stored), closed after `use`. */
async function inContext(profile, pg, serviceWorkers, use) {
  const context = await browser.newContext({ ...profile.context, serviceWorkers });
  try {
    context.setDefaultTimeout(STEP_TIMEOUT);
    await context.addInitScript(OBSERVERS);
    if (pg.role) await context.addInitScript((token) => localStorage.setItem('token', token), tokens[pg.role]);
    await use(context);
  } finally {
    await context.close();
  }
}

/**
 * One navigation in a new tab of `context`, measured. `cache`: cold clears the cache first; install is a cold load that
 * then waits until the portal's service worker has kept its files and controls the page (nothing measured); warm and
 * worker load with what the context has kept.
 */
async function load(context, profile, pg, url, cache) {
  const cold = cache === 'cold' || cache === 'install';
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (cold) await cdp.send('Network.clearBrowserCache');
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });

    // Every request of the load, for bytes, for "quiet" and for the waterfall. socket.io's long-polling requests stay
    // open by design and are left out of "in flight".
    const requests = new Map();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = Date.now();
      requests.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp, end: null, bytes: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      // What has arrived when the headers are in is the headers (HTTP/1.1 sends them uncompressed).
      if (r) Object.assign(r, { type: e.type, status: e.response.status, headers: e.response.encodedDataLength ?? 0 });
    });
    const finish = (e, failed) => {
      lastActivity = Date.now();
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength ?? 0, failed });
    };
    cdp.on('Network.loadingFinished', (e) => finish(e, false));
    cdp.on('Network.loadingFailed', (e) => finish(e, true));
    const inFlight = () => [...requests.values()].filter((r) => r.end === null && !r.url.includes('/socket.io/'));

    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'commit', timeout: STEP_TIMEOUT });
    await pg.content(page).waitFor({ state: 'visible' });
    if (new URL(page.url()).pathname !== pg.path) throw new Error(`${pg.name}: landed on ${page.url()}`);
    // Quiet: 2 s without a request in flight and without a long task.
    const deadline = Date.now() + STEP_TIMEOUT;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${pg.name}: never quiet (${inFlight().map((r) => r.url)})`);
      await sleep(200);
      if (inFlight().length || Date.now() - lastActivity < QUIET_MS) continue;
      const idleFor = await page.evaluate(() => performance.now() - window.__bench.lastLongTaskEnd);
      if (idleFor >= QUIET_MS) break;
    }
    const { lcp, lcpElement, lastLongTaskEnd, longTasks } = await page.evaluate(() => window.__bench);
    if (cache === 'install') {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: STEP_TIMEOUT });
      // The person leaves the page (the portal keeps a picture of it for the next visit: web-core's lastScreen.ts).
      await page.goto('about:blank');
      return null;
    }
    if (PROFILE) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      const name = `${pg.name.replace(/\W+/g, '-')}-${profile.cpu === 1 ? 'desktop' : 'phone'}-${cache}`;
      writeFileSync(join(PROFILE, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(cpu));
    }

    // The real click, after LCP is read: time from the input event to the first frame showing the other theme.
    const control = pg.control(page);
    await control.waitFor({ state: 'visible' });
    const box = await control.boundingBox();
    await page.evaluate(() => {
      const b = window.__bench;
      const before = document.documentElement.dataset.theme;
      addEventListener('pointerdown', (e) => (b.clickAt ??= e.timeStamp), { capture: true, once: true });
      new MutationObserver((_, obs) => {
        if (document.documentElement.dataset.theme === before) return;
        obs.disconnect();
        // The frame that shows the change: its animation frame, then the task after it (painting is done by then).
        requestAnimationFrame(() => setTimeout(() => (b.shownAt = performance.now())));
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.__bench.shownAt !== undefined, null, { timeout: STEP_TIMEOUT });
    const { clickAt, shownAt } = await page.evaluate(() => window.__bench);

    const all = [...requests.values()].filter((r) => r.end !== null && !r.url.startsWith('data:'));
    const isJs = (r) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url);
    return {
      lcp,
      lcpElement,
      ready: Math.max(lcp ?? 0, lastLongTaskEnd),
      longTasks,
      click: shownAt - clickAt,
      bytes: all.reduce((s, r) => s + r.bytes, 0),
      js: all.filter(isJs).reduce((s, r) => s + r.bytes, 0),
      jsBody: all.filter(isJs).reduce((s, r) => s + r.bytes - (r.headers ?? 0), 0),
      count: all.length,
      requests: all,
    };
  } finally {
    await page.close();
  }
}

function median(xs) {
  const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function printTable(results) {
  const ms = (x) => (x === null ? 'n/a' : `${Math.round(x)} ms`);
  const mark = (ok) => (ok ? 'PASS' : 'MISS');
  console.log(
    `\nPage load in Chromium, median of ${RUNS} (phone: CPU 4× slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, 390×844;` +
      ' desktop: no throttling, 1366×768)',
  );
  console.log(
    `${'page'.padEnd(17)} ${'profile'.padEnd(8)} ${'cache'.padEnd(5)} ${'LCP'.padStart(8)} ${'ready'.padStart(8)}` +
      ` ${'click'.padStart(7)} ${'all KB'.padStart(7)} ${'JS KB'.padStart(7)} ${'JS gz'.padStart(7)} ${'reqs'.padStart(4)}  goals`,
  );
  for (const [profile] of profiles) {
    for (const pg of pages) {
      for (const cache of CACHES) {
        const rows = results.filter((r) => r.page === pg.name && r.profile === profile && r.cache === cache);
        const m = (k) => median(rows.map((r) => r[k]));
        const lcp = m('lcp');
        const goals = [];
        if (profile === 'phone')
          goals.push(`LCP ≤ ${LCP_GOAL[cache] / 1000} s ${mark(lcp !== null && lcp <= LCP_GOAL[cache])}`);
        if (cache === 'cold') goals.push(`JS ≤ ${pg.jsGoal / 1024} KB ${mark(m('jsBody') <= pg.jsGoal)}`);
        console.log(
          `${pg.name.padEnd(17)} ${profile.padEnd(8)} ${cache.padEnd(5)} ${ms(lcp).padStart(8)} ${ms(m('ready')).padStart(8)}` +
            ` ${ms(m('click')).padStart(7)} ${kb(m('bytes')).padStart(7)} ${kb(m('js')).padStart(7)} ${kb(m('jsBody')).padStart(7)}` +
            ` ${String(m('count')).padStart(4)}  ${goals.join(', ')}`,
        );
      }
    }
  }
}

/** Each request of one load in the order sent: when it started and ended (ms after the first), bytes, URL. */
function printWaterfall(label, requests) {
  const t0 = Math.min(...requests.map((r) => r.start));
  console.log(`\n  ${label}: ${requests.length} requests`);
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    const path = new URL(r.url).pathname;
    console.log(
      `    ${String(Math.round((r.start - t0) * 1000)).padStart(6)} → ${String(Math.round((r.end - t0) * 1000)).padStart(6)} ms` +
        ` ${kb(r.bytes).padStart(7)} KB  ${String(r.status ?? '').padEnd(3)} ${(r.type ?? '').padEnd(10)} ${path}`,
    );
  }
}
