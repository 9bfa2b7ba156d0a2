import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page, type Portal } from '../support/portal';

// A team deploys the student screens on its own: a changed build of mfe-mentee, served from a second origin, switched
// to with `npm run remotes` while the portal runs, rolled back; and a build for other contracts refused by the shell.
// README, "Deploying one remote".

const root = resolve(__dirname, '..', '..');
const shots = join(root, 'test-results', 'screenshots');
const run = promisify(execFile);
const DEFAULT = '/remotes/mfe-mentee/remoteEntry.js';
const NEW_GREETING = 'Hello from the new build, ';

/** `npm run remotes -- …` on the worker's portal's database, as an operator on its machine would run it. */
async function remotes(portal: Portal, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [join(root, 'api', 'dist', 'remotes.cli.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...portal.env },
    timeout: 30_000,
  });
  return stdout;
}

/** Until the portal serves `entry` for mfe_mentee (every instance follows within 10 s). */
async function served(request: APIRequestContext, entry: string) {
  await expect
    .poll(
      async () =>
        ((await (await request.get('/remotes.json')).json()) as Record<string, { entry: string }>).mfe_mentee.entry,
      { timeout: 15_000 },
    )
    .toBe(entry);
}

/** The built mfe-mentee copied to `dir`, with `change` applied to its files' text. */
function copyOfMentee(dir: string, change: (name: string, text: string) => string) {
  cpSync(join(root, 'mfe-mentee', 'dist'), dir, { recursive: true });
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.json'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const changed = change(name, text);
    if (changed !== text) writeFileSync(join(dir, name), changed);
  }
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
};

let cdn: Server;
let cdnUrl: string;
let builds: string;

test.beforeAll(async () => {
  builds = mkdtempSync(join(tmpdir(), 'remote-builds-'));
  // v2: the greeting changed, and its version says so.
  let changed = 0;
  copyOfMentee(join(builds, 'v2'), (name, text) => {
    if (name === 'version.json') return JSON.stringify({ ...JSON.parse(text), version: '2.0.0' });
    if (!text.includes('Hello, {{name}}')) return text;
    changed++;
    return text.replace('Hello, {{name}}', `${NEW_GREETING}{{name}}`);
  });
  expect(changed).toBe(1);
  // other-contracts: built, it says, against contracts this shell does not speak.
  copyOfMentee(join(builds, 'other-contracts'), (name, text) =>
    name === 'version.json' ? JSON.stringify({ ...JSON.parse(text), contractsVersion: '9.0.0' }) : text,
  );
  // A second origin, as a CDN: the folders as they are, with the CORS header the README asks for.
  cdn = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(builds, path);
    if (!file.startsWith(builds + '/')) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'access-control-allow-origin': '*',
        'cache-control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => cdn.listen(0, '127.0.0.1', done));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => cdn.close(done));
  rmSync(builds, { recursive: true, force: true });
});

async function signedInMentee(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('mentee@example.edu');
  await page.getByLabel('Password').fill('Demo@2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens Leaves in this open tab and waits for the page to start afresh there (a mark left on the window is gone). */
async function nextNavigationReloads(page: Page) {
  await page.evaluate(() => Object.assign(window, { openBeforeSwitch: true }));
  const loaded = page.waitForEvent('load', { timeout: 15_000 });
  await page.getByRole('menuitem', { name: 'Leaves' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/leaves$/);
  expect(await page.evaluate(() => 'openBeforeSwitch' in window)).toBe(false);
  await expect(page.getByRole('heading', { name: 'Leave Requests' })).toBeVisible();
}

test('a remote from another origin: switched by the command, followed by an open tab, rolled back; one for other contracts refused in its area only', async ({
  page,
  request,
  portal,
}) => {
  test.setTimeout(150_000);
  const greeting = page.getByRole('heading', { name: /^Hello, / });
  const newGreeting = page.getByRole('heading', { name: new RegExp(`^${NEW_GREETING}`) });
  try {
    await signedInMentee(page);
    await expect(greeting).toBeVisible();

    const v2 = `${cdnUrl}/v2/remoteEntry.js`;
    expect(await remotes(portal, 'set', 'mfe_mentee', v2)).toContain(`mfe_mentee now served from ${v2}`);
    await served(request, v2);
    // No restart: the API that answered before answers now.
    expect((await request.get('/api/health')).ok()).toBe(true);

    // The open tab moves on at its next navigation: the page starts afresh on the new build, never a mix of the two.
    await nextNavigationReloads(page);
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(newGreeting).toBeVisible();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    );
    expect(scripts.filter((s) => s.includes('/remotes/mfe-mentee/'))).toEqual([]);
    expect(scripts).toContain(v2);
    await page.screenshot({ path: join(shots, 'remote-deploy-new-build.png') });

    // Back one step: the portal's own build again, in the same tab at its next navigation.
    expect(await remotes(portal, 'rollback', 'mfe_mentee')).toContain(`now served from ${DEFAULT}`);
    await served(request, DEFAULT);
    await nextNavigationReloads(page);
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(greeting).toBeVisible();
    await expect(newGreeting).toHaveCount(0);

    // A build for other contracts: refused before any of its code runs, with the error panel in its area only.
    const refusals: string[] = [];
    page.on('console', (m) => m.type() === 'error' && m.text().includes('refused') && refusals.push(m.text()));
    const other = `${cdnUrl}/other-contracts/remoteEntry.js`;
    await remotes(portal, 'set', 'mfe_mentee', other);
    await served(request, other);
    const entryAsked = page.waitForRequest((r) => r.url() === other, { timeout: 5_000 }).catch(() => null);
    await page.reload();
    const panel = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(panel).toBeVisible();
    expect(await entryAsked).toBeNull();
    expect(refusals.join('\n')).toContain('built against contracts 9.0.0');
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await page.screenshot({ path: join(shots, 'remote-deploy-refused.png') });
    // The rest of the portal works: the chat is another remote.
    await page.getByRole('menuitem', { name: 'Chat' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    await expect(panel).toHaveCount(0);
  } finally {
    // The worker's later tests find the portal's own build: every deployment of this test rolled back.
    for (let i = 0; i < 5; i++) {
      const out = await remotes(portal, 'rollback', 'mfe_mentee').catch(() => 'nothing');
      if (out === 'nothing') break;
    }
    await served(request, DEFAULT);
  }
});
