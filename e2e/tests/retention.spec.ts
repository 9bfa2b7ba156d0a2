import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { signedIn } from '../support/sign-in';

// Keeping records: an admin sets how long each kind of record is kept (Privacy page) and asks what the purge would
// delete now; on a phone and a desk, in both themes.
const shots = join(__dirname, '..', '..', 'test-results', 'retention');
mkdirSync(shots, { recursive: true });

async function look(page: Page, name: string, theme: 'light' | 'dark') {
  await animationsDone(page);
  await page.getByText('Keeping records').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, `${name}-${theme}-${page.viewportSize()!.width}.png`), fullPage: true });
  expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
}

for (const [width, theme] of [
  [1366, 'light'],
  [390, 'dark'],
] as const) {
  test(`an admin sets how long records are kept and sees what the purge would delete (${width} px, ${theme})`, async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin@example.edu', {
      viewport: { width, height: width > 400 ? 900 : 844 },
      theme,
    });
    await admin.goto('/admin/privacy');
    const card = admin.getByTestId('retention-notifications');
    const days = card.getByRole('spinbutton', { name: 'Days to keep Notifications' });
    // 180 days by default (the other run of this test may have changed it already).
    await expect(days).toHaveValue(/^\d+$/);
    await expect(admin.getByRole('switch', { name: 'Keep Chat messages for good' })).toBeChecked();
    await look(admin, 'retention', theme);
    await days.fill(width > 400 ? '120' : '150');
    await admin.getByRole('button', { name: 'Save periods' }).click();
    await expect(admin.getByText('Retention periods saved.')).toBeVisible();
    // The notice leaves by itself (3 s); scanned while fading out, its text would read as too faint.
    await expect(admin.getByText('Retention periods saved.')).toHaveCount(0, { timeout: 10_000 });
    await admin.getByRole('button', { name: 'What would go now?' }).click();
    await expect(admin.getByRole('table', { name: 'Records the purge would delete if it ran now' })).toBeVisible();
    await look(admin, 'dry-run', theme);
    await admin.context().close();
  });
}
