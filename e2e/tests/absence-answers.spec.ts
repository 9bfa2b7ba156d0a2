import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type Portal } from '../support/portal';
import { animationsDone, choose } from '../support/antd';
import { signedIn } from '../support/sign-in';
import { openFromMenu } from '../support/phone';

// Issue 41's absence answers, end to end: a family answers one absence from the notice e-mail's link (no sign-in) and
// another in the portal; the mentor finds both in their queue; the admin keeps (or corrects) a disputed mark.
const shots = join(__dirname, '..', '..', 'test-results', 'absence-answers');
mkdirSync(shots, { recursive: true });
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function noSeriousAxe(page: Page, include: string) {
  const result = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Marks Jordan absent on two school days of the last week the register accepts (it refuses closed days and asks a
 * reason for approved leave; absence notices go for the last 7 days only), the earlier one first: [linkDay, portalDay].
 */
async function twoAbsences(request: APIRequestContext, jordan: string): Promise<[string, string]> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@example.edu', password: 'Demo@2026' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  // The school may have switched the student's notices off: on for this test.
  await request.put(`/api/admin/users/${jordan}/guardian-notifications`, { headers, data: { enabled: true } });
  const today = new Date();
  const marked: string[] = [];
  for (let back = 6; back >= 1 && marked.length < 2; back--) {
    const date = iso(new Date(today.getTime() - back * 86_400_000));
    const res = await request.post('/api/admin/attendance', {
      headers,
      data: { date, attendanceData: { [jordan]: { [date]: 'absent' } } },
    });
    if (res.status() === 201) marked.push(date);
  }
  expect(marked, 'two school days of the last week to mark absent').toHaveLength(2);
  return marked as [string, string];
}

/** The absence notices written for the student, from the worker's portal's database: day and text. */
function noticesOf(portal: Portal, menteeId: string): { day: string; text: string }[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the API's SQLite driver, read-only here
  const Database = require('better-sqlite3');
  const db = new Database(join(portal.env.DATA_DIR, 'portal.sqlite'), { readonly: true });
  try {
    return db
      .prepare(`SELECT day, text FROM mail_deliveries WHERE kind = 'guardian.absence' AND menteeId = ?`)
      .all(menteeId) as { day: string; text: string }[];
  } finally {
    db.close();
  }
}

/** The answer link (its query) of the absence notice e-mailed for the student on `day`. */
async function linkOf(portal: Portal, menteeId: string, day: string): Promise<string> {
  const notice = () => noticesOf(portal, menteeId).find((n) => String(n.day).slice(0, 10) === day);
  await expect
    .poll(() => !!notice(), { message: `a notice for ${day} among ${JSON.stringify(noticesOf(portal, menteeId))}` })
    .toBe(true);
  return new URL(/https?:\/\/\S+\/absence-answer\?token=\S+/.exec(notice()!.text)![0]).search;
}

