import { expect, test, type Page } from '../support/portal';
import { animationsDone } from '../support/antd';
import { join } from 'node:path';
import { signedIn } from '../support/sign-in';

const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');

/** The day the register opens on: today, or Saturday when today is a Sunday (as the page decides). */
function registerDay(): string {
  const d = new Date();
  if (d.getDay() === 0) d.setDate(d.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** One student's row: found by student id, its toggle and the selected choice in it. */
async function studentRow(page: Page, studentId: string) {
  await page.getByLabel('Search students').fill(studentId);
  // The search applies after a short debounce: wait for the table to narrow.
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  const toggle = page.locator('.ant-table-tbody').getByRole('radiogroup', { name: /^Attendance of / });
  return { toggle, selected: toggle.locator('.ant-segmented-item-selected') };
}

test('after a failed load the day refuses marking and saving and offers Retry; Retry shows the saved marks', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'admin@example.edu', { viewport: { width: 1280, height: 720 } });
  // The day already holds a mark, saved earlier (through the API, as another admin would have).
  const headers = { authorization: `Bearer ${await admin.evaluate(() => localStorage.getItem('token'))}` };
  const mentees = (await (await admin.request.get('/api/admin/mentees', { headers })).json()) as {
    _id: string;
    studentId: string;
  }[];
  const student = mentees.find((m) => m.studentId === 'STU-2026040')!;
  const day = registerDay();
  const saved = await admin.request.post('/api/admin/attendance', {
    headers,
    data: { date: day, attendanceData: { [student._id]: { [day]: 'absent' } } },
  });
  expect(saved.status()).toBe(201);

  // The day's load fails (the students' list still loads).
  const dayLoad = /\/api\/admin\/attendance\?date=/;
  await admin.route(dayLoad, (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' } }),
  );
  const posts: string[] = [];
  admin.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/admin/attendance') && posts.push(r.url()));
  await admin.getByRole('menuitem', { name: 'Attendance' }).click();
  await expect(admin.getByRole('heading', { name: 'Attendance Management' })).toBeVisible();
  await expect(admin.getByText(/Failed to fetch attendance data/)).toBeVisible();
  const retry = admin.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // Nobody is shown unmarked, and nothing can be marked or saved over the stored day.
  await expect(admin.getByRole('radiogroup', { name: /^Attendance of / })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: /Mark All Present/ })).toBeDisabled();
  await expect(admin.getByRole('button', { name: /Mark All Absent/ })).toBeDisabled();
  await expect(admin.getByRole('button', { name: /Save Attendance/ })).toBeDisabled();
  await admin.screenshot({ path: join(shots, 'admin-attendance-load-failed.png') });

  await admin.unroute(dayLoad);
  await retry.click();
  await expect(admin.getByText(/Failed to fetch attendance data/)).toHaveCount(0);
  const row = await studentRow(admin, 'STU-2026040');
  await expect(row.selected).toHaveText(/Absent/);
  await expect(row.toggle).toHaveAttribute('data-status', 'absent');
  await expect(admin.getByRole('button', { name: /Mark All Present/ })).toBeEnabled();
  expect(posts).toEqual([]);
  await admin.context().close();
});

