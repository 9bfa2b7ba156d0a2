import { join, resolve } from 'node:path';
import { generate } from 'otplib';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { expect, startPortal, test as base, type Page, type Portal } from '../support/portal';

// Admins' second factor in a real browser, on a portal that requires it (ADMIN_MFA=required): enrolment with the QR
// code and the recovery codes shown once, a later sign-in with a code, and another admin resetting a lost factor.

const shots = join(resolve(__dirname, '..', '..'), 'test-results', 'mfa');

const test = base.extend<object, { portal: Portal }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const { portal, stop } = await startPortal({ ADMIN_MFA: 'required' });
      await use(portal);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/** The authenticator's code `steps` time steps (30 s) from now: the app on the admin's phone. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The demo admin's token: its authenticator set up once through the API, for the worker's tests. */
let demoToken: Promise<string> | null = null;
function demoAdmin(portal: Portal): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${portal.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  demoToken ??= (async () => {
    const { mfa } = await post('/auth/login', { email: 'admin@example.edu', password: 'Demo@2026' });
    const { secret } = await post('/auth/mfa/enrolment', { challenge: mfa.challenge });
    return (await post('/auth/mfa/verify', { challenge: mfa.challenge, code: await codeAt(secret) })).token;
  })();
  return demoToken;
}

async function passwordStep(page: Page, email: string, password: string, path = '/admin/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

for (const { theme, width } of [
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
] as const) {
  test(`an admin sets up an authenticator at sign-in, sees the recovery codes once, and signs in with a code later (${theme}, ${width} px)`, async ({
    page,
    portal,
  }) => {
    // Each run its own admin, made by the demo admin through the API.
    const email = `mfa.${theme}@example.edu`;
    const api = (path: string, body: object, token?: string) =>
      fetch(`${portal.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await api(
      '/auth/register',
      {
        email,
        password: 'Admin2026xx',
        role: 'admin',
        fullName: `Admin ${theme}`,
        phone: '+1 555 0102',
        department: 'Office',
        position: 'Staff',
      },
      await demoAdmin(portal),
    );

    await passwordStep(page, email, 'Admin2026xx');
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await animationsDone(page);
    await page.screenshot({ path: join(shots, `enrol-${theme}-${width}.png`), fullPage: true });
    expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
    // A wrong code is refused and said so; the right one shows the recovery codes.
    await page.getByLabel(/6-digit code/).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible();
    await page.getByLabel(/6-digit code/).fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await page.screenshot({ path: join(shots, `codes-${theme}-${width}.png`), fullPage: true });
    expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Signed out, the next sign-in asks for a code: the app's next one (the one it showed is taken).
    await page.evaluate(() => localStorage.removeItem('token'));
    await passwordStep(page, email, 'Admin2026xx', '/login');
    await expect(page.getByLabel('Code from your authenticator app, or a recovery code')).toBeVisible();
    await page.getByLabel('Code from your authenticator app, or a recovery code').fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
}
