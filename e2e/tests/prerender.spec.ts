import { expect, test, type Page } from '../support/portal';
import { join } from 'node:path';
import { watchConsole } from '../support/console';

// The sign-in page drawn at build time (shell/src/prerender.tsx, written into index.html by shell/rspack.config.mjs):
// a visitor sees it before the app's code has arrived (bench/page-load.mjs), it cannot be typed into, and the app
// replaces it with the working page; nobody else ever sees it.

const shots = join(__dirname, '..', '..', 'test-results', 'prerender');

/** The page as the browser draws it from index.html alone: none of the app's scripts run. */
async function withoutScripts(page: Page, before: Record<string, string> = {}) {
  await page.route('**/*.js', (route) => route.abort());
  await page.addInitScript((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, before);
}

const drawing = (page: Page) => page.locator('#prerendered');

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1366]) {
    test(`before the app's code, a visitor sees the sign-in page (${theme}, ${width} px), and cannot type into it`, async ({
      page,
    }) => {
      const problems = await watchConsole(page);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await withoutScripts(page, theme === 'dark' ? { darkMode: 'true' } : {});
      await page.goto('/login');
      await expect(drawing(page).getByText('Welcome back')).toBeVisible();
      await expect(drawing(page).locator('#signin-email')).toBeVisible();
      // Inert and disabled: nothing typed here could survive the app taking over.
      await expect(drawing(page).locator('#signin-email')).toBeDisabled();
      await expect(drawing(page)).toHaveAttribute('inert', '');
      await expect(page.locator('#root')).toBeHidden();
      // Only the saved theme's drawing stays (the other's ids would be doubled), with the browser's colours to match.
      await expect(page.locator('.prerendered-light')).toHaveCount(theme === 'light' ? 1 : 0);
      await expect(page.locator('.prerendered-dark')).toHaveCount(theme === 'dark' ? 1 : 0);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
        theme === 'dark' ? 'dark' : 'normal',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(shots, `drawn-${width}-${theme}.png`) });
      // The scripts were refused on purpose; index.html's own inline scripts must pass the Content-Security-Policy.
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    });
  }
}

test('the app replaces the drawing: one form, typed into, that signs in; no warning, no CSP violation', async ({
  page,
}) => {
  const problems = await watchConsole(page);
  // When the drawing leaves, the working form must already be in the app's root: no blank or spinner in between,
  // from / (the start page sends a visitor straight to /login) as from /login.
  await page.addInitScript(() => {
    const w = window as unknown as { formWhenDrawingLeft?: boolean[] };
    w.formWhenDrawingLeft = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.removedNodes)
          if ((node as Element).id === 'prerendered')
            w.formWhenDrawingLeft!.push(!!document.querySelector('#root #signin-email'));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill('mentee@example.edu');
  await page.getByLabel('Password').fill('Demo@2026');
  await expect(drawing(page)).toHaveCount(0);
  await expect(page.locator('#signin-email')).toHaveCount(1);
  await expect(page.locator('#root')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { formWhenDrawingLeft: boolean[] }).formWhenDrawingLeft),
  ).toEqual([true]);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('card-attendance')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a signed-in user, another page or another language never sees the drawing', async ({ browser }) => {
  const cases: [string, Record<string, string>, boolean][] = [
    ['/login', { token: 'a-stored-session' }, false],
    ['/dashboard', {}, false],
    ['/admin/login', {}, false],
    ['/signup', {}, false],
    ['/login', { language: 'hi' }, false],
    // A saved English choice (say, on a Hindi browser) keeps it.
    ['/login', { language: 'en' }, true],
  ];
  for (const [path, stored, shown] of cases) {
    const page = await browser.newPage();
    await withoutScripts(page, stored);
    await page.goto(path);
    // Not drawn means taken out of the document at once, not merely hidden.
    await expect(drawing(page), `${path} ${JSON.stringify(stored)}`).toHaveCount(shown ? 1 : 0);
    await page.close();
  }
});
