import { expect, test, type Page } from '../support/portal';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { animationsDone, choose } from '../support/antd';
import { signInOn } from '../support/sign-in';

const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');

async function pickDate(page: Page, label: string, isoDate: string) {
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(isoDate);
  await input.press('Enter');
}

test('a mentee requests leave, the mentor rejects it with a reason, the mentee sees the reason', async ({
  browser,
}) => {
  const menteeCtx = await browser.newContext();
  const mentee = await menteeCtx.newPage();
  await signInOn(mentee, 'mentee@example.edu');
  await mentee.getByRole('menuitem', { name: 'Leaves' }).click();
  await mentee.getByRole('button', { name: 'Request Leave' }).click();
  const dialog = mentee.getByRole('dialog', { name: 'Request Leave' });
  // Submitted once the dialog has finished opening (a click during its zoom can land before the form is ready).
  await expect(dialog.getByLabel('Leave type')).toBeVisible();
  await animationsDone(mentee);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  for (const m of ['Leave type is required', 'Start date is required', 'End date is required', 'Reason is required'])
    await expect(dialog.getByText(m)).toBeVisible();
  await choose(dialog.getByLabel('Leave type'), 'Casual');
  await pickDate(mentee, 'Start date', '2031-03-10');
  await pickDate(mentee, 'End date', '2031-03-12');
  await dialog.getByLabel('Reason').fill("Cousin's wedding in another city");
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(mentee.getByText('Leave request submitted successfully!')).toBeVisible();
  const card = mentee.getByTestId('leave-card').filter({ hasText: "Cousin's wedding" });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByText('(3 school days)')).toBeVisible();

  const mentorCtx = await browser.newContext();
  const mentor = await mentorCtx.newPage();
  await signInOn(mentor, 'mentor@example.edu');
  await mentor.getByRole('menuitem', { name: 'Leaves' }).click();
  const theirs = mentor.getByTestId('leave-card').filter({ hasText: "Cousin's wedding" });
  await expect(theirs.getByText('Jordan Rivera')).toBeVisible();
  await theirs.getByRole('button', { name: 'Reject' }).click();
  await mentor.getByLabel('Reason for rejection').fill('Final exams that week; please choose other dates.');
  await mentor.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(mentor.getByText('Leave request rejected!')).toBeVisible();
  await mentor.screenshot({ path: join(shots, 'mentor-leaves.png') });

  await mentee.reload();
  await expect(card.getByText(/^rejected$/i)).toBeVisible();
  await expect(card.getByText('Final exams that week; please choose other dates.')).toBeVisible();
  await mentee.screenshot({ path: join(shots, 'mentee-leaves.png') });
  await menteeCtx.close();
  await mentorCtx.close();
});

test('a mentee submits a grievance and the admin resolves it and comments; the mentee sees both', async ({
  browser,
}) => {
  const menteeCtx = await browser.newContext();
  const mentee = await menteeCtx.newPage();
  await signInOn(mentee, 'mentee@example.edu');
  await mentee.getByRole('menuitem', { name: 'Grievances' }).click();
  await mentee.getByRole('button', { name: 'Submit Grievance' }).click();
  const dialog = mentee.getByRole('dialog', { name: 'Submit Grievance' });
  // One question; who files it comes from the account.
  await expect(dialog.getByTestId('filed-as')).toHaveText(/Jordan Rivera \(STU-2026001\)/);
  await choose(dialog.getByLabel('What is it about?'), 'Buildings, equipment or this portal');
  await dialog.getByLabel('Subject').fill('Lab computers freeze');
  await pickDate(mentee, 'Date of incident', '2026-11-02');
  await dialog.getByLabel('Description').fill('Three computers in lab 2 freeze during class.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(mentee.getByText('Grievance submitted successfully!')).toBeVisible();

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInOn(admin, 'admin@example.edu');
  await admin.getByRole('menuitem', { name: 'Grievances' }).click();
  await admin.getByLabel('Search grievances').fill('lab computers');
  const row = admin.getByRole('row').filter({ hasText: 'Lab computers freeze' });
  await expect(row.getByText('Facilities')).toBeVisible();
  await row.getByRole('button', { name: 'Add Comment' }).click();
  await admin.getByRole('textbox', { name: 'Comment' }).fill('A technician is booked for Monday.');
  await admin.getByRole('button', { name: 'Send comment' }).click();
  await expect(admin.getByText('Comment added successfully!')).toBeVisible();
  await admin.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Resolve' }).click();
  await admin.getByRole('dialog', { name: 'Resolve grievance' }).getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.getByText('Grievance resolved')).toBeVisible();
  await expect(row.getByText('Resolved')).toBeVisible();
  await admin.screenshot({ path: join(shots, 'admin-grievances.png') });

  await mentee.reload();
  const card = mentee.getByTestId('grievance-card').filter({ hasText: 'Lab computers freeze' });
  await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(
    mentee.getByText('Resolved through direct communication with the relevant department').first(),
  ).toBeVisible();
  await expect(mentee.getByText('A technician is booked for Monday.')).toBeVisible();
  await menteeCtx.close();
  await adminCtx.close();
});

test('the admin exports exactly the filtered leave requests as CSV', async ({ page }) => {
  await signInOn(page, 'admin@example.edu');
  await page.getByRole('menuitem', { name: 'Leaves' }).click();
  await choose(page.getByLabel('Status filter'), 'Approved');
  const matching = page.getByText(/\d+ requests? match the filters/);
  await expect(matching).toBeVisible();
  const count = Number(/(\d+)/.exec((await matching.textContent()) ?? '')![1]);
  // The table shows one page of the matching requests (the server's pages, 20 by default: PAGE_SIZE) under its
  // header row; the count and the export are over all of them.
  await expect(page.getByRole('row')).toHaveCount(Math.min(count, 20) + 1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  const lines = text.trim().split(/\r\n/);
  expect(lines[0]).toMatch(/^Student,Student ID,Mentor,Type/);
  expect(lines.length - 1).toBe(count);
  expect(lines.slice(1).every((l) => l.includes(',approved,'))).toBe(true);
});