test('a family answers absences by link and in the portal; the mentor reads them, the admin keeps the disputed mark', async ({
  browser,
  portal,
}) => {
  const guardian = await signedIn(browser, 'guardian@example.edu', { ...PHONE, theme: 'light' });
  const token = await guardian.evaluate(() => localStorage.getItem('token'));
  const children = (await (
    await guardian.request.get('/api/guardian/children', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { _id: string; fullName: string }[];
  const jordan = children.find((c) => c.fullName === 'Jordan Rivera')!._id;
  const [linkDay, portalDay] = await twoAbsences(guardian.request, jordan);

  // The e-mailed link, on a phone in the dark theme, with no session.
  const visitor = await browser.newContext({ ...PHONE, colorScheme: 'dark' });
  const page = await visitor.newPage();
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  await page.goto(`/absence-answer${await linkOf(portal, jordan, linkDay)}`);
  await expect(page.getByText(/^Jordan was marked absent on /)).toBeVisible();
  await page.getByRole('radio', { name: 'This mark is wrong: they were at school' }).check();
  await page.getByRole('textbox', { name: 'Note (optional)' }).fill('He was at the science fair');
  await noSeriousAxe(page, 'body');
  await page.screenshot({ path: join(shots, 'link-390-dark.png'), fullPage: true });
  await page.getByRole('button', { name: 'Send answer' }).tap();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'link-thanks-390-dark.png') });
  // Used once: the same link again says so.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
  await visitor.close();

  // In the portal, on a phone (opened afresh: the dashboard's figures were read before the link's answer).
  await guardian.reload();
  await openFromMenu(guardian, 'Attendance');
  const days = guardian.getByTestId('attendance-day');
  // Early in a month the days may be last month's: the page shows the month asked for.
  const month = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  if (month(portalDay) !== month(iso(new Date()))) await choose(guardian.getByLabel('Month'), month(portalDay), 'tap');
  if (month(linkDay) === month(portalDay))
    await expect(days.filter({ hasText: 'Answered: This mark is wrong' })).toHaveCount(1);
  const answer = guardian.getByRole('button', { name: /^Answer the absence of / });
  await expect(answer.first()).toBeVisible();
  await guardian.screenshot({ path: join(shots, 'guardian-attendance-390-light.png'), fullPage: true });
  const [y, m, d] = portalDay.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const name = (part: 'weekday' | 'month') => date.toLocaleDateString('en-GB', { [part]: 'long', timeZone: 'UTC' });
  await guardian.getByRole('button', { name: `Answer the absence of ${name('weekday')}, ${d} ${name('month')}` }).tap();
  const dialog = guardian.getByRole('dialog', { name: /^Jordan Rivera's absence on / });
  await expect(dialog).toBeVisible();
  await animationsDone(guardian);
  await dialog.getByRole('radio', { name: 'Sick' }).check();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Fever');
  await noSeriousAxe(guardian, '.ant-modal-root');
  await guardian.screenshot({ path: join(shots, 'guardian-answer-390-light.png') });
  await dialog.getByRole('button', { name: 'Send answer' }).tap();
  await expect(guardian.getByText('Thank you: your answer has reached the mentor.')).toBeVisible();
  await expect(days.filter({ hasText: 'Answered: Sick, by Maria Rivera' })).toHaveCount(1);
  await noSeriousAxe(guardian, 'main');
  await guardian.context().close();

  // The mentor's queue, on a phone in the dark theme.
  const mentor = await signedIn(browser, 'mentor@example.edu', { ...PHONE, theme: 'dark' });
  const panel = mentor.getByTestId('family-answers');
  await expect(panel.getByText('Jordan Rivera')).toHaveCount(2);
  await expect(panel.getByText('Mark disputed')).toHaveCount(1);
  await expect(panel).toContainText('Maria Rivera: Sick. “Fever”');
  await noSeriousAxe(mentor, 'main');
  await mentor.screenshot({ path: join(shots, 'mentor-answers-390-dark.png'), fullPage: true });
  for (let i = 0; i < 2; i++)
    await panel.getByRole('button', { name: 'Mark seen: the answer about Jordan Rivera' }).first().tap();
  await expect(panel).toBeHidden();
  await mentor.context().close();

  // The admin's register on a desk: the disputed day, kept as it is.
  const admin = await signedIn(browser, 'admin@example.edu', {
    viewport: { width: 1366, height: 900 },
    theme: 'light',
  });
  await admin.goto(`/admin/attendance?date=${linkDay}`);
  const tag = admin.getByRole('button', { name: 'Family disputes the mark of Jordan Rivera: details' });
  await expect(tag).toBeVisible();
  await tag.click();
  await expect(admin.getByText('says they were at school. “He was at the science fair”')).toBeVisible();
  await noSeriousAxe(admin, 'main');
  await admin.screenshot({ path: join(shots, 'admin-register-1366-light.png') });
  await admin.getByRole('button', { name: 'Keep the mark' }).click();
  await expect(admin.getByText('The mark of Jordan Rivera is kept')).toBeVisible();
  await expect(tag).toBeHidden();
  await admin.context().close();
});

test("a mentor's announcement for a class's families reaches their guardian on a phone, and not the students", async ({
  browser,
}) => {
  const guardian = await signedIn(browser, 'guardian@example.edu', { ...PHONE, theme: 'dark' });
  const token = await guardian.evaluate(() => localStorage.getItem('token'));
  const children = (await (
    await guardian.request.get('/api/guardian/children', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { _id: string; fullName: string; class: string; section: string }[];
  const jordan = children.find((c) => c.fullName === 'Jordan Rivera')!;
  const login = await guardian.request.post('/api/auth/login', {
    data: { email: 'mentor@example.edu', password: 'Demo@2026' },
  });
  const mentor = { authorization: `Bearer ${(await login.json()).token}` };
  const title = `Parents evening ${Date.now()}`;
  const posted = await guardian.request.post('/api/announcements', {
    headers: mentor,
    data: {
      title,
      content: 'Thursday at six in the hall.',
      priority: 'high',
      targetAudience: 'class',
      class: jordan.class,
      section: jordan.section,
      readers: 'guardians',
    },
  });
  expect(posted.status()).toBe(201);

  await openFromMenu(guardian, 'Announcements');
  await expect(guardian.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  // Jordan is the demo guardian's first child by name: the one a new session shows.
  await expect(
    guardian.getByTestId('child-switcher').locator('.ant-select-content[title="Jordan Rivera"]'),
  ).toBeVisible();
  const card = guardian.getByRole('article', { name: title });
  await expect(card).toContainText('Thursday at six in the hall.');
  await expect(card).toContainText(`Class ${jordan.class}-${jordan.section}`);
  await noSeriousAxe(guardian, 'main');
  await guardian.screenshot({ path: join(shots, 'guardian-announcements-390-dark.png'), fullPage: true });
  // The students of that class do not read it.
  const student = await guardian.request.post('/api/auth/login', {
    data: { email: 'mentee@example.edu', password: 'Demo@2026' },
  });
  const feed = await guardian.request.get('/api/announcements', {
    headers: { authorization: `Bearer ${(await student.json()).token}` },
  });
  expect(((await feed.json()) as { title: string }[]).map((a) => a.title)).not.toContain(title);

  await guardian.context().close();

  const desk = await signedIn(browser, 'guardian@example.edu', {
    viewport: { width: 1366, height: 900 },
    theme: 'light',
  });
  await desk.goto('/announcements');
  await expect(desk.getByRole('article', { name: title })).toBeVisible();
  await noSeriousAxe(desk, 'main');
  await desk.screenshot({ path: join(shots, 'guardian-announcements-1366-light.png') });
  await desk.context().close();
});
