import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '../support/portal';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { animationsDone, choose } from '../support/antd';
import { openFromMenu, settled } from '../support/phone';
import { signedIn } from '../support/sign-in';

// Each role's main task done whole on a phone (390 × 844), by touch, through the phone menu: the mentee requests a
// leave, the mentor approves it, the admin marks and saves a day's register. Every screen on the way: nothing wider
// than the screen, the buttons used at least 44 px tall, and no serious axe-core finding in the dialogs.
const shots = join(__dirname, '..', '..', 'test-results', 'phone-tasks');
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
/** A touch phone: taps, not clicks. */
const ON_A_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true };

async function noSideways(page: Page) {
  await settled(page);
  const overflow = await page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });
  expect(overflow).toBe(0);
}

async function expectTouchSize(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'the control is on screen').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

async function noSeriousAxe(page: Page, include: string) {
  const result = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  // Each rule with the elements it failed on, so that a failure says where.
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A school day well in the future, unique to this run, so the request never overlaps another spec's leave. */
function futureWeekday(year = 2032): string {
  const d = new Date(Date.UTC(year, 0, 5));
  d.setUTCDate(d.getUTCDate() + (Date.now() % 300));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test('on phones: the mentee requests a leave and the mentor approves it', async ({ browser }) => {
  const day = futureWeekday();
  const reason = `Phone test: dentist appointment ${day}`;

  const mentee = await signedIn(browser, 'mentee@example.edu', { ...ON_A_PHONE, theme: 'light' });
  await openFromMenu(mentee, 'Leaves');
  await noSideways(mentee);
  const request = mentee.getByRole('button', { name: 'Request Leave' });
  await expectTouchSize(request);
  await request.tap();
  const dialog = mentee.getByRole('dialog', { name: 'Request Leave' });
  await expect(dialog).toBeVisible();
  // Full screen on a phone, so the form is not squeezed.
  await expect
    .poll(async () => (await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width)
    .toBe(PHONE.width);
  await choose(dialog.getByLabel('Leave type'), 'Sick', 'tap');
  for (const label of ['Start date', 'End date']) {
    const input = dialog.getByLabel(label);
    await input.tap();
    await input.fill(day);
    await input.press('Enter');
  }
  await dialog.getByLabel('Reason').fill(reason);
  await noSeriousAxe(mentee, '.ant-modal-root');
  await mentee.screenshot({ path: join(shots, 'mentee-request-dialog.png') });
  const submit = dialog.getByRole('button', { name: 'Submit Request' });
  await expectTouchSize(submit);
  await submit.tap();
  await expect(mentee.getByText('Leave request submitted successfully!')).toBeVisible();
  const card = mentee.getByTestId('leave-card').filter({ hasText: reason });
  await expect(card.getByText('Pending')).toBeVisible();
  await noSideways(mentee);

  const mentor = await signedIn(browser, 'mentor@example.edu', { ...ON_A_PHONE, theme: 'light' });
  await openFromMenu(mentor, 'Leaves');
  await noSideways(mentor);
  const theirs = mentor.getByTestId('leave-card').filter({ hasText: reason });
  await expect(theirs.getByText('Jordan Rivera')).toBeVisible();
  const approve = theirs.getByRole('button', { name: 'Approve' });
  await approve.scrollIntoViewIfNeeded();
  await expectTouchSize(approve);
  await expectTouchSize(theirs.getByRole('button', { name: 'Reject' }));
  await approve.tap();
  await expect(mentor.getByText('Leave request approved!')).toBeVisible();
  // The status tag (the decision's comment under it may say "Approved" too).
  await expect(theirs.locator('.ant-tag').getByText('Approved', { exact: true })).toBeVisible();
  await mentor.screenshot({ path: join(shots, 'mentor-approved.png') });

  await mentee.reload();
  await expect(card.locator('.ant-tag').getByText('Approved', { exact: true })).toBeVisible();
  await noSideways(mentee);
  await mentee.context().close();
  await mentor.context().close();
});

test('on a phone in the dark theme: the admin marks a student absent and saves the register', async ({ browser }) => {
  const admin = await signedIn(browser, 'admin@example.edu', { ...ON_A_PHONE, theme: 'dark' });
  await openFromMenu(admin, 'Attendance');
  await expect(admin.getByRole('heading', { name: 'Attendance Management' })).toBeVisible();
  await noSideways(admin);

  // A student picked by search, as a teacher with a long register would.
  await admin.getByLabel('Search students').fill('STU-2026037');
  await expect(admin.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  const toggle = admin.locator('.ant-table-tbody').getByRole('radiogroup', { name: /^Attendance of / });
  const next = (await toggle.getAttribute('data-status')) === 'absent' ? 'present' : 'absent';
  const choice = toggle.locator('.ant-segmented-item').filter({ hasText: next === 'absent' ? 'Absent' : 'Present' });
  await expectTouchSize(choice);
  await choice.tap();
  await expect(toggle).toHaveAttribute('data-status', next);

  const bar = admin.getByTestId('attendance-save-bar');
  const save = bar.getByRole('button', { name: 'Save Attendance (1)' });
  await expect(save).toBeInViewport();
  await expectTouchSize(save);
  await noSideways(admin);
  await admin.screenshot({ path: join(shots, 'admin-register-unsaved.png') });
  await save.tap();
  await expect(bar.getByText('No unsaved changes')).toBeVisible();

  // What is stored: the day reloads with the mark.
  await admin.reload();
  await admin.getByLabel('Search students').fill('STU-2026037');
  await expect(admin.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(toggle).toHaveAttribute('data-status', next);
  await admin.context().close();
});

test("on a phone: a guardian follows each child's attendance, switching between them", async ({ browser }) => {
  const guardian = await signedIn(browser, 'guardian@example.edu', { ...ON_A_PHONE, theme: 'light' });
  await expect(guardian.getByRole('heading', { name: 'Hello, Maria Rivera' })).toBeVisible();
  const token = await guardian.evaluate(() => localStorage.getItem('token'));
  const children = (await (
    await guardian.request.get('/api/guardian/children', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { _id: string; fullName: string }[];
  expect(children.map((c) => c.fullName)).toContain('Jordan Rivera');
  const [first, second] = children;
  const switcher = guardian.getByTestId('child-switcher');
  await expect(switcher.locator(`.ant-select-content[title="${first.fullName}"]`)).toBeVisible();
  await expect(guardian.getByText('Today')).toBeVisible();
  await noSideways(guardian);
  await noSeriousAxe(guardian, 'main');
  await guardian.screenshot({ path: join(shots, 'guardian-dashboard.png') });

  await choose(switcher.getByLabel('Child'), second.fullName, 'tap');
  await expect(switcher.getByText(/^Class /)).toBeVisible();
  const view = guardian
    .getByRole('button', { name: 'View attendance' })
    .or(guardian.getByRole('link', { name: 'View attendance' }));
  await view.first().scrollIntoViewIfNeeded();
  await expectTouchSize(view.first());
  await view.first().tap();
  await expect(guardian).toHaveURL(/\/children\/attendance$/);
  await expect(guardian.getByRole('heading', { name: 'Attendance' })).toBeVisible();
  // The child chosen on the dashboard is the one shown here too.
  await expect(switcher.locator(`.ant-select-content[title="${second.fullName}"]`)).toBeVisible();
  await noSideways(guardian);
  await noSeriousAxe(guardian, 'main');
  await guardian.screenshot({ path: join(shots, 'guardian-attendance.png') });

  await openFromMenu(guardian, 'Dashboard');
  await expect(switcher.locator(`.ant-select-content[title="${second.fullName}"]`)).toBeVisible();
  // Nothing of a grievance, chat or another child is theirs: the menu offers their own pages only.
  await guardian.getByRole('button', { name: 'Open menu' }).tap();
  const menu = guardian.getByRole('menu', { name: 'Main navigation' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Profile',
    'Attendance',
    'Leaves',
    'Announcements',
  ]);
  await guardian.context().close();
});

test("on phones in the dark theme: a guardian files a leave for their child with a doctor's note, the mentor opens it and approves, the guardian is told", async ({
  browser,
}) => {
  const day = futureWeekday(2033); // another year than the student's own request above: the two never overlap
  const reason = `Phone test: family visit ${day}`;
  const guardian = await signedIn(browser, 'guardian@example.edu', { ...ON_A_PHONE, theme: 'dark' });
  await guardian.evaluate(() => sessionStorage.clear());
  await openFromMenu(guardian, 'Leaves');
  await expect(guardian.getByRole('heading', { name: 'Leave Requests' })).toBeVisible();
  const switcher = guardian.getByTestId('child-switcher');
  await choose(switcher.getByLabel('Child'), 'Jordan Rivera', 'tap');
  await noSideways(guardian);
  const request = guardian.getByRole('button', { name: 'Request Leave' });
  await expectTouchSize(request);
  await request.tap();
  const dialog = guardian.getByRole('dialog', { name: 'Request Leave' });
  await expect(dialog).toBeVisible();
  // The child the page shows is the one the leave is for (any of theirs may be chosen).
  await expect(dialog.locator('.ant-select-content[title="Jordan Rivera"]')).toBeVisible();
  await choose(dialog.getByLabel('Leave type'), 'Casual', 'tap');
  for (const label of ['Start date', 'End date']) {
    const input = dialog.getByLabel(label);
    await input.tap();
    await input.fill(day);
    await input.press('Enter');
  }
  await expect(dialog.getByTestId('leave-impact')).toContainText("The student's attendance");
  await dialog.getByLabel('Reason').fill(reason);
  // A doctor's note with it: chosen now, sent with the request.
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'doctors-note.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(dialog.getByText('doctors-note.pdf')).toBeVisible();
  await dialog.getByText('doctors-note.pdf').scrollIntoViewIfNeeded();
  // The file's line fades in: judged once it has.
  await animationsDone(guardian);
  await noSeriousAxe(guardian, '.ant-modal-root');
  await guardian.screenshot({ path: join(shots, 'guardian-request-dialog.png') });
  await dialog.getByRole('button', { name: 'Submit Request' }).tap();
  await expect(guardian.getByText('Leave request for Jordan Rivera submitted. Their mentor decides it.')).toBeVisible();
  const card = guardian.getByTestId('leave-card').filter({ hasText: reason });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByText('Filed by guardian')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Open doctors-note.pdf' })).toBeVisible();
  await noSideways(guardian);
  await noSeriousAxe(guardian, 'main');
  await guardian.screenshot({ path: join(shots, 'guardian-leaves.png') });

  const mentor = await signedIn(browser, 'mentor@example.edu', { ...ON_A_PHONE, theme: 'dark' });
  await openFromMenu(mentor, 'Leaves');
  const theirs = mentor.getByTestId('leave-card').filter({ hasText: reason });
  await expect(theirs.getByText('Filed by guardian')).toBeVisible();
  await expect(theirs.getByText('Maria Rivera')).toBeVisible();
  // The mentor opens the note before deciding.
  const download = mentor.waitForEvent('download', { timeout: 20_000 });
  await theirs.getByRole('button', { name: 'Open doctors-note.pdf' }).tap();
  expect((await download).suggestedFilename()).toBe('doctors-note.pdf');
  const approve = theirs.getByRole('button', { name: 'Approve' });
  await approve.scrollIntoViewIfNeeded();
  await approve.tap();
  await expect(mentor.getByText('Leave request approved!')).toBeVisible();
  await noSeriousAxe(mentor, 'main');
  await mentor.screenshot({ path: join(shots, 'mentor-approved-guardian-leave.png') });

  await guardian.reload();
  await expect(card.locator('.ant-tag').getByText('Approved', { exact: true })).toBeVisible();
  // Decided: no longer theirs to cancel.
  await expect(card.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await guardian.getByRole('button', { name: /Notifications/ }).tap();
  await expect(guardian.getByText('The leave request for Jordan Rivera was approved').first()).toBeVisible();
  await guardian.screenshot({ path: join(shots, 'guardian-told.png') });
  await guardian.context().close();
  await mentor.context().close();
});
