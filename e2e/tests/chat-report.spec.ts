import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { signedIn } from '../support/sign-in';

// A student reports a message of their mentor's to the safeguarding leads: why, a note, a receipt; the message then
// shows as reported. On a phone in the dark theme and on a desk in the light one.
const shots = join(__dirname, '..', '..', 'test-results', 'chat-report');
mkdirSync(shots, { recursive: true });
const MESSAGE = 'Sure, come by during office hours tomorrow.';

async function look(page: Page, name: string, theme: 'light' | 'dark') {
  await animationsDone(page);
  await page.screenshot({ path: join(shots, `${name}-${theme}-${page.viewportSize()!.width}.png`) });
  expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
}

for (const [student, width, theme] of [
  ['mentee@example.edu', 1366, 'light'],
  ['student05@example.edu', 390, 'dark'],
] as const) {
  test(`a student reports a message to the safeguarding leads (${width} px, ${theme})`, async ({ browser }) => {
    const phone = width < 400;
    const page = await signedIn(browser, student, {
      viewport: { width, height: phone ? 844 : 900 },
      theme,
      ...(phone ? { hasTouch: true, isMobile: true } : {}),
    });
    await page.goto('/chat');
    await page.getByRole('button', { name: /^Open Dr\. Helen Carter/ }).click();
    const message = page.getByTestId('message').filter({ hasText: MESSAGE }).last();
    await expect(message).toBeVisible();
    await message.locator('..').getByRole('button', { name: 'Report message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this message' });
    await expect(dialog).toContainText('The person you report is not told who reported it.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Inappropriate' }).check();
    await dialog.getByLabel('Anything else the team should know (optional)').fill('I did not like how this was said.');
    await look(page, 'report-dialog', theme);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(/Your report was received/)).toBeVisible();
    await expect(message.locator('..').getByTestId('reported')).toHaveText('Reported');
    await look(page, 'reported', theme);
    await page.context().close();
  });
}
