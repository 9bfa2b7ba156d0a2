import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/portal';
import { settled } from '../support/phone';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

// Live screens: a mentor decides a leave while the student has their leaves and their dashboard open on a phone; both
// show the decision without a reload (the server's push, recordChanged or the leave.decided notification, refetches
// what shows the leave). Screenshots are kept.
const shots = join(__dirname, '..', '..', 'test-results', 'live-screens');
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };

async function token(request: APIRequestContext, role: 'mentor' | 'mentee'): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: `${role}@example.edu`, password: 'Demo@2026' } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

async function signedIn(browser: Browser, tok: string) {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await ctx.addInitScript((t) => localStorage.setItem('token', t), tok);
  return ctx;
}

/** Marks the document: a reload or a navigation by the browser loses the mark. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

/** The leaves tile's figures: "N pending", "M approved". */
async function leaveFigures(tile: Locator): Promise<{ pending: number; approved: number }> {
  const text = (await tile.textContent()) ?? '';
  const pending = /(\d+) pending/.exec(text);
  const approved = /(\d+) approved/.exec(text);
  expect(pending && approved, `the tile says "${text}"`).toBeTruthy();
  return { pending: Number(pending![1]), approved: Number(approved![1]) };
}

/** A school day far ahead, unique to this run, so the request overlaps no other spec's leave. */
function futureWeekday(): string {
  const d = new Date(Date.UTC(2041, 0, 7));
  d.setUTCDate(d.getUTCDate() + (Date.now() % 320));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test("a mentor approves a leave; the student's open leaves page and dashboard show it without a reload", async ({
  browser,
  request,
}) => {
  const [menteeToken, mentorToken] = [await token(request, 'mentee'), await token(request, 'mentor')];
  const startDate = futureWeekday();
  const reason = `Live screens ${Date.now()}`;
  const created = await request.post('/api/leaves', {
    headers: { Authorization: `Bearer ${menteeToken}` },
    data: { leaveType: 'casual', startDate, endDate: startDate, reason },
  });
  expect(created.status()).toBe(201);

  // The student: the leaves page in one tab, the dashboard in another, both on a phone.
  const menteeCtx = await signedIn(browser, menteeToken);
  const leaves = await menteeCtx.newPage();
  await leaves.goto('/leaves');
  const card = leaves.getByTestId('leave-card').filter({ hasText: reason });
  const status = card.locator('.ant-tag');
  await expect(status.getByText('Pending', { exact: true })).toBeVisible();
  const dashboard = await menteeCtx.newPage();
  await dashboard.goto('/dashboard');
  const tile = dashboard.getByTestId('card-leaves');
  await expect(tile).toBeVisible();
  await settled(dashboard);
  await settled(leaves);
  const before = await leaveFigures(tile);
  // The dashboard's recent requests list it too, by its dates ("18 Feb – 18 Feb 2041").
  const at = new Date(`${startDate}T00:00:00Z`);
  const day = `${at.getUTCDate()} ${at.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' })}`;
  const recent = dashboard
    .locator('li')
    .filter({ hasText: `${day} – ${day} ${startDate.slice(0, 4)}` })
    .first();
  await expect(recent.getByText('Pending', { exact: true })).toBeVisible();
  await Promise.all([mark(leaves), mark(dashboard)]);

  // The mentor approves it from their own phone.
  const mentorCtx = await signedIn(browser, mentorToken);
  const mentor = await mentorCtx.newPage();
  await mentor.goto('/leaves');
  const theirs = mentor.getByTestId('leave-card').filter({ hasText: reason });
  const approve = theirs.getByRole('button', { name: 'Approve' });
  await approve.scrollIntoViewIfNeeded();
  await approve.tap();
  await expect(mentor.getByText('Leave request approved!')).toBeVisible();

  // Live: the student's open pages, never reloaded, show the decision.
  await expect(status.getByText('Approved', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(status.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(tile).toContainText(`${before.pending - 1} pending`, { timeout: 10_000 });
  await expect(tile).toContainText(`${before.approved + 1} approved`, { timeout: 10_000 });
  await expect(recent.getByText('Approved', { exact: true })).toBeVisible({ timeout: 10_000 });
  expect(await stillMarked(leaves)).toBe(true);
  expect(await stillMarked(dashboard)).toBe(true);

  await card.scrollIntoViewIfNeeded();
  await leaves.screenshot({ path: join(shots, 'mentee-leaves-approved-390.png') });
  await dashboard.screenshot({ path: join(shots, 'mentee-dashboard-approved-390.png') });
  await menteeCtx.close();
  await mentorCtx.close();
});