test('leaving with unsaved marks asks first: Stay keeps them, Leave goes, closing the tab asks too', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'admin@example.edu', { viewport: { width: 1280, height: 720 } });
  await admin.getByRole('menuitem', { name: 'Attendance' }).click();
  const row = await studentRow(admin, 'STU-2026039');
  await row.toggle.getByText('Present').click();
  await expect(row.toggle).toHaveAttribute('data-status', 'present');
  const bar = admin.getByTestId('attendance-save-bar');
  await expect(bar.getByText('1 unsaved change')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Save Attendance (1)' })).toBeEnabled();

  // In-app navigation, staying.
  await admin.getByRole('menuitem', { name: 'Dashboard' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/1 unsaved change for/)).toBeVisible();
  await animationsDone(admin);
  await admin.screenshot({ path: join(shots, 'admin-attendance-leave-prompt.png') });
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin).toHaveURL(/\/admin\/attendance$/);
  await expect(row.toggle).toHaveAttribute('data-status', 'present');
  await expect(bar.getByText('1 unsaved change')).toBeVisible();

  // Closing the tab (or reloading) asks through the browser; dismissing keeps the page.
  const unload = admin.waitForEvent('dialog');
  await admin.close({ runBeforeUnload: true });
  const asked = await unload;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  expect(admin.isClosed()).toBe(false);
  await expect(row.toggle).toHaveAttribute('data-status', 'present');

  // In-app navigation, leaving: the marks are dropped, nothing was saved. The Leaves page's code is held back, as on
  // a slow phone: the register stays on screen meanwhile, and coming straight back must not find the dropped marks.
  // Every admin script asked for from now on is the Leaves page's: the register's own code is already in.
  const held: (() => void)[] = [];
  const slow = (url: URL) => /\/remotes\/mfe-admin\/.+\.js$/.test(url.pathname);
  await admin.route(slow, (route) => new Promise<void>((done) => held.push(() => done(route.continue()))));
  await admin.getByRole('menuitem', { name: 'Leaves' }).click();
  await expect(dialog).toBeVisible();
  // Clicked once the dialog has stopped zooming in (a click on a moving button can be lost: support/antd.ts).
  await animationsDone(admin);
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(admin).toHaveURL(/\/admin\/leaves$/);
  await admin.getByRole('menuitem', { name: 'Attendance' }).click();
  await expect(admin).toHaveURL(/\/admin\/attendance$/);
  const again = await studentRow(admin, 'STU-2026039');
  await expect(again.toggle).toHaveAttribute('data-status', 'unmarked');
  await expect(bar.getByText('No unsaved changes')).toBeVisible();
  expect(held.length).toBeGreaterThan(0);
  held.forEach((release) => release());
  await admin.unroute(slow);
  // With nothing unsaved, leaving does not ask.
  await admin.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(dialog).toHaveCount(0);
  await admin.context().close();
});

test('Save and the count of unsaved changes stay in view while scrolling a long class, on a phone too', async ({
  browser,
}) => {
  for (const width of [1366, 390]) {
    const admin = await signedIn(browser, 'admin@example.edu', { viewport: { width, height: 800 } });
    await admin.goto('/admin/attendance');
    // Other specs add students to the shared demo school: count the register rather than assume its size.
    const shown = admin.getByText(/\d+ shown$/);
    await expect(shown).toBeVisible();
    const count = Number(/(\d+) shown$/.exec((await shown.textContent()) ?? '')![1]);
    expect(count).toBeGreaterThanOrEqual(40);
    // Earlier tests of this worker may have saved marks today: Mark All fills the rest, and asks about those.
    await expect(admin.locator('[data-status]')).toHaveCount(count);
    const otherwise = await admin
      .locator('[data-status]')
      .evaluateAll((toggles) => toggles.filter((t) => /^(absent|late)$/.test(t.dataset.status ?? '')).length);
    await admin.getByRole('button', { name: /Mark All Present/ }).click();
    if (otherwise) await admin.getByRole('dialog').getByRole('button', { name: 'Keep them' }).click();
    const save = admin.getByRole('button', { name: /Save Attendance \(\d+\)$/ });
    await expect(save).toBeVisible();
    const unsaved = Number(/\((\d+)\)/.exec((await save.textContent()) ?? '')![1]);
    expect(unsaved).toBeGreaterThanOrEqual(30);
    const rows = admin.locator('.ant-table-tbody tr.ant-table-row');
    // In the middle of the register the card's header (and its buttons) are far above: the bar is still there.
    await rows.nth(12).scrollIntoViewIfNeeded();
    await expect(rows.nth(0)).not.toBeInViewport();
    await expect(save).toBeInViewport();
    await expect(admin.getByTestId('attendance-save-bar').getByText(`${unsaved} unsaved changes`)).toBeInViewport();
    await admin.screenshot({ path: join(shots, `admin-attendance-save-bar-${width}.png`) });
    await admin.context().close();
  }
});
