import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { expect, freePort, startPortal, test as base, type Page, type Portal } from '../support/portal';

// Sign-in with the school's account in a real browser: a portal configured with a real OpenID provider (oidc-provider,
// over HTTPS with a certificate made at its start; api/test/support/oidc-op.mjs), which the API trusts through
// NODE_EXTRA_CA_CERTS. The provider's own sign-in page lists its test users as buttons.

const root = resolve(__dirname, '..', '..');
const shots = join(root, 'test-results', 'oidc');
const USERS = {
  admin: { email: 'admin@example.edu', email_verified: true },
  mentor: { email: 'mentor@example.edu', email_verified: true },
  stranger: { email: 'nobody@example.edu', email_verified: true },
};

/** The provider, then the portal that uses it (the provider must know the portal's callback address first). */
async function startWithProvider(): Promise<{ portal: Portal; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-op-'));
  const port = await freePort();
  const ca = join(dir, 'ca.pem');
  const op: ChildProcess = spawn(process.execPath, [join(root, 'api', 'test', 'support', 'oidc-op.mjs')], {
    env: {
      ...process.env,
      REDIRECT_URI: `http://localhost:${port}/api/auth/oidc/callback`,
      CA_FILE: ca,
      USERS: JSON.stringify(USERS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const issuer = await new Promise<string>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the provider did not start within 20 s: ${out}`)), 20_000);
    op.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"issuer"'));
      if (line) {
        clearTimeout(timer);
        done(JSON.parse(line).issuer);
      }
    });
    op.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  });
  const { portal, stop } = await startPortal(
    {
      PUBLIC_URL: `http://localhost:${port}`,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'test-secret',
      OIDC_LABEL: 'Sign in with Test School',
      NODE_EXTRA_CA_CERTS: ca,
    },
    port,
  );
  return {
    portal,
    stop: async () => {
      await stop();
      op.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const test = base.extend<object, { portal: Portal }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const { portal, stop } = await startWithProvider();
      await use(portal);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});
// The provider's page has the certificate the API trusts through NODE_EXTRA_CA_CERTS; the browser is told to accept it.
test.use({ ignoreHTTPSErrors: true });

/** Every address the tab showed, to check that the portal's token never travels in one. */
function addresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  return seen;
}

for (const { theme, width } of [
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
] as const) {
  test(`a mentor signs in with the school account and lands on their dashboard (${theme}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    const seen = addresses(page);
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in with Test School' });
    await expect(button).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await animationsDone(page);
    await page.screenshot({ path: join(shots, `login-${theme}-${width}.png`), fullPage: true });
    expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);

    await button.click();
    await page.getByRole('button', { name: 'Sign in as mentor@example.edu' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Dr. Helen Carter' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^eyJ/);
    // The way back: the callback, then the sign-in page that collected the token; never the token in an address.
    expect(seen.some((u) => u.includes('/login?signin=provider') || u.endsWith('/login'))).toBe(true);
    expect(seen.filter((u) => /eyJ/.test(u))).toEqual([]);
  });
}

test('the admin portal signs an admin in through the provider, and refuses a mentor there', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign in with Test School' }).click();
  await page.getByRole('button', { name: 'Sign in as admin@example.edu' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  const other = await page.context().browser()!.newContext({ ignoreHTTPSErrors: true });
  const mentorPage = await other.newPage();
  await mentorPage.goto(`${new URL(page.url()).origin}/admin/login`);
  await mentorPage.getByRole('button', { name: 'Sign in with Test School' }).click();
  await mentorPage.getByRole('button', { name: 'Sign in as mentor@example.edu' }).click();
  await expect(mentorPage).toHaveURL(/\/admin\/login$/);
  await expect(mentorPage.getByRole('alert').filter({ hasText: 'Admin credentials required' })).toBeVisible();
  expect(await mentorPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await other.close();
});

for (const { theme, width } of [
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
] as const) {
  test(`someone the school has no account for is told why, until they dismiss it; nothing is created (${theme}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Test School' }).click();
    await page.getByRole('button', { name: 'Sign in as nobody@example.edu' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const notice = page.getByRole('alert').filter({ hasText: 'No portal account has the e-mail address' });
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.mouse.move(0, 0);
    await animationsDone(page);
    await page.screenshot({ path: join(shots, `refused-${theme}-${width}.png`), fullPage: true });
    expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
    // Not a passing toast: it is still there after the checks above, and goes when dismissed.
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
  });
}
