import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { settled } from '../support/phone';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

// The admin on a phone (390 × 844): the menu is a drawer opened from the header, the admin tables keep the student
// and the actions without scrolling sideways, dialogs fill the screen. At 1366 px the sidebar and full tables stay.
const shots = join(__dirname, '..', '..', 'test-results', 'phone-layout');
mkdirSync(shots, { recursive: true });
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

async function signIn(page: Page, request: APIRequestContext, theme: Theme) {
  const res = await request.post('/api/auth/login', { data: { email: 'admin@example.edu', password: 'Demo@2026' } });
  expect(res.status()).toBe(200);
  const { token } = await res.json();
  await page.addInitScript(
    ([t, dark]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('darkMode', dark);
    },
    [token, String(theme === 'dark')],
  );
}

async function sideways(page: Page) {
  return page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });
}

/** Opens the phone menu and follows one entry; the drawer closes and focus is back on the menu button. */
async function goVia(page: Page, label: string, path: string) {
  const button = page.getByRole('button', { name: 'Open menu' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('menu', { name: 'Main navigation' });
  await nav.getByRole('menuitem', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
}

for (const theme of THEMES) {
  test(`admin on a phone: drawer menu, tables without sideways scroll, full-screen dialogs (${theme})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request, theme);
    await page.goto('/dashboard');
    await settled(page);
    // No sidebar icon strip; a 44 px menu button instead.
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    const box = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('menu', { name: 'Main navigation' }).getByRole('menuitem')).toContainText([
      'Dashboard',
      'Profile',
      'User Management',
    ]);
    await page.screenshot({ path: join(shots, `menu-${theme}-390.png`) });
    // Escape closes it and hands focus back to the button.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await goVia(page, 'Leaves', '/admin/leaves');
    await settled(page);
    const table = page.locator('.ant-table');
    await expect(table.getByRole('columnheader', { name: 'Student' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Approved by' })).toHaveCount(0);
    const details = table.getByRole('button', { name: 'View Details' }).first();
    await expect(details).toBeInViewport();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `leaves-${theme}-390.png`), fullPage: true });
    // A dialog fills the screen.
    await details.click();
    const dialog = page.locator('.ant-modal-container').last();
    await expect(dialog).toBeVisible();
    // Measured once antd's opening zoom has finished.
    await expect.poll(() => dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await page.screenshot({ path: join(shots, `leave-dialog-${theme}-390.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await goVia(page, 'Grievances', '/admin/grievances');
    await settled(page);
    await expect(table.getByRole('columnheader', { name: 'Student' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'View Details' }).first()).toBeInViewport();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `grievances-${theme}-390.png`), fullPage: true });

    await goVia(page, 'User Management', '/admin/users');
    await settled(page);
    await expect(page.getByTestId('user-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeInViewport();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `users-${theme}-390.png`), fullPage: true });
  });

  test(`admin at 1366 px keeps the sidebar and full tables (${theme})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, request, theme);
    await page.goto('/admin/leaves');
    await settled(page);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await expect(page.locator('.ant-layout-sider')).toBeVisible();
    await expect(page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'Leaves' })).toBeVisible();
    for (const column of ['Student', 'Type', 'School days', 'Start', 'End', 'Status', 'Approved by', 'Actions'])
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await page.screenshot({ path: join(shots, `leaves-${theme}-1366.png`) });
    // A dialog stays a centred dialog.
    await page.getByRole('button', { name: 'View Details' }).first().click();
    const dialog = page.locator('.ant-modal-container').last();
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThan(1000);
    await page.keyboard.press('Escape');
    await page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'Grievances' }).click();
    await settled(page);
    for (const column of ['Student', 'Subject', 'Category', 'Priority', 'Status', 'Submitted / due', 'Actions'])
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    // The deadline is never under the sticky Actions column: its header ends before Actions begins, and the first
    // row's due date is what a click on it reaches.
    const dueHeader = (await page.getByRole('columnheader', { name: 'Submitted / due', exact: true }).boundingBox())!;
    const actionsHeader = (await page.getByRole('columnheader', { name: 'Actions', exact: true }).boundingBox())!;
    expect(dueHeader.x + dueHeader.width).toBeLessThanOrEqual(actionsHeader.x);
    const dueCell = page.locator('.ant-table-tbody tr.ant-table-row').first().getByText(/^due /);
    expect(
      await dueCell.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    ).toBe(true);
    await page.screenshot({ path: join(shots, `grievances-${theme}-1366.png`) });
    await page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'User Management' }).click();
    await settled(page);
    await page.screenshot({ path: join(shots, `users-${theme}-1366.png`) });

    // The sidebar folds to its icons from the keyboard, and its button says which way it goes.
    const sider = page.locator('.ant-layout-sider');
    const fold = page.getByRole('button', { name: 'Collapse menu' });
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    await fold.focus();
    await page.keyboard.press('Enter');
    await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
    const unfold = page.getByRole('button', { name: 'Expand menu' });
    await expect(unfold).toHaveAttribute('aria-expanded', 'false');
    // The sidebar narrows in a short transition.
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThanOrEqual(65);
    await expect(sider.getByRole('menuitem', { name: 'Leaves' })).toBeVisible();
    await page.screenshot({ path: join(shots, `users-${theme}-1366-folded.png`) });
    await unfold.press('Enter');
    await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  });
}
