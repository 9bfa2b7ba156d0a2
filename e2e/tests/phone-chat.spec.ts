import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

// Chat on a phone (390 × 844): list → conversation with a Back action, no sideways scrolling, and axe-core finds no
// serious or critical violation on either screen, in both themes. Screenshots at 390 and 1366 px are kept.
const shots = join(__dirname, '..', '..', 'test-results', 'phone-chat');
mkdirSync(shots, { recursive: true });
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

test.use({ viewport: { width: 390, height: 844 } });

async function signIn(page: Page, request: APIRequestContext, role: 'mentor' | 'mentee', theme: Theme) {
  const res = await request.post('/api/auth/login', { data: { email: `${role}@example.edu`, password: 'Demo@2026' } });
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

/** Nothing on the page is wider than the screen, and axe-core finds nothing serious or critical. */
async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .portal-spin, .ant-skeleton-active')).toHaveCount(0);
  const sideways = await page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  await page.screenshot({ path: join(shots, `${name}-${page.viewportSize()!.width}.png`) });
  expect({ sideways: Math.max(0, sideways), serious }).toEqual({ sideways: 0, serious: [] });
}

/** The same screen at desktop width, for the record (the list sits beside the conversation there). */
async function desktopShot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(shots, `${name}-1366.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const theme of THEMES) {
  test(`${theme}: the mentee opens the chat with the mentor on a phone, sends a message, and goes back`, async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'mentee', theme);
    await page.goto('/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    const helen = page.getByRole('button', { name: /^Open Dr\. Helen Carter/ });
    await expect(helen).toBeVisible();
    // The list has the whole width: no conversation pane squeezed beside it.
    await expect(page.getByText('Welcome to Chat!')).toHaveCount(0);
    const box = (await helen.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await check(page, `${theme}-mentee-list`);

    await helen.click();
    await expect(page).toHaveURL(/\/chat\/individual_/);
    const back = page.getByRole('button', { name: 'Back to conversations' });
    await expect(back).toBeVisible();
    const backBox = (await back.boundingBox())!;
    expect(Math.min(backBox.width, backBox.height)).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole('heading', { level: 2, name: 'Dr. Helen Carter' })).toBeFocused();
    await expect(page.getByRole('button', { name: /^Open Math Olympiad Team/ })).toHaveCount(0);

    const text = `Phone hello (${theme})`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-optimistic', 'false');
    // The composer is at the bottom of the screen, inside it.
    const composer = (await page.getByRole('textbox', { name: 'Message' }).boundingBox())!;
    expect(composer.y + composer.height).toBeLessThanOrEqual(844);
    expect(composer.y).toBeGreaterThan(844 / 2);
    await check(page, `${theme}-mentee-conversation`);
    await desktopShot(page, `${theme}-mentee-conversation`);

    await back.click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(helen).toBeFocused();
    // The browser's own back button works as well: the URL names the conversation.
    await helen.click();
    await expect(page).toHaveURL(/\/chat\/individual_/);
    await page.goBack();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(helen).toBeVisible();
  });

  test(`${theme}: the mentor opens a group chat on a phone and sends to the group`, async ({ page, request }) => {
    await signIn(page, request, 'mentor', theme);
    await page.goto('/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    const group = page.getByRole('button', { name: /^Open Math Olympiad Team/ });
    await expect(group).toBeVisible();
    await check(page, `${theme}-mentor-list`);
    await desktopShot(page, `${theme}-mentor-list`);

    await group.click();
    await expect(page).toHaveURL(/\/chat\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Math Olympiad Team' })).toBeFocused();
    const text = `Group practice moved to Friday (${theme})`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-optimistic', 'false');
    await check(page, `${theme}-mentor-group`);

    // The new-chat picker fills the phone's screen.
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await page.getByRole('button', { name: 'New chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a new chat' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Chat with / }).first()).toBeVisible();
    // Measured once antd's opening animation has finished (it scales the dialog up).
    await expect.poll(async () => (await dialog.boundingBox())!.width).toBeGreaterThanOrEqual(388);
    await check(page, `${theme}-mentor-picker`);
  });
}
