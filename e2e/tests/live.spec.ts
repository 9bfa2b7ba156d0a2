import { expect, test } from '../support/portal';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { animationsDone } from '../support/antd';
import { signedIn } from '../support/sign-in';

const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');

test('mentor and mentee chat live: typing shows, messages arrive without reloading, unread counts', async ({
  browser,
}) => {
  const mentor = await signedIn(browser, 'mentor@example.edu');
  const mentee = await signedIn(browser, 'mentee@example.edu');
  await mentee.getByRole('menuitem', { name: 'Chat' }).click();
  await expect(mentee.getByText('Welcome to Chat!')).toBeVisible();
  await mentee.getByRole('button', { name: 'Open Dr. Helen Carter' }).click();
  await expect(mentee).toHaveURL(/\/chat\/individual_/);

  await mentor.getByRole('menuitem', { name: 'Chat' }).click();
  await expect(mentor.getByText('Select a conversation')).toBeVisible();
  await mentor.getByRole('button', { name: 'New chat' }).click();
  await mentor.getByLabel('Search mentees').fill('stu-2026001');
  await mentor.getByRole('dialog').getByText('Jordan Rivera').click();
  await expect(mentor).toHaveURL(/\/chat\/individual_/);

  await mentor.getByRole('textbox', { name: 'Message' }).fill('Are you ready for the test?');
  await expect(mentee.getByText('Dr. Helen Carter is typing…')).toBeVisible();
  await mentor.getByRole('button', { name: 'Send' }).click();
  await expect(mentee.getByTestId('message').filter({ hasText: 'Are you ready for the test?' })).toBeVisible();
  await expect(
    mentor.getByTestId('message').filter({ hasText: 'Are you ready for the test?' }).getByLabel('Delivered'),
  ).toBeVisible();

  await mentee.getByRole('textbox', { name: 'Message' }).fill('Yes, thank you!');
  await mentee.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(mentor.getByTestId('message').filter({ hasText: 'Yes, thank you!' })).toBeVisible();
  // An attachment is sent and opened.
  await mentor
    .getByTestId('file-input')
    .setInputFiles({ name: 'homework.txt', mimeType: 'text/plain', buffer: Buffer.from('Exercises 1 to 5, page 42') });
  // It waits in a preview with a caption until Send.
  const preview = mentor.getByRole('dialog');
  await expect(preview.getByText('Send this document?')).toBeVisible();
  await preview.getByRole('textbox', { name: 'Caption' }).fill('For Monday');
  await preview.getByRole('button', { name: 'Send' }).click();
  await expect(preview).toBeHidden();
  const link = mentee.getByRole('link', { name: /homework\.txt/ });
  await expect(link).toBeVisible();
  const download = mentee.waitForEvent('download');
  await link.click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toBe('Exercises 1 to 5, page 42');
  await mentor.screenshot({ path: join(shots, 'chat-mentor.png') });

  // A group message to a conversation the mentee does not have open raises its unread count.
  await mentor.getByRole('button', { name: 'Open Math Olympiad Team' }).click();
  await expect(mentor.getByTestId('message').filter({ hasText: 'Welcome to the group!' })).toBeVisible();
  await mentor.getByRole('textbox', { name: 'Message' }).fill('Olympiad practice moves to Friday');
  await mentor.getByRole('button', { name: 'Send' }).click();
  await expect(mentee.getByRole('button', { name: 'Open Math Olympiad Team' })).toContainText(
    'Olympiad practice moves to Friday',
  );
  await mentee.screenshot({ path: join(shots, 'chat-mentee.png') });
  await mentee.context().close();
  await mentor.context().close();
});

test('a mentor posts an announcement; the mentee sees it live, likes and comments; the mentor sees the like count change', async ({
  browser,
}) => {
  const mentee = await signedIn(browser, 'mentee@example.edu');
  const mentor = await signedIn(browser, 'mentor@example.edu');
  await expect(mentee.getByRole('button', { name: 'Refresh Feed' })).toBeVisible();

  await mentor.getByRole('menuitem', { name: 'Chat' }).click();
  await mentor.getByRole('tab', { name: 'Announcements' }).click();
  const post = mentor.getByRole('button', { name: 'Post Announcement' });
  await expect(post).toBeDisabled();
  await mentor.getByLabel('Title').fill('Library open late');
  await mentor.getByLabel('Content').fill('The library stays open until 7 PM during exam week.');
  await post.click();
  await expect(mentor.getByText('Announcement posted successfully')).toBeVisible();

  await expect(mentee.getByText('New announcement received!')).toBeVisible();
  const card = mentee.getByTestId('announcement').filter({ hasText: 'Library open late' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Just now/)).toBeVisible();
  await card.getByRole('button', { name: /^Like ·/ }).click();
  await expect(card.getByRole('button', { name: /^Unlike ·/ })).toContainText('1');
  await card.getByRole('button', { name: /comment/ }).click();
  await card.getByLabel('Write a comment').fill('Thanks, that helps!');
  await card.getByLabel('Write a comment').press('Enter');
  await expect(card.getByText('Thanks, that helps!')).toBeVisible();
  await expect(card.getByText('Student')).toBeVisible();
  await mentee.screenshot({ path: join(shots, 'mentee-feed.png') });

  await mentor.getByText('Library open late').click();
  const mine = mentor.getByTestId('announcement').filter({ hasText: 'Library open late' });
  await expect(mine.getByText('Your announcement')).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Like ·/ })).toContainText('1');
  await mentee.context().close();
  await mentor.context().close();
});

