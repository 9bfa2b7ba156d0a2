import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/portal';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

// Hindi is chosen on the sign-in page of a phone: its texts are fetched only then, the whole portal follows (the shell
// and the role's remote), the choice outlives a reload, and the account menu switches back to English.
const shots = join(__dirname, '..', '..', 'test-results', 'languages');
mkdirSync(shots, { recursive: true });

/** Every JavaScript body the page has downloaded so far, to tell whether the Hindi catalogue came with them. */
function collectScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (!res.url().endsWith('.js')) return;
    try {
      bodies.push(await res.text());
    } catch {
      /* the page moved on */
    }
  });
  return bodies;
}

test('Hindi is fetched when chosen, reaches every part of the page, is remembered, and English comes back', async ({
  browser,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  const scripts = collectScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // The sign-in page in English carries no Hindi: the catalogue is another download.
  expect(scripts.some((s) => s.includes('फिर से स्वागत है'))).toBe(false);

  const hindi = page.getByRole('button', { name: 'हिन्दी' });
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await hindi.click();
  await expect(page.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeVisible();
  await expect(hindi).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(scripts.some((s) => s.includes('फिर से स्वागत है'))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');
  await page.screenshot({ path: join(shots, 'login-hi-390.png'), fullPage: true });

  // Signing in through the Hindi form lands on a Hindi dashboard: the shell's menu and the mentee remote's texts.
  await page.getByLabel('ई-मेल').fill('mentee@example.edu');
  await page.getByLabel('पासवर्ड').fill('Demo@2026');
  await page.getByRole('button', { name: 'साइन इन करें' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: /^नमस्ते, / })).toBeVisible();
  await expect(page.getByText('छुट्टियों की स्थिति')).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: join(shots, 'mentee-dashboard-hi-390.png'), fullPage: true });

  // Remembered on this browser: a reload starts in Hindi.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^नमस्ते, / })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // Back to English from the account menu.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /खाता मेन्यू/ }).click();
  await page.getByRole('menuitem', { name: 'भाषा' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  await ctx.close();
});
