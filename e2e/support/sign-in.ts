import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

/** Every demo account's password (api/src/database/seed/demo-seed.ts). */
export const DEMO_PASSWORD = 'Demo@2026';

/** Signs `email` in on the sign-in page as a person does (clicking, or tapping on a touch phone) and waits for the
 * dashboard. */
export async function signInOn(page: Page, email: string, how: 'click' | 'tap' = 'click') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i })[how]();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export interface SignedInOptions extends BrowserContextOptions {
  /** The theme the portal opens in (saved before the first page, as a returning visitor's choice). */
  theme?: 'light' | 'dark';
}

/** Another person: a browser context of their own (its own storage and cookies), signed in on the sign-in page. */
export async function signedIn(browser: Browser, email: string, options: SignedInOptions = {}): Promise<Page> {
  const { theme, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  if (theme) await context.addInitScript((dark) => localStorage.setItem('darkMode', dark), String(theme === 'dark'));
  const page = await context.newPage();
  await signInOn(page, email, contextOptions.hasTouch ? 'tap' : 'click');
  return page;
}