test('a mentor posts to one class of their mentees: that class sees it live with its audience named, another class never', async ({
  browser,
}) => {
  // The demo mentor's mentees are all in 9-A; student02 is in 9-B with another mentor.
  const mentee = await signedIn(browser, 'mentee@example.edu');
  const other = await signedIn(browser, 'student02@example.edu');
  const mentor = await signedIn(browser, 'mentor@example.edu');
  await expect(mentee.getByRole('button', { name: 'Refresh Feed' })).toBeVisible();

  await mentor.getByRole('menuitem', { name: 'Chat' }).click();
  await mentor.getByRole('tab', { name: 'Announcements' }).click();
  await mentor.getByLabel('Title').fill('Maths test moves to Monday');
  await mentor.getByLabel('Content').fill('The class test moves to Monday, second period.');
  await mentor.getByLabel('Target audience').click();
  const listbox = mentor.getByRole('listbox');
  // The mentor's own groups and their mentees' class-sections, beside the three role audiences.
  await expect(mentor.getByRole('option', { name: 'Group: Math Olympiad Team' })).toBeVisible();
  await expect(mentor.getByRole('option', { name: 'Group: Physics Lab Club' })).toHaveCount(0);
  await expect(mentor.getByRole('option', { name: 'Class 9-B' })).toHaveCount(0);
  await expect(listbox).toBeAttached();
  await animationsDone(mentor);
  await mentor.screenshot({ path: join(shots, 'announcement-audience-picker.png') });
  await mentor.getByRole('option', { name: 'Class 9-A' }).click();
  await mentor.getByRole('button', { name: 'Post Announcement' }).click();
  await expect(mentor.getByText('Announcement posted successfully')).toBeVisible();
  await expect(
    mentor
      .locator('.ant-list-item')
      .filter({ hasText: 'Maths test moves to Monday' })
      .getByText(/Class 9-A/),
  ).toBeVisible();

  const card = mentee.getByTestId('announcement').filter({ hasText: 'Maths test moves to Monday' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Class 9-A')).toBeVisible();

  // The other class's student: not live, and not after asking the server again.
  const refreshed = other.waitForResponse((r) => r.url().includes('/api/announcements') && r.status() === 200);
  await other.getByRole('button', { name: 'Refresh Feed' }).click();
  await refreshed;
  await expect(other.getByTestId('announcement').first()).toBeVisible();
  await expect(other.getByTestId('announcement').filter({ hasText: 'Maths test moves to Monday' })).toHaveCount(0);
  for (const page of [mentee, other, mentor]) await page.context().close();
});

test("an admin marks a day and saves; after a reload it is there, and the mentee's percentage follows", async ({
  browser,
}) => {
  const mentee = await signedIn(browser, 'mentee@example.edu');
  const before = await mentee.getByTestId('card-attendance').innerText();
  // Other specs mark days of this student too (the suite shares one database): compare with what the API said first.
  const headers = { authorization: `Bearer ${await mentee.evaluate(() => localStorage.getItem('token'))}` };
  const summary = async () =>
    (await (await mentee.request.get('/api/mentees/dashboard', { headers })).json()).attendance as {
      presentDays: number;
      absentDays: number;
      totalDays: number;
    };
  const was = await summary();
  const admin = await signedIn(browser, 'admin@example.edu');
  await admin.getByRole('menuitem', { name: 'Attendance' }).click();
  await expect(admin.getByRole('heading', { name: 'Attendance Management' })).toBeVisible();
  // Today: nobody is marked yet. Mark the demo student's class present, then the demo student absent.
  await admin.getByLabel('Search students').fill('STU-2026001');
  // The search applies after a short debounce: wait for the table to narrow before marking "all" shown.
  await expect(admin.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await admin.getByRole('button', { name: 'Mark All Absent' }).click();
  await expect(admin.getByText('Unsaved', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: /Save Attendance/ }).click();
  await expect(admin.getByText('Attendance saved successfully')).toBeVisible();
  await admin.reload();
  await admin.getByLabel('Search students').fill('STU-2026001');
  await expect(admin.getByLabel('Attendance of Jordan Rivera').getByText('Absent')).toBeVisible();
  await expect(admin.locator('.ant-segmented-item-selected', { hasText: 'Absent' })).toHaveCount(1);
  await admin.screenshot({ path: join(shots, 'admin-attendance.png') });

  await mentee.reload();
  const now = await summary();
  expect(now.absentDays).toBe(was.absentDays + 1);
  await expect(mentee.getByTestId('card-attendance')).toContainText(`${now.presentDays}/${now.totalDays} days`);
  const after = await mentee.getByTestId('card-attendance').innerText();
  expect(after).not.toBe(before);
  await mentee.context().close();
  await admin.context().close();
});

test('a mentor creates a group of their mentees and sees it in the attendance overview', async ({ browser }) => {
  const mentor = await signedIn(browser, 'mentor@example.edu');
  await mentor.getByRole('menuitem', { name: 'Groups' }).click();
  await mentor.getByRole('button', { name: 'Create Group' }).click();
  const dialog = mentor.getByRole('dialog', { name: 'Create Group' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Group name is required')).toBeVisible();
  await dialog.getByLabel('Group name').fill('Science Quiz Team');
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('checkbox').nth(1).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(mentor.getByText('Group created successfully!')).toBeVisible();
  await expect(
    mentor
      .getByTestId('group-card')
      .filter({ hasText: 'Science Quiz Team' })
      .getByText(/2 members/),
  ).toBeVisible();
  await mentor.getByRole('menuitem', { name: 'Attendance' }).click();
  const card = mentor.getByTestId('attendance-group').filter({ hasText: 'Science Quiz Team' });
  await card.click();
  await expect(
    mentor
      .getByRole('dialog')
      .getByText(/Eligible|Not eligible/)
      .first(),
  ).toBeVisible();
  await mentor.screenshot({ path: join(shots, 'mentor-attendance.png') });
  await mentor.context().close();
});
