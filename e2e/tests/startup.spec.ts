import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { watchConsole } from '../support/console';

// What a page asks for before its first screen (issue 23, bench/page-load.mjs): a stored session is checked from
// index.html, a page's first reads start with its code, and none of it trips the Content-Security-Policy.

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
  page.on('request', (r) => {
    asked.push(new URL(r.url()).pathname);
  });
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
