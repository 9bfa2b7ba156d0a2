import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { DEMO_PASSWORD, signedIn } from '../support/sign-in';

// Erasure on request: the admin's Delete of a student lists what a legal hold keeps before confirming, then the
// student is gone from User Management and their sign-in ends. Each run makes its own student (and erases them), so
// no other spec's figures change.
const shots = join(__dirname, '..', '..', 'test-results', 'erasure');
mkdirSync(shots, { recursive: true });

async function look(page: Page, name: string, theme: 'light' | 'dark') {
  await animationsDone(page);
  await page.screenshot({ path: join(shots, `${name}-${theme}-${page.viewportSize()!.width}.png`) });
  expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
}

/** A new student, made by the admin, who files one grievance (open: a legal hold keeps it); their token. */
async function studentWithGrievance(request: APIRequestContext, email: string, fullName: string): Promise<string> {
  const login = async (who: string) =>
    (await (await request.post('/api/auth/login', { data: { email: who, password: DEMO_PASSWORD } })).json())
      .token as string;
  const admin = { authorization: `Bearer ${await login('admin@example.edu')}` };
  const made = await request.post('/api/admin/users', {
    headers: admin,
    data: {
      email,
      password: DEMO_PASSWORD,
      role: 'mentee',
      fullName,
      phone: '+91 90000 12345',
      class: '9',
      section: 'B',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const token = await login(email);
  const filed = await request.post('/api/grievances', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: fullName,
      email,
      rollNo: 'ER-1',
      subject: 'Lockers',
      grievanceType: 'other',
      dateOfIncident: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      description: 'My locker was opened.',
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return token;
}

for (const [width, theme] of [
  [1366, 'light'],
  [390, 'dark'],
] as const) {
  test(`an admin erases a student after seeing what is kept (${width} px, ${theme})`, async ({ browser, request }) => {
    const fullName = `Erin Erasure ${width}`;
    const email = `erin.erasure.${width}@example.edu`;
    const token = await studentWithGrievance(request, email, fullName);

    const admin = await signedIn(browser, 'admin@example.edu', {
      viewport: { width, height: width > 400 ? 900 : 844 },
      theme,
    });
    await admin.goto('/admin/users');
    await admin.getByLabel('Search users').fill(email);
    const card = admin.getByTestId('user-card').filter({ hasText: fullName });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Delete ${fullName}` }).click();
    // The pointer leaves the button it pressed (its hover colours are not what is judged under the dialog).
    await admin.mouse.move(0, 0);
    const dialog = admin.getByRole('dialog', { name: `Erase ${fullName}?` });
    await expect(dialog.getByTestId('erasure-holds')).toHaveText(
      '1 open grievance, with the name as filed, until it is closed',
    );
    await expect(dialog.getByText("No one else's writing names this student.")).toBeVisible();
    await look(admin, 'dialog', theme);

    await dialog.getByRole('button', { name: 'Erase student' }).click();
    await expect(
      admin.getByText(`${fullName} erased. Kept under a legal hold: 1 open grievance, with the name as filed`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(admin.getByTestId('user-card').filter({ hasText: fullName })).toHaveCount(0);
    await look(admin, 'after', theme);

    // Their sign-in ended at once.
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    await admin.context().close();
  });
}
