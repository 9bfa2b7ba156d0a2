import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { DEMO_PASSWORD, signedIn } from '../support/sign-in';

// Who looked: a mentor opens a student's details (their medical notes, address, parent contacts); the student sees it
// under "Who viewed my record" on their profile, and the admin on the student's editor. A phone and a desk, both
// themes; the admin then hands over the student's data on a guardian's request. The student is one of the demo
// mentor's mentees whom no other spec reads or signs in as (followup.spec takes the last by name, chat-history.spec
// the first two besides the demo mentee).
const STUDENT = 'student25@example.edu';
const shots = join(__dirname, '..', '..', 'test-results', 'who-viewed');
mkdirSync(shots, { recursive: true });

async function look(page: Page, name: string, theme: 'light' | 'dark') {
  await animationsDone(page);
  await page.getByTestId('who-viewed').scrollIntoViewIfNeeded();
  // Lines, not a wide table: the page never scrolls sideways, on a phone either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await page.screenshot({ path: join(shots, `${name}-${theme}-${page.viewportSize()!.width}.png`) });
  expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
}

/** The mentor views the student's details through the API, as their screen does; the student's id and e-mail. */
async function mentorViewsDetails(request: APIRequestContext): Promise<{ id: string; email: string; name: string }> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'mentor@example.edu', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const mentees = (await (await request.get('/api/mentors/mentees', { headers })).json()) as {
    _id: string;
    fullName: string;
    userId: { email: string };
  }[];
  const student = mentees.find((m) => m.userId.email === STUDENT)!;
  expect(student, `${STUDENT} is a mentee of the demo mentor`).toBeTruthy();
  expect((await request.get(`/api/mentees/${student._id}/details`, { headers })).status()).toBe(200);
  return { id: student._id, email: student.userId.email, name: student.fullName };
}

for (const [width, theme] of [
  [1366, 'light'],
  [390, 'dark'],
] as const) {
  test(`a student and the admin see who viewed the student's record (${width} px, ${theme})`, async ({
    browser,
    request,
  }) => {
    const student = await mentorViewsDetails(request);
    const viewport = { width, height: width > 400 ? 900 : 844 };

    const me = await signedIn(browser, student.email, { viewport, theme });
    await me.goto('/profile');
    const mine = me.getByTestId('who-viewed');
    await expect(mine.getByText('Who viewed my record', { exact: true })).toBeVisible();
    const first = mine.getByTestId('disclosure').first();
    await expect(first).toContainText('Dr. Helen Carter');
    await expect(first).toContainText('Mentor');
    await expect(first).toContainText(/Viewed: .*address/);
    await look(me, 'student', theme);
    await me.context().close();

    const admin = await signedIn(browser, 'admin@example.edu', { viewport, theme });
    await admin.goto(`/admin/edit-user/${student.id}`);
    const log = admin.getByTestId('who-viewed');
    await expect(log.getByText("Who viewed this student's records", { exact: true })).toBeVisible();
    // The admin opening the editor is itself a view of the record: first; the mentor's is there too.
    await expect(log.getByTestId('disclosure').first()).toContainText('Alex Morgan');
    await expect(log.getByTestId('disclosure').filter({ hasText: 'Dr. Helen Carter' }).first()).toBeVisible();
    await look(admin, 'admin', theme);
    // On a guardian's request, the admin hands over the student's data.
    const data = admin.getByTestId('student-data');
    await data.getByRole('radio', { name: 'A guardian' }).check();
    const download = admin.waitForEvent('download', { timeout: 20_000 });
    await data.getByRole('button', { name: 'Download as JSON' }).click();
    expect((await download).suggestedFilename()).toBe(`student-data-${student.id}.json`);
    await data.scrollIntoViewIfNeeded();
    await animationsDone(admin);
    await admin.screenshot({ path: join(shots, `admin-data-${theme}-${width}.png`) });
    await admin.context().close();
  });
}
