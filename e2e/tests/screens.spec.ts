import { scan } from '../support/a11y';
import { animationsDone, choose } from '../support/antd';
import { expect, test, type Page } from '../support/portal';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signedIn } from '../support/sign-in';

// Screens people tripped over (issue 39), checked where only a browser can tell: what overlaps what.
const shots = join(__dirname, '..', '..', 'test-results', 'screens');
mkdirSync(shots, { recursive: true });

/** No serious or critical axe-core finding (WCAG 2.1 A/AA) on what is on screen now. */
async function noSeriousAxe(page: Page) {
  expect(await scan(page)).toEqual([]);
}

for (const [width, theme] of [
  [390, 'light'],
  [1280, 'dark'],
] as const)
  test(`group cards: every action's label fits its button and no two actions overlap (${width} px, ${theme})`, async ({
    browser,
  }) => {
    const page = await signedIn(browser, 'mentor@example.edu', { viewport: { width, height: 900 }, theme });
    await page.goto('/groups');
    const card = page.getByTestId('group-card').first();
    await expect(card.getByRole('button', { name: 'Open Group Chat' })).toBeVisible();
    const boxes = await card.getByRole('button').evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return { name: b.textContent || b.getAttribute('aria-label'), fits: b.scrollWidth <= b.clientWidth, r };
      }),
    );
    expect(boxes.length).toBe(4);
    for (const b of boxes) expect(b.fits, `${b.name} fits its button`).toBe(true);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const apart = a.r.right <= b.r.left || b.r.right <= a.r.left || a.r.bottom <= b.r.top || b.r.bottom <= a.r.top;
        expect(apart, `${a.name} and ${b.name} do not overlap`).toBe(true);
      }
    await page.screenshot({ path: join(shots, `group-cards-${width}-${theme}.png`) });
    await noSeriousAxe(page);
    await page.context().close();
  });

test('student details on a phone: one label and value a row, nothing broken mid-word', async ({ browser }) => {
  const page = await signedIn(browser, 'mentor@example.edu', { viewport: { width: 390, height: 900 }, theme: 'light' });
  await page.getByRole('button', { name: 'View Details' }).first().click();
  const dialog = page.getByRole('dialog');
  const table = dialog.locator('.ant-descriptions table');
  await expect(table).toBeVisible();
  // Each row holds one label and its value.
  for (const row of await table.locator('tr').all()) await expect(row.locator('th, td')).toHaveCount(2);
  // Every value is on one line: the e-mail and the student id are never broken.
  const wrapped = await table.locator('td').evaluateAll((cells) =>
    cells
      .filter((c) => {
        // A text node laid out on two lines has two boxes.
        const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          if (range.getClientRects().length > 1) return true;
        }
        return false;
      })
      .map((c) => c.textContent),
  );
  expect(wrapped).toEqual([]);
  await page.screenshot({ path: join(shots, 'student-details-390.png') });
  await noSeriousAxe(page);
  await page.context().close();
});

test('on a phone the leaves and grievances status filter is a labelled select, not an overflowing tablist', async ({
  browser,
}) => {
  const page = await signedIn(browser, 'mentee@example.edu', { viewport: { width: 390, height: 900 }, theme: 'dark' });
  for (const path of ['/leaves', '/grievances']) {
    await page.goto(path);
    const filter = page.getByRole('combobox', { name: 'Status' });
    await expect(filter).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await noSeriousAxe(page);
    await choose(filter, 'Pending');
    await page.screenshot({ path: join(shots, `status-filter${path.replace('/', '-')}-390-dark.png`) });
  }
  await page.context().close();
});

