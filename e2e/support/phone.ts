import { expect, type Page } from '@playwright/test';

/** The page has drawn: nothing loading on the network, no spinner or skeleton left. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .portal-spin, .ant-skeleton-active')).toHaveCount(0);
}

/**
 * Opens the phone's main menu and follows one entry, as a person does: once the page is drawn (a tap right after
 * sign-in, while the dashboard's code still arrived, once opened nothing in CI). The button says whether the menu
 * opened, so a lost tap names itself; the drawer is gone afterwards.
 */
export async function openFromMenu(page: Page, label: string, how: 'tap' | 'click' = 'tap') {
  await settled(page);
  const button = page.getByRole('button', { name: 'Open menu' });
  await button[how]();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'Main navigation' });
  await menu.getByRole('menuitem', { name: label })[how]();
  await expect(menu).toBeHidden();
}
