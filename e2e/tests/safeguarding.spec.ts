import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { DEMO_PASSWORD, signedIn } from '../support/sign-in';
import { openFromMenu } from '../support/phone';

// Chats kept for safeguarding, end to end: an admin designates another admin a safeguarding lead; a mentor deletes one
// of their messages, then the whole conversation, and each vanishes from the student's open chat at once; the lead
// reads the kept copies after saying why (and the audit log keeps the reason); an admin who is not a lead is told who
// can. Rohan Nair (student13) is a mentee of the demo mentor no other spec chats with.
const shots = join(__dirname, '..', '..', 'test-results', 'safeguarding');
mkdirSync(shots, { recursive: true });
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };

const LEAD = { email: 'safeguarding.lead@example.edu', fullName: 'Priya Shah' };
const STUDENT = { email: 'student13@example.edu', fullName: 'Rohan Nair', studentId: 'stu-2026013' };
const FIRST = 'Safeguarding check: first message';
const SECOND = 'Safeguarding check: second message';
const REPLY = 'Thank you, noted';
const REASON = 'A parent reported worrying messages in this chat.';

/** A second admin for the lead, made through the API as an admin would (the demo school has one admin). */
async function createLeadAdmin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@example.edu', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const res = await request.post('/api/admin/users', {
    headers,
    data: { ...LEAD, password: DEMO_PASSWORD, role: 'admin', phone: '+1 555 0199' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Nothing serious or critical for axe (dark: the colour rules; its markup is the light theme's). */
async function accessible(page: Page, theme: 'light' | 'dark') {
  await animationsDone(page);
  expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
}

async function shot(page: Page, name: string) {
  await animationsDone(page);
  await page.screenshot({ path: join(shots, `${name}-${page.viewportSize()!.width}.png`) });
}

/** Switches the portal's theme with the header's switch (wide screens show it). */
async function toggleTheme(page: Page, dark: boolean) {
  const toggle = page.getByRole('switch', { name: 'Dark mode' });
  await toggle.click();
  if (dark) await expect(toggle).toBeChecked();
  else await expect(toggle).not.toBeChecked();
}

test('a mentor deletes a message and then the chat (gone live for the student); a lead reads the kept copies with a reason; a non-lead admin is told who can', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await createLeadAdmin(request);

  // The admin designates the new admin a lead, on their full editor; the list tags them.
  const admin = await signedIn(browser, 'admin@example.edu', { viewport: DESKTOP, theme: 'light' });
  await admin.getByRole('menuitem', { name: 'User Management' }).click();
  await admin.getByLabel('Search users').fill(LEAD.email);
  const card = admin.getByTestId('user-card').filter({ hasText: LEAD.fullName });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Safeguarding lead')).toHaveCount(0);
  await card.getByRole('link', { name: `Open full editor for ${LEAD.fullName}` }).click();
  const section = admin.getByTestId('safeguarding-lead');
  const toggle = section.getByRole('switch', { name: 'Safeguarding lead' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(admin.getByText(`${LEAD.fullName} is now a safeguarding lead`)).toBeVisible();
  await expect(toggle).toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await shot(admin, 'lead-switch-light');
  await accessible(admin, 'light');
  await admin.getByRole('button', { name: 'Back to users' }).click();
  await admin.getByLabel('Search users').fill(LEAD.email);
  await expect(
    admin.getByTestId('user-card').filter({ hasText: LEAD.fullName }).getByText('Safeguarding lead'),
  ).toBeVisible();

  // The student has the chat open on a phone; the mentor writes twice and the student answers.
  const mentor = await signedIn(browser, 'mentor@example.edu', { viewport: DESKTOP, theme: 'light' });
  const student = await signedIn(browser, STUDENT.email, { ...PHONE, theme: 'dark' });
  await mentor.getByRole('menuitem', { name: 'Chat' }).click();
  await mentor.getByRole('button', { name: 'New chat' }).click();
  await mentor.getByLabel('Search mentees').fill(STUDENT.studentId);
  await animationsDone(mentor);
  await mentor.getByRole('dialog').getByText(STUDENT.fullName).click();
  await expect(mentor).toHaveURL(/\/chat\/individual_/);
  for (const text of [FIRST, SECOND]) {
    await mentor.getByRole('textbox', { name: 'Message' }).fill(text);
    await mentor.getByRole('button', { name: 'Send' }).click();
    await expect(mentor.getByTestId('message').filter({ hasText: text }).getByLabel('Delivered')).toBeVisible();
  }
  await openFromMenu(student, 'Chat');
  await student.getByRole('button', { name: /^Open Dr\. Helen Carter/ }).tap();
  await expect(student.getByTestId('message').filter({ hasText: FIRST })).toBeVisible();
  await expect(student.getByTestId('message').filter({ hasText: SECOND })).toBeVisible();
  await student.getByRole('textbox', { name: 'Message' }).fill(REPLY);
  await student.getByRole('button', { name: 'Send' }).tap();
  const reply = student.getByTestId('message').filter({ hasText: REPLY });
  await expect(reply.getByLabel('Delivered')).toBeVisible();
  // Each of one's own messages can be deleted, with a finger-sized button on a phone.
  const ownDelete = reply.locator('..').getByRole('button', { name: 'Delete message' });
  const box = (await ownDelete.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await expect(mentor.getByTestId('message').filter({ hasText: REPLY })).toBeVisible();

  // The mentor deletes their first message, from the keyboard: it goes from the student's screen at once.
  const first = mentor.getByTestId('message').filter({ hasText: FIRST });
  await first.locator('..').getByRole('button', { name: 'Delete message' }).focus();
  await mentor.keyboard.press('Enter');
  const confirmMessage = mentor.getByRole('dialog').filter({ hasText: 'Delete this message?' });
  await expect(confirmMessage).toContainText(
    "Delete this message? It will be removed for everyone in this chat. The school's safeguarding leads keep a copy for 365 days.",
  );
  await shot(mentor, 'delete-message-light');
  await accessible(mentor, 'light');
  await confirmMessage.getByRole('button', { name: 'Delete' }).click();
  await expect(mentor.getByText('Message deleted.')).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(student.getByTestId('message').filter({ hasText: FIRST })).toHaveCount(0);
  await expect(student.getByTestId('message').filter({ hasText: SECOND })).toBeVisible();
  await shot(student, 'student-after-message-deleted-dark');
  await accessible(student, 'dark');

  // Then the whole conversation: it empties on the student's screen at once.
  await mentor.getByRole('button', { name: 'Conversation menu' }).click();
  await mentor.getByRole('menuitem', { name: 'Delete Conversation' }).click();
  const confirmChat = mentor.getByRole('dialog').filter({ hasText: 'Delete this conversation?' });
  await expect(confirmChat).toContainText(
    "Delete this conversation? It will be removed for everyone in it. The school's safeguarding leads keep a copy for 365 days.",
  );
  // Clicked once the confirmation has stopped zooming in: a click on a moving button can be lost.
  await animationsDone(mentor);
  await confirmChat.getByRole('button', { name: 'Delete' }).click();
  await expect(mentor.getByText('Conversation deleted successfully.')).toBeVisible();
  await expect(student.getByTestId('message')).toHaveCount(0);
  await expect(student.getByText('No messages yet. Say hello!')).toBeVisible();
  await shot(student, 'student-after-chat-deleted-dark');
  await student.context().close();
  await mentor.context().close();

  // The lead finds both kept copies, newest first, and reads the single message after saying why (390 px, light).
  const lead = await signedIn(browser, LEAD.email, { viewport: NARROW, theme: 'light' });
  await openFromMenu(lead, 'Safeguarding', 'click');
  await expect(lead).toHaveURL(/\/safeguarding$/);
  await expect(lead.getByRole('heading', { level: 1, name: 'Safeguarding' })).toBeVisible();
  await lead.getByRole('tab', { name: 'Deleted chats' }).click();
  const kept = lead.getByTestId('kept-chat').filter({ hasText: STUDENT.fullName });
  await expect(kept).toHaveCount(2);
  await expect(kept.first()).toContainText('Whole chat');
  await expect(kept.first()).toContainText('2 messages');
  await expect(kept.first()).toContainText(`${STUDENT.fullName} (Student)`);
  await expect(kept.first()).toContainText('Deleted by Dr. Helen Carter on');
  await expect(kept.first()).toContainText('Purged on');
  const single = kept.nth(1);
  await expect(single).toContainText('One message');
  await expect(single).toContainText('1 message');
  await shot(lead, 'kept-chats-light');
  await accessible(lead, 'light');

  await single.getByRole('button', { name: /^Read / }).click();
  const dialog = lead.getByRole('dialog');
  await expect(dialog.getByText('Your reading and this reason are recorded in the audit log.')).toBeVisible();
  await animationsDone(lead);
  await dialog.getByRole('button', { name: 'Read chat' }).click();
  await expect(dialog.getByText('Please say why you need to read this chat')).toBeVisible();
  await dialog.getByLabel('Why do you need to read this chat?').fill('Checking');
  await expect(dialog.getByText('Write at least 10 characters')).toBeVisible();
  await shot(lead, 'read-reason-light');
  await accessible(lead, 'light');
  await dialog.getByLabel('Why do you need to read this chat?').fill(REASON);
  await dialog.getByRole('button', { name: 'Read chat' }).click();
  const message = dialog.getByTestId('kept-message');
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(FIRST);
  await expect(message).toContainText('Dr. Helen Carter');
  await expect(message).toContainText('Mentor');
  await shot(lead, 'read-chat-light');
  await accessible(lead, 'light');
  await lead.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The whole chat at 1366 px: the table, then dark; the reading is in the audit log with its reason.
  await lead.setViewportSize(DESKTOP);
  // The cards give way to the table once the page has taken in the new width: click in the table, not in a card
  // that is about to go.
  const table = lead.getByRole('table');
  await expect(table).toBeVisible();
  const row = table.getByTestId('kept-chat').filter({ hasText: 'Whole chat' }).filter({ hasText: STUDENT.fullName });
  await row.getByRole('button', { name: /^Read / }).click();
  const wholeDialog = lead.getByRole('dialog');
  await expect(wholeDialog.getByRole('button', { name: 'Read chat' })).toBeVisible();
  await wholeDialog.getByLabel('Why do you need to read this chat?').fill(REASON);
  await wholeDialog.getByRole('button', { name: 'Read chat' }).click();
  // Read: the form gives way to the messages (a failure would keep the form and say why).
  await expect(wholeDialog.getByLabel('Why do you need to read this chat?')).toHaveCount(0);
  const messages = wholeDialog.getByTestId('kept-message');
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText(SECOND);
  await expect(messages.nth(1)).toContainText(REPLY);
  await expect(messages.nth(1)).toContainText('Student');
  await shot(lead, 'read-chat-light');
  await lead.keyboard.press('Escape');
  await expect(lead.getByRole('dialog')).toBeHidden();
  await shot(lead, 'kept-chats-light');
  await accessible(lead, 'light');
  await toggleTheme(lead, true);
  await shot(lead, 'kept-chats-dark');
  await accessible(lead, 'dark');
  await lead.setViewportSize(NARROW);
  await shot(lead, 'kept-chats-dark');
  await accessible(lead, 'dark');
  const token = await lead.evaluate(() => localStorage.getItem('token'));
  const audit = await (
    await lead.request.get('/api/admin/audit?action=safeguarding.read', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  expect(JSON.stringify(audit.items)).toContain(REASON);
  await lead.context().close();

  // The admin who is not a lead is told who can read kept chats (1366 px light, then 390 px dark).
  await admin.getByRole('menuitem', { name: 'Safeguarding' }).click();
  // Reports first: the lead's queue is theirs too.
  await expect(admin.getByTestId('reports-not-lead')).toContainText(
    "Only the school's safeguarding leads handle reported messages.",
  );
  await admin.getByRole('tab', { name: 'Deleted chats' }).click();
  const alert = admin.getByTestId('not-lead');
  await expect(alert).toHaveText(
    "Only the school's safeguarding leads can read kept chats. An admin can designate leads in User Management.",
  );
  await expect(admin.getByTestId('kept-chat')).toHaveCount(0);
  await shot(admin, 'not-lead-light');
  await accessible(admin, 'light');
  await toggleTheme(admin, true);
  await admin.setViewportSize(NARROW);
  await shot(admin, 'not-lead-dark');
  await accessible(admin, 'dark');
  await admin.context().close();
});