test('closing a past day that has a register asks first, with the students it changes; Keep changes nothing', async ({
  browser,
}) => {
  const page = await signedIn(browser, 'admin@example.edu', { viewport: { width: 390, height: 900 }, theme: 'light' });
  // A recent day of the demo school's registers.
  const days = Array.from({ length: 14 }, (_, i) =>
    new Date(Date.now() - (i + 1) * 86_400_000).toISOString().slice(0, 10),
  );
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const recorded = await (
    await page.request.get(`/api/admin/attendance/recorded?dates=${days.join(',')}`, { headers })
  ).json();
  const day = recorded.days.at(-1) as string;
  const one = await (await page.request.get(`/api/admin/attendance/recorded?dates=${day}`, { headers })).json();
  await page.goto('/admin/calendar');
  await page.getByLabel('Closures to import').fill(`${day},Test closure`);
  await page.getByRole('button', { name: 'Import 1 closure' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Close a day that already has a register?')).toBeVisible();
  // Some weeks the only recent register is one other specs marked for a single student: "1 student".
  await expect(dialog).toContainText(`marks for ${one.students} student${one.students === 1 ? '' : 's'} are saved`);
  await animationsDone(page);
  await page.screenshot({ path: join(shots, 'closure-with-register-390.png') });
  await noSeriousAxe(page);
  await dialog.getByRole('button', { name: 'Keep as school days' }).click();
  await expect(dialog).toBeHidden();
  const calendar = await (await page.request.get(`/api/calendar?from=${day}&to=${day}`, { headers })).json();
  expect(calendar.closures).toEqual([]);
  await page.context().close();
});

// A 40 × 40 blue PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAAMElEQVR4nO3NQQkAAAgEsCtjMuNbwhKCn8H+S/W8iFgsFovFYrFYLBaLxWKxWHxnAbC5D0iqYG8uAAAAAElFTkSuQmCC',
  'base64',
);

for (const [width, theme] of [
  [390, 'light'],
  [1366, 'dark'],
] as const)
  test(`chat: a picked photo waits in a preview with a caption; Cancel sends nothing (${width} px, ${theme})`, async ({
    browser,
  }) => {
    const page = await signedIn(browser, 'mentee@example.edu', { viewport: { width, height: 900 }, theme });
    await page.goto('/chat');
    await page.getByRole('button', { name: /Open Dr\. Helen Carter/ }).click();
    const messages = page.getByTestId('message');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await page.getByTestId('file-input').setInputFiles({ name: 'lab.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByRole('dialog');
    const shown = preview.getByRole('img', { name: 'The photo to send: lab.png' });
    await expect(shown).toBeVisible();
    // Drawn, not a broken image.
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(40);
    await preview.getByRole('textbox', { name: 'Caption' }).fill('My lab notes');
    await animationsDone(page);
    await page.screenshot({ path: join(shots, `chat-photo-preview-${width}-${theme}.png`) });
    await noSeriousAxe(page);
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await expect(preview).toBeHidden();
    // Nothing was sent: no message with the caption, and the box is still there to write in.
    await expect(messages.filter({ hasText: 'My lab notes' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable();
    await page.context().close();
  });

test('the register on a phone: the day in a few lines, the first student and their marks on the first screen', async ({
  browser,
}) => {
  const page = await signedIn(browser, 'admin@example.edu', { viewport: { width: 390, height: 900 }, theme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/attendance');
  const summary = page.getByRole('region', { name: "The day's figures" });
  await expect(summary.getByTestId('tile-total')).toHaveText(/Total Students \d+/);
  const first = page.locator('.ant-table-tbody > tr.ant-table-row').first();
  // antd's Segmented: the radio itself is hidden, its label is what is tapped.
  const present = first.getByText('Present', { exact: true });
  await expect(present).toBeVisible();
  // Not scrolled: the page as it opens.
  expect(await page.evaluate(() => scrollY)).toBe(0);
  const box = (await present.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  // …and not under the save bar that sticks to the window's bottom: what is drawn at its centre is the label.
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.textContent,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('Present');
  await page.screenshot({ path: join(shots, 'register-390-light.png') });
  await noSeriousAxe(page);
});
