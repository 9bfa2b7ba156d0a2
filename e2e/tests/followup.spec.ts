import { expect, test } from '../support/portal';
import { join } from 'node:path';

// Early warning: three unexcused absences in a row put a student in the mentor's follow-up queue; the mentor logs a
// meeting from the queue and the student leaves it.
const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

test('a mentor follows up a student from the queue: 3 absences in a row, a logged meeting, out of the queue', async ({
  page,
  request,
}) => {
  const login = async (email: string) => {
    const res = await request.post('/api/auth/login', { data: { email, password: 'Demo@2026' } });
    expect(res.status()).toBe(200);
    return { authorization: `Bearer ${(await res.json()).token}` };
  };
  const admin = await login('admin@example.edu');
  const mentor = await login('mentor@example.edu');
  // The last of the demo mentor's mentees (other specs use the first, mentee@example.edu).
  const mentees: { _id: string; fullName: string; userId: { email: string } }[] = await (
    await request.get('/api/mentors/mentees', { headers: mentor })
  ).json();
  const student = mentees.filter((m) => m.userId.email !== 'mentee@example.edu').at(-1)!;

  // The last three school days up to the school's today, each marked absent by the admin.
  const around = new Date().toISOString().slice(0, 10);
  const calendar = await (
    await request.get(`/api/calendar?from=${addDays(around, -21)}&to=${addDays(around, 1)}`, { headers: admin })
  ).json();
  const schoolDay = (d: string) =>
    !calendar.weekendDays.includes(weekday(d)) && !calendar.closures.some((c: { date: string }) => c.date === d);
  const days: string[] = [];
  for (let d: string = calendar.today; days.length < 3; d = addDays(d, -1)) if (schoolDay(d)) days.push(d);
  for (const date of days) {
    const res = await request.post('/api/admin/attendance', {
      headers: admin,
      data: { date, attendanceData: { [student._id]: { [date]: 'absent' } } },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/login');
  await page.getByLabel('Email').fill('mentor@example.edu');
  await page.getByLabel('Password').fill('Demo@2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The signal reaches the queue (evaluated after the register's save), with its evidence.
  const queue = page.getByTestId('followup-queue');
  const signals = queue.getByTestId(`queue-signals-${student._id}`);
  await expect(signals).toContainText('Absences in a row');
  await expect(signals).toContainText(/\d+ absences in a row: /);
  await page.screenshot({ path: join(shots, 'followup-queue.png'), fullPage: true });
  // On a phone the queue is a list that never scrolls sideways; the rest of the walk happens there.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(signals).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
  await page.screenshot({ path: join(shots, 'followup-queue-phone.png'), fullPage: true });

  await queue.getByRole('button', { name: `Log follow-up with ${student.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Log follow-up: ${student.fullName}` });
  await dialog.getByLabel('Summary').fill('Met the student and a parent: unwell this week, back on Monday.');
  await dialog.getByRole('button', { name: 'Add action item' }).click();
  await dialog.getByLabel('Action item 1', { exact: true }).fill('Bring the medical note');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(queue.getByTestId(`queue-signals-${student._id}`)).toHaveCount(0);
  const left = await (await request.get('/api/followup/queue', { headers: mentor })).json();
  expect(left.some((e: { menteeId: string }) => e.menteeId === student._id)).toBe(false);
  const log = await (await request.get(`/api/followup/mentees/${student._id}`, { headers: mentor })).json();
  expect(log.log[0]).toMatchObject({
    summary: 'Met the student and a parent: unwell this week, back on Monday.',
    actionItems: [{ text: 'Bring the medical note', done: false }],
  });
});
