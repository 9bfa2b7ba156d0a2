import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { DEMO_PASSWORD, signedIn } from '../support/sign-in';

// Sessions you can see (issue 43): a student signed in on a phone and at a desk sees both under "Signed-in devices"
// and signs the other one out from here; that one's page goes back to the sign-in page by itself (its live connection
// was closed by the server), and its list holds this device alone. Students no other spec signs in as.
const shots = join(__dirname, '..', '..', 'test-results', 'sessions');
mkdirSync(shots, { recursive: true });

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESK_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const phone = { viewport: { width: 390, height: 844 }, userAgent: PHONE_UA };
const desk = { viewport: { width: 1366, height: 900 }, userAgent: DESK_UA };

async function openDevices(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Signed-in devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signed-in devices' });
  await expect(dialog.getByTestId('session').first()).toBeVisible();
  return dialog;
}

for (const [viewer, theme, email] of [
  ['desk', 'light', 'student22@example.edu'],
  ['phone', 'dark', 'student23@example.edu'],
] as const) {
  test(`a student signs their other device out from the ${viewer} (${theme})`, async ({ browser }) => {
    const other = viewer === 'desk' ? 'phone' : 'desk';
    const pages = {
      phone: await signedIn(browser, email, { ...phone, theme, hasTouch: viewer === 'phone' }),
      desk: await signedIn(browser, email, { ...desk, theme }),
    };
    const page = pages[viewer];
    const gone = pages[other];
    await expect(gone.getByTestId('card-attendance')).toBeVisible();

    const dialog = await openDevices(page);
    const rows = dialog.getByTestId('session');
    await expect(rows).toHaveCount(2);
    const device = { desk: 'Chrome on Windows', phone: 'Chrome on Android' };
    await expect(rows.first()).toContainText(device[viewer]);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.nth(1)).toContainText(device[other]);
    await animationsDone(page);
    await page.screenshot({ path: join(shots, `devices-${viewer}-${theme}.png`) });
    expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);

    await dialog.getByRole('button', { name: `Sign out ${device[other]}` }).click();
    await expect(page.getByText('That device has been signed out.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);
    // The other device finds out without a click: its live connection was closed, and its session is gone.
    await expect(gone).toHaveURL(/\/login$/);
    await gone.goto('/profile');
    await expect(gone).toHaveURL(/\/login$/);
    // This one goes on.
    await page.keyboard.press('Escape');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    // A new password ends every session, this one's live connection too, and this page keeps going on its fresh token
    // (it asks about its session when the connection closes: the new token is there first).
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const change = page.getByRole('dialog', { name: 'Change password' });
    await change.getByLabel('Current password').fill(DEMO_PASSWORD);
    await change.getByLabel('New password', { exact: true }).fill('Sessions@2026');
    await change.getByLabel('Confirm new password').fill('Sessions@2026');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect((await openDevices(page)).getByTestId('session')).toHaveCount(1);
    await Promise.all(Object.values(pages).map((p) => p.context().close()));
  });
}
