import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/portal';
import { scan } from '../support/a11y';
import { animationsDone } from '../support/antd';
import { signedIn } from '../support/sign-in';

// A student downloads their data from their profile, as a PDF and as JSON.
const shots = join(__dirname, '..', '..', 'test-results', 'my-data');
mkdirSync(shots, { recursive: true });

for (const [width, theme] of [
  [1366, 'light'],
  [390, 'dark'],
] as const) {
  test(`a student downloads their data (${width} px, ${theme})`, async ({ browser }) => {
    const page = await signedIn(browser, 'mentee@example.edu', {
      viewport: { width, height: width > 400 ? 900 : 844 },
      theme,
    });
    await page.goto('/profile');
    const card = page.getByText('Your data', { exact: true });
    await card.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: join(shots, `profile-${theme}-${width}.png`), fullPage: true });
    expect(await scan(page, { coloursOnly: theme === 'dark' })).toEqual([]);
    for (const [name, ext] of [
      ['Download as PDF', 'pdf'],
      ['Download as JSON', 'json'],
    ] as const) {
      const download = page.waitForEvent('download', { timeout: 20_000 });
      await page.getByRole('button', { name }).click();
      expect((await download).suggestedFilename()).toBe(`my-data.${ext}`);
    }
    await page.context().close();
  });
}
