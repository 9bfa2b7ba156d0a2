import { expect, test } from '../support/portal';

// The API reference renders in a real browser under the portal's Content-Security-Policy: the operations show, one
// opens with its parameters and answers, and nothing is refused by the policy or fails in the console.
test('the API reference at /api/docs renders its operations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    // Swagger UI's own notice when it reads a deep link to an operation id with an underscore (Nest names them
    // Controller_method): a deprecation of its hash format, not a failure of the page.
    if (m.type() === 'error' && !m.text().startsWith('Deprecated: escaping deep link whitespace with `_`'))
      problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  // A deep link to one operation (Swagger UI's deepLinking): the page opens there, the operation expanded. Swagger UI
  // draws only the operations near the viewport (a virtual list), so the count is the document's, read from its state,
  // and the operation is found by its deep link rather than by scrolling to it.
  const res = await page.goto('/api/docs#/Leaves/LeavesController_approve');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");

  await expect(page.locator('.swagger-ui .info .title')).toContainText('Mentor portal API');
  await expect(page.locator('.opblock').first()).toBeVisible();
  const operations = await page.evaluate(
    () =>
      (
        window as unknown as { ui: { specSelectors: { operations: () => { size: number } } } }
      ).ui.specSelectors.operations().size,
  );
  expect(operations).toBeGreaterThan(100);

  const approve = page.locator('#operations-Leaves-LeavesController_approve');
  await expect(approve).toContainText('/api/leaves/{id}/approve');
  await expect(approve).toContainText('Approve a leave request');
  await expect(approve).toContainText('Roles: mentor, admin.');
  await expect(approve).toContainText('LEAVE_NOT_PENDING');
  expect(problems).toEqual([]);
});
