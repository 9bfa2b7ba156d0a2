import { expect, test, type APIRequestContext } from '../support/portal';
import { join } from 'node:path';
import { choose } from '../support/antd';
import { signedIn } from '../support/sign-in';

// The register and the leave book agree: a mentee marked absent files sick leave for that day afterwards, sees what it
// does to their attendance, the mentor approves it, the admin's register shows the day as leave, and the mentee's
// figures are what the preview said.
const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');

/** YYYY-MM-DD arithmetic in UTC, as the calendar's dates are plain days. */
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** As the register's date picker shows a day: "Mon, 23 Nov 2026". */
const pickerText = (iso: string) => {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
  return `${part({ weekday: 'short' })}, ${part({ day: 'numeric' })} ${part({ month: 'short' })} ${iso.slice(0, 4)}`;
};

async function token(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: 'Demo@2026' } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test('sick leave filed for a day marked absent: preview, approval, the register shows leave, figures as previewed', async ({
  browser,
  request,
}) => {
  const admin = await token(request, 'admin@example.edu');
  const mentee = await token(request, 'mentee@example.edu');
  const me = await (await request.get('/api/auth/me', { headers: mentee })).json();
  const menteeId: string = me.profile._id;
  const studentId: string = me.profile.studentId;
  const around = new Date().toISOString().slice(0, 10);
  const calendar = await (
    await request.get(`/api/calendar?from=${addDays(around, -21)}&to=${addDays(around, 1)}`, { headers: mentee })
  ).json();
  const today: string = calendar.today;
  // A past school day within the sick-leave window that none of this mentee's leaves covers yet.
  const leaves: { startDate: string; endDate: string; status: string }[] = await (
    await request.get('/api/leaves/mentee', { headers: mentee })
  ).json();
  const covered = (d: string) =>
    leaves.some((l) => ['pending', 'approved'].includes(l.status) && l.startDate <= d && d <= l.endDate);
  const schoolDay = (d: string) =>
    !calendar.weekendDays.includes(weekday(d)) && !calendar.closures.some((c: { date: string }) => c.date === d);
  let iso = addDays(today, -2);
  while (!schoolDay(iso) || covered(iso)) iso = addDays(iso, -1);
  expect(iso >= addDays(today, -calendar.sickLeaveBackfillDays)).toBe(true);

  // The register of that day has the mentee absent.
  const marked = await request.post('/api/admin/attendance', {
    headers: admin,
    data: { date: iso, attendanceData: { [menteeId]: { [iso]: 'absent' } } },
  });
  expect(marked.status()).toBe(201);

  // The mentee files sick leave for it and sees the effect first.
  const page = await signedIn(browser, 'mentee@example.edu', { viewport: { width: 1280, height: 800 } });
  await page.getByRole('menuitem', { name: 'Leaves' }).click();
  await page.getByRole('button', { name: 'Request Leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Leave' });
  await choose(dialog.getByLabel('Leave type'), 'Sick');
  for (const label of ['Start date', 'End date']) {
    const input = dialog.getByLabel(label);
    await input.click();
    await input.fill(iso);
    await input.press('Enter');
  }
  const reason = `Fever, doctor's note (${iso})`;
  await dialog.getByLabel('Reason').fill(reason);
  const preview = dialog.getByTestId('leave-impact');
  await expect(preview).toContainText('1 school day of leave.');
  // The day is already absent: the headline stays, the figure without approved leave rises.
  const text = (await preview.textContent())!;
  const [, before, after] = text.match(/attendance: ([\d.]+)% now, ([\d.]+)% with this leave/)!;
  expect(after).toBe(before);
  const [, withoutBefore, withoutAfter] = text.match(/Excluding approved leave: ([\d.]+)% now, ([\d.]+)% with this/)!;
  expect(Number(withoutAfter)).toBeGreaterThan(Number(withoutBefore));
  await page.screenshot({ path: join(shots, 'mentee-sick-leave-preview.png') });
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Leave request submitted successfully!')).toBeVisible();

  // The mentor approves it (the day is absent, not present: nothing to ask).
  const mentor = await signedIn(browser, 'mentor@example.edu', { viewport: { width: 1280, height: 800 } });
  await mentor.getByRole('menuitem', { name: 'Leaves' }).click();
  const card = mentor.getByTestId('leave-card').filter({ hasText: reason });
  await expect(card.getByTestId('leave-impact')).toContainText(`${after}% with this leave`);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(mentor.getByText('Leave request approved!')).toBeVisible();

  // The admin's register for that day shows leave.
  const adminPage = await signedIn(browser, 'admin@example.edu', { viewport: { width: 1280, height: 800 } });
  await adminPage.getByRole('menuitem', { name: 'Attendance' }).click();
  // The day is picked in the picker's calendar (its cells are titled by date).
  await adminPage.getByLabel('Date').click();
  await adminPage.locator(`.ant-picker-dropdown .ant-picker-cell[title="${iso}"]`).click();
  await expect(adminPage.getByLabel('Date')).toHaveValue(pickerText(iso));
  await adminPage.getByLabel('Search students').fill(studentId);
  await expect(adminPage.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  const toggle = adminPage.locator('.ant-table-tbody').getByRole('radiogroup', { name: /^Attendance of / });
  await expect(toggle).toHaveAttribute('data-status', 'leave');
  await adminPage.screenshot({ path: join(shots, 'admin-register-leave.png') });
  const stored = await (await request.get(`/api/admin/attendance?date=${iso}`, { headers: admin })).json();
  expect(stored.attendanceData[menteeId][iso]).toBe('leave');

  // The mentee's attendance is what the preview said.
  const dashboard = await (await request.get('/api/mentees/dashboard', { headers: mentee })).json();
  expect(String(dashboard.attendance.percentage)).toBe(after);
  expect(String(dashboard.attendance.percentageExcludingLeave)).toBe(withoutAfter);
  expect(dashboard.attendance.leaveDays).toBeGreaterThanOrEqual(1);
  for (const p of [page, mentor, adminPage]) await p.context().close();
});
