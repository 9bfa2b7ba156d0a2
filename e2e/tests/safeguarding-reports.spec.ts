import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { DEMO_PASSWORD, signedIn } from '../support/sign-in';

// A safeguarding lead handles a reported message: the queue, the message among those around it, acknowledged and
// closed with an outcome. Student09 (a mentee of the demo mentor, with the demo chat) reports through the API.
const shots = join(__dirname, '..', '..', 'test-results', 'safeguarding-reports');
mkdirSync(shots, { recursive: true });
const LEAD = { email: 'reports.lead@example.edu', fullName: 'Meera Iyer' };

async function look(page: Page, name: string, theme: 'light' | 'dark') {
  await animationsDone(page);
  await page.screenshot({ path: join(shots, `${name}-${theme}-${page.viewportSize()!.width}.png`) });
  expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
}

async function token(request: APIRequestContext, email: string): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test('a lead acknowledges a reported message and closes it with an outcome', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await token(request, 'admin@example.edu');
  const made = await request.post('/api/admin/users', {
    headers: admin,
    data: { ...LEAD, password: DEMO_PASSWORD, role: 'admin', phone: '+1 555 0198' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const leadId = (await made.json()).user._id;
  const set = await request.put(`/api/admin/users/${leadId}/safeguarding-lead`, {
    headers: admin,
    data: { lead: true },
  });
  expect(set.status()).toBe(200);

  const student = await token(request, 'student09@example.edu');
  const chats = await (await request.get('/api/messages/conversations', { headers: student })).json();
  const helen = chats.find((c: { displayName: string }) => c.displayName === 'Dr. Helen Carter');
  const page = await (await request.get(`/api/messages/individual/${helen.otherUserId}`, { headers: student })).json();
  const target = page.messages.find((m: { content: string }) => m.content.startsWith('Sure, come by'));
  const filed = await request.post('/api/safeguarding/reports', {
    headers: student,
    data: { messageId: target._id, reason: 'self_harm', note: 'I am worried about a friend in this chat.' },
  });
  expect(filed.status(), await filed.text()).toBe(201);

  const lead = await signedIn(browser, LEAD.email, { viewport: { width: 1366, height: 900 }, theme: 'light' });
  await lead.goto('/admin/safeguarding');
  const report = lead
    .getByTestId('report')
    .filter({ hasText: 'I am worried' })
    .or(lead.getByTestId('report').filter({ hasText: 'Sure, come by during office hours tomorrow.' }));
  await expect(report.first()).toContainText('Self-harm concern');
  await expect(report.first()).toContainText('Open');
  await look(lead, 'queue', 'light');
  await report
    .first()
    .getByRole('button', { name: /^Open the report/ })
    .click();
  const drawer = lead.getByRole('dialog', { name: 'Reported message' });
  await expect(drawer.getByTestId('reported-message')).toContainText('Sure, come by during office hours tomorrow.');
  await expect(drawer).toContainText('I am worried about a friend in this chat.');
  await drawer.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(lead.getByText('Report acknowledged.')).toBeVisible();
  await expect(drawer.getByTestId('report-status')).toHaveText('Acknowledged');
  await drawer.getByRole('button', { name: 'Close with outcome' }).click();
  await expect(drawer.getByText('Say what was done before closing the report')).toBeVisible();
  await drawer.getByLabel('Outcome (what was done)').fill('Spoke with the student and their guardian.');
  await look(lead, 'report', 'light');
  await drawer.getByRole('button', { name: 'Close with outcome' }).click();
  await expect(lead.getByText('Report closed.')).toBeVisible();
  await expect(drawer.getByTestId('report-status')).toHaveText('Closed');
  await lead.context().close();

  // On a phone, dark: the queue as cards, the closed report among them.
  const phone = await signedIn(browser, LEAD.email, {
    viewport: { width: 390, height: 844 },
    theme: 'dark',
    hasTouch: true,
    isMobile: true,
  });
  await phone.goto('/admin/safeguarding');
  await expect(phone.getByTestId('report').first()).toBeVisible();
  await look(phone, 'queue', 'dark');
  await phone.context().close();
});
