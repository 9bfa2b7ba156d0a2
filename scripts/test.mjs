#!/usr/bin/env node
// The one test command (npm test): builds, runs every jest project, the API end-to-end suite on SQLite and on
// MariaDB, and the browser tests in Chromium. REQUIRE_MYSQL=1 / REQUIRE_BROWSER=1 turn a missing MariaDB or
// Chromium into a failure instead of a notice. Ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.CI ? '0' : '1' };
let passed = 0;
let failed = 0;
const problems = [];

const phases = [];

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${label} ===`);
  const began = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  phases.push(`${String(Math.round((Date.now() - began) / 1000)).padStart(5)} s  ${label}`);
  if (res.status !== 0) problems.push(`${label} (exit ${res.status})`);
  return res.status === 0;
}

/**
 * Runs `jobs` two at a time (the machine's two cores), each line of output prefixed with the job's name; answers
 * each job's exit code, in order. A job is one command, or `steps`: commands run one after another in its lane.
 */
async function runTogether(label, jobs, width = 2) {
  console.log(`\n=== ${label} ===`);
  const began = Date.now();
  const codes = [];
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const i = next++;
      const { name, steps = [jobs[i]] } = jobs[i];
      codes[i] = 0;
      for (const { cmd, args, extraEnv = {} } of steps) {
        const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
        for (const stream of [child.stdout, child.stderr])
          createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
        const code = await new Promise((resolve) => child.once('close', resolve));
        if (code !== 0) {
          codes[i] = code;
          problems.push(`${label}: ${name} (exit ${code})`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane));
  phases.push(`${String(Math.round((Date.now() - began) / 1000)).padStart(5)} s  ${label}`);
  return codes;
}

/** The failed tests by name with their message's first lines: printed again at the end, where CI's tail shows them. */
const failures = [];
const firstLines = (text = '') =>
  stripVTControlCharacters(text)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(0, 6)
    .map((l) => `    ${l}`)
    .join('\n');

function countJest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  for (const suite of r.testResults ?? []) {
    const bad = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of bad) failures.push(`${a.fullName}\n${firstLines(a.failureMessages?.join('\n'))}`);
    if (!bad.length && suite.status === 'failed') failures.push(`${suite.name}\n${firstLines(suite.message)}`);
  }
}

/** Playwright's JSON report: every test whose last try did not end as expected. */
function playwrightFailures(suite, file = '') {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      if (t.status !== 'expected' && t.status !== 'skipped') {
        const last = t.results?.at(-1);
        failures.push(`${file || spec.file}: ${spec.title}\n${firstLines(last?.error?.message)}`);
      }
  for (const child of suite.suites ?? []) playwrightFailures(child, file || suite.file);
}

const reachable = (host, port) =>
  new Promise((resolve) => {
    const s = createConnection({ host, port, timeout: 2000 });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });

const jestBin = join(root, 'node_modules/.bin/jest');

if (!run('build', 'npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'])) {
  console.log('\nBuild failed: tests not run.\n0 passed, 1 failed');
  process.exit(1);
}

// The bundlers strip types without checking them: check every project, tests included. The front-end projects share
// their compiler options, so they are one program (tsconfig.web.json): each library is checked once, not once per
// remote that imports it. Lint and formatting: zero findings. The API reference the build wrote: Redocly's lint (no
// warning) and a client generated from it that compiles (scripts/openapi-check.mjs). Seven jobs, two at a time.
const tsc = join(root, 'node_modules/.bin/tsc');
const checks = await runTogether('typecheck, lint and format', [
  { name: 'tsc web', cmd: tsc, args: ['-p', 'tsconfig.web.json'] },
  { name: 'eslint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'tsc api', cmd: tsc, args: ['-p', 'api/tsconfig.json', '--noEmit'] },
  { name: 'tsc e2e', cmd: tsc, args: ['-p', 'e2e/tsconfig.json', '--noEmit'] },
  { name: 'tsc contracts', cmd: tsc, args: ['-p', 'libs/contracts/tsconfig.json', '--noEmit'] },
  { name: 'prettier', cmd: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'openapi', cmd: process.execPath, args: [join(root, 'scripts/openapi-check.mjs')] },
]);
failed += checks.filter((code) => code !== 0).length;

// Front-end component tests: every project (the libraries, the shell, the remotes and the build's tools) in one jest run,
// with its own config each, on two workers: one start instead of one per project, and both cores busy (jsdom tests use
// no database).
const webProjects = [
  ...readdirSync(join(root, 'libs')).map((l) => `libs/${l}`),
  'shell',
  'mfe-admin',
  'mfe-mentor',
  'mfe-mentee',
  'mfe-guardian',
  'mfe-chat',
  // The build's own plugins, checked on the dist folders the build above wrote.
  'tools',
].filter((project) => existsSync(join(root, project, 'jest.config.cjs')));
// The API specs: every one on SQLite, the engine-sensitive ones (api/test/both-engines.json, kept honest by
// api/src/database/both-engines.spec.ts) on MariaDB too. Each spec file has its own database, so files run in two lanes
// at once. Run alone, one after another, each in a module registry of its own: those that share the machine's Redis
// (its pub/sub channels are global across databases), start and stop servers of their own, or read the request log
// (nestjs-pino keeps one root logger per module registry: the first application's destination).
const ALONE =
  /(notifications-redis|read-cache|scale-out|token-users|observability|admin-cli)\.e2e-spec\.ts$|\.fault-spec\.ts$/;
const apiTests = readdirSync(join(root, 'api/test')).filter((f) => /\.(e2e|fault)-spec\.ts$/.test(f));
const apiUnits = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? apiUnits(join(dir, e.name)) : e.name.endsWith('.spec.ts') ? [join(dir, e.name)] : [],
  );
const bothEngines = JSON.parse(readFileSync(join(root, 'api/test/both-engines.json'), 'utf8')).specs;

/**
 * Splits `files` into `count` lists of about equal length in bytes (a spec's time follows its length closely enough),
 * longest first, each to the shortest list so far.
 */
function balance(files, count) {
  const lanes = Array.from({ length: count }, () => ({ bytes: 0, files: [] }));
  const sized = files.map((file) => ({ file, bytes: statSync(file).size })).sort((a, b) => b.bytes - a.bytes);
  for (const { file, bytes } of sized) {
    const lane = lanes.reduce((min, l) => (l.bytes < min.bytes ? l : min));
    lane.bytes += bytes;
    lane.files.push(file);
  }
  return lanes.map((lane) => lane.files.sort()).filter((list) => list.length);
}

// The API's modules take longer to load than most spec files take to run: each lane is one jest process running its
// share of the spec files as one test file (api/test/support/specs.bundle.ts), so they load once per lane.
const bundle = join(root, 'api/test/support/specs.bundle.ts');
const bundleJob = (name, env, files, file) => ({
  name,
  cmd: jestBin,
  args: ['-c', 'api/jest.config.cjs', '--runInBand', '--json', `--outputFile=${file}`, '--runTestsByPath', bundle],
  extraEnv: { ...env, API_SPECS: files.join(',') },
});

/** One API pass's lanes over these files (those that must run alone excepted): `width` at once. SQLite lanes wait on
 * the disk now and then, so three keep two cores busier than two; MariaDB does the waiting itself, and a third lane
 * there gained nothing (bench/README.md, *npm test*). */
async function apiLanes(label, env, files, width) {
  const lanes = balance(
    files.filter((f) => !ALONE.test(f)),
    width,
  );
  const outputs = lanes.map((_, i) => join(out, `jest-api-${env.TEST_DB}-lane-${i + 1}.json`));
  await runTogether(
    `${label} (${lanes.length} lanes)`,
    lanes.map((list, i) => bundleJob(`lane ${i + 1}`, env, list, outputs[i])),
    lanes.length,
  );
  outputs.forEach(countJest);
}

/** The specs of these files that must run alone: one jest process, one file at a time. */
function aloneStep(env, files) {
  const file = join(out, `jest-api-${env.TEST_DB}-alone.json`);
  const alone = files.filter((f) => ALONE.test(f));
  const args = ['-c', 'api/jest.config.cjs', '--runInBand', '--json', `--outputFile=${file}`, '--runTestsByPath'];
  return alone.length ? { file, step: { cmd: jestBin, args: [...args, ...alone], extraEnv: env } } : null;
}

const sqlite = {
  env: { TEST_DB: 'sqlite' },
  files: [
    ...apiUnits(join(root, 'api/src')),
    ...apiTests.filter((f) => !f.endsWith('.fault-spec.ts')).map((f) => join(root, 'api/test', f)),
  ],
};
const mysqlUrl = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const { hostname, port } = new URL(mysqlUrl);
const mysql = (await reachable(hostname, Number(port || 3306)))
  ? {
      env: { TEST_DB: 'mysql', TEST_MYSQL_URL: mysqlUrl, FAULT_TESTS: '1' },
      files: bothEngines.map((f) => join(root, 'api/test', f)),
    }
  : null;
if (!mysql && process.env.REQUIRE_MYSQL === '1') {
  problems.push(`MariaDB/MySQL not reachable at ${hostname}:${port || 3306} and REQUIRE_MYSQL=1`);
  failed += 1;
} else if (!mysql) {
  console.log(
    `\nNote: no MariaDB/MySQL at ${hostname}:${port || 3306}; the MySQL pass was not run (REQUIRE_MYSQL=1 makes this an error).`,
  );
}

// The component tests, and beside them the API specs that must run alone (SQLite's, then MariaDB's, one at a time):
// those mostly wait on servers they start and stop, on timers and on Redis, and jsdom shares none of it. Run after
// the component tests, they cost the run three quarters of a minute (bench/README.md, *npm test*).
const webFile = join(out, 'jest-web.json');
const alone = [aloneStep(sqlite.env, sqlite.files), mysql && aloneStep(mysql.env, mysql.files)].filter(Boolean);
await runTogether('unit: libraries, shell and remotes; beside them the API specs that run alone', [
  {
    name: 'web',
    cmd: jestBin,
    args: [
      '--projects',
      ...webProjects.map((project) => `${project}/jest.config.cjs`),
      '--maxWorkers=2',
      '--json',
      `--outputFile=${webFile}`,
    ],
  },
  { name: 'api alone', steps: alone.map((a) => a.step) },
]);
countJest(webFile);
alone.forEach((a) => countJest(a.file));

await apiLanes('api: unit + end-to-end on SQLite', sqlite.env, sqlite.files, 3);
if (mysql) await apiLanes('api: engine-sensitive end-to-end on MariaDB/MySQL', mysql.env, mysql.files, 2);

// Chromium's headless shell first: the browser tests need no window, and the full browser's hidden interface cost a
// quarter of their time (bench/README.md).
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
if (chromium && existsSync(chromium)) {
  // Two workers, each with its own portal and database (e2e/support/portal.ts): the browser tests mostly wait on
  // rendering and the network, so two share the machine's two cores (figures in bench/README.md).
  const file = join(out, 'playwright.json');
  run('browser: Playwright in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const stats = report.stats ?? {};
    (report.suites ?? []).forEach((suite) => playwrightFailures(suite));
    passed += stats.expected ?? 0;
    failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  } else failed += 1;
} else if (process.env.REQUIRE_BROWSER === '1') {
  problems.push(
    'Chromium not found (/usr/bin/chromium-headless-shell, /usr/bin/chromium or CHROMIUM_PATH) and REQUIRE_BROWSER=1',
  );
  failed += 1;
} else {
  console.log('\nNote: Chromium not found; browser tests were not run (REQUIRE_BROWSER=1 makes this an error).');
}

console.log(`\nTime per phase:\n${phases.join('\n')}`);
if (failures.length) console.log(`\nFailed:\n- ${failures.slice(0, 20).join('\n- ')}`);
if (problems.length) console.log(`\nProblems:\n- ${problems.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
