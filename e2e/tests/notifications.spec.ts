import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/portal';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

// A mentor approves a leave while the mentee's portal is open on a phone: the mentee's bell counts it at once (over the
// socket, no reload), and the notification leads to the leave. Screenshots are kept.
const shots = join(__dirname, '..', '..', 'test-results', 'notifications');
mkdirSync(shots, { recursive: true });

async function token(request: APIRequestContext, role: 'mentor' | 'mentee'): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: `${role}@example.edu`, password: 'Demo@2026' } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

async function signedIn(browser: Browser, tok: string, viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript((t) => localStorage.setItem('token', t), tok);
  return ctx.newPage();
}

/** The count the bell's name says ("Notifications, 3 unread"; "none unread" is 0). */
async function bellCount(bell: Locator): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  const m = /^Notifications, (\d+) unread$/.exec(name);
  expect(m || name === 'Notifications, none unread').toBeTruthy();
  return m ? Number(m[1]) : 0;
}

test('a mentor approves a leave and the mentee sees it counted on the bell live, leading to the leave', async ({
  browser,
  request,
}) => {
  const [menteeToken, mentorToken] = [await token(request, 'mentee'), await token(request, 'mentor')];
  // A leave of the mentee's own, on days no other test uses (a leave may not overlap another).
  const day = 1 + (Date.now() % 27);
  const startDate = `2037-05-${String(day).padStart(2, '0')}`;
  const reason = `Notification test ${Date.now()}`;
  const created = await request.post('/api/leaves', {
    headers: { Authorization: `Bearer ${menteeToken}` },
    data: { leaveType: 'sick', startDate, endDate: startDate, reason },
  });
  expect(created.status()).toBe(201);

  const mentee = await signedIn(browser, menteeToken, { width: 390, height: 844 });
  await mentee.goto('/dashboard');
  const bell = mentee.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toBeVisible();
  await mentee.waitForLoadState('networkidle');
  const before = await bellCount(bell);
  const box = (await bell.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);

  const mentor = await signedIn(browser, mentorToken, { width: 1366, height: 900 });
  await mentor.goto('/leaves');
  const card = mentor.getByTestId('leave-card').filter({ hasText: reason });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(mentor.getByText('Leave request approved!')).toBeVisible();

  // Live: the same page, never reloaded, counts one more.
  await expect(mentee.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible();
  await mentee.screenshot({ path: join(shots, 'mentee-bell-390.png') });

  await bell.click();
  const drawer = mentee.getByRole('dialog', { name: 'Notifications' });
  const item = drawer.getByTestId('notification').first();
  await expect(item).toContainText('Your leave request was approved');
  // The day as every page writes it.
  await expect(item).toContainText(`${day} May 2037 to ${day} May 2037`);
  await expect(item.getByText('New')).toBeVisible();
  await mentee.screenshot({ path: join(shots, 'mentee-drawer-390.png') });
  await item.getByRole('link', { name: 'Your leave request was approved' }).click();
  await expect(mentee).toHaveURL(/\/leaves$/);
  await expect(mentee.getByTestId('leave-card').filter({ hasText: reason })).toBeVisible();
  await expect(
    mentee
      .getByRole('button', { name: `Notifications, ${before} unread` })
      .or(mentee.getByRole('button', { name: 'Notifications, none unread' })),
  ).toBeVisible();

  // The notifications page on the phone: no sideways scrolling, nothing serious for axe.
  await mentee.goto('/notifications');
  await expect(mentee.getByText('E-mail me when…')).toBeVisible();
  await mentee.waitForLoadState('networkidle');
  await expect(mentee.locator('.ant-spin-spinning, .portal-spin, .ant-skeleton-active')).toHaveCount(0);
  const sideways = await mentee.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });
  const axe = await new AxeBuilder({ page: mentee }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  await mentee.screenshot({ path: join(shots, 'mentee-notifications-390.png'), fullPage: true });
  expect({ sideways: Math.max(0, sideways), serious }).toEqual({ sideways: 0, serious: [] });

  await mentee.context().close();
  await mentor.context().close();
});
