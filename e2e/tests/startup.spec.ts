import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { watchConsole } from '../support/console';

// What a page asks for before its first screen (issue 23, bench/page-load.mjs): the shell's startup chunks are named in
// index.html (preload hints written by the build), a stored session is checked from index.html, and none of it trips
// the Content-Security-Policy.

/** Paths of the scripts the page fetched so far, in order. */
const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );

const preloads = (page: Page) =>
  page.$$eval('link[rel="preload"][as="script"]', (links) =>
    links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
  );

test("the sign-in page's startup chunks are preloaded from index.html, each used, none missing", async ({ page }) => {
  const problems = await watchConsole(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  const hinted = await preloads(page);
  // The bootstrap's chunks and the shared modules the sign-in page consumes, antd's core among them.
  expect(hinted.length).toBeGreaterThan(5);
  expect(hinted.some((p) => /^\/antd-core\.[0-9a-f]+\.js$/.test(p))).toBe(true);
  expect(hinted.every((p) => /^\/[\w-]+\.[0-9a-f]{10}\.js$/.test(p))).toBe(true);
  // Every script the first screen needed was named in the page (or is the entry itself), so none waited for main.js.
  const fetched = await scriptsFetched(page);
  const unhinted = fetched.filter((p) => !hinted.includes(p) && !/^\/main\.[0-9a-f]+\.js$/.test(p));
  expect(unhinted).toEqual([]);
  // Every hint was used: Chromium warns of a preload not used within a few seconds of the load event.
  await page.waitForTimeout(4000);
  expect(fetched.filter((p) => hinted.includes(p)).sort()).toEqual([...hinted].sort());
  expect(problems).toEqual([]);
});

/** Puts a token where the app keeps it, before the first page's scripts run (once: a later page keeps what it left). */
const storeToken = (page: Page, token: string) =>
  page.addInitScript((t) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('token', t);
  }, token);

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: 'Demo@2026' } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

test('a stored session is checked once, from index.html, and opens the dashboard', async ({ page, request }) => {
  const token = await tokenOf(request, 'mentor@example.edu');
  const problems = await watchConsole(page);
  await storeToken(page, token);
  const asked: string[] = [];
  const events: string[] = [];
  page.on('request', (r) => {
    asked.push(new URL(r.url()).pathname);
    events.push(`asked ${new URL(r.url()).pathname}`);
  });
  page.on('requestfinished', (r) => events.push(`done ${new URL(r.url()).pathname}`));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('followup-queue')).toBeVisible();
  expect(asked.filter((p) => p === '/api/auth/me')).toHaveLength(1);
  // Asked before the app's code had run: ahead of the first chunk main.js itself loads (the mentor remote's entry).
  expect(asked.indexOf('/api/auth/me')).toBeLessThan(asked.indexOf('/remotes/mfe-mentor/remoteEntry.js'));
  // The dashboard's reads (its route manifest's `reads`) were started with its code, once each: the page took the
  // answers under way instead of asking again.
  for (const read of ['/api/mentors/dashboard', '/api/followup/contacts', '/api/followup/queue'])
    expect(asked.filter((p) => p === read)).toHaveLength(1);
  expect(asked.indexOf('/api/mentors/dashboard')).toBeLessThan(asked.indexOf('/remotes/mfe-mentor/remoteEntry.js'));
  // The routes module's and the page's scripts (the build lists them in the route manifest) were hinted with the entry:
  // the page's were asked for before the routes module, which imports them, had even arrived; each once.
  const remotes = await (await request.get('/remotes.json')).json();
  const manifest = remotes.mfe_mentor.routes as { chunks: string[]; routes: { path: string; chunks?: string[] }[] };
  const pageChunks = manifest.routes.find((r) => r.path === '/dashboard')!.chunks!;
  expect(pageChunks.length).toBeGreaterThan(0);
  const file = (f: string) => `/remotes/mfe-mentor/${f}`;
  for (const f of [...manifest.chunks, ...pageChunks]) expect(asked.filter((p) => p === file(f))).toHaveLength(1);
  for (const f of pageChunks)
    expect(events.indexOf(`asked ${file(f)}`)).toBeLessThan(events.indexOf(`done ${file(manifest.chunks[0])}`));
  await page.waitForTimeout(4000);
  expect(problems).toEqual([]);
});

test("the student's dashboard reads its figures and the feed once, started with its code", async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'mentee@example.edu');
  await storeToken(page, token);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('card-attendance')).toBeVisible();
  // The feed shows the announcements the early read brought (the demo school has some for students).
  await expect(page.getByTestId('announcement').first()).toBeVisible();
  // Once each: the feed's first page (the manifest names the address the feed asks for, limit included) and the figures.
  for (const read of ['/api/mentees/dashboard', '/api/announcements'])
    expect(asked.filter((p) => p === read)).toHaveLength(1);
  expect(asked.indexOf('/api/announcements')).toBeLessThan(asked.indexOf('/remotes/mfe-mentee/remoteEntry.js'));
});

test('a stored token the server no longer accepts leads to the sign-in page', async ({ page }) => {
  await storeToken(page, 'not-a-valid-token');
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
