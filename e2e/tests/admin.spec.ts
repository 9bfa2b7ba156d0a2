import { expect, test, type Page } from '../support/portal';
import { join } from 'node:path';
import { scan } from '../support/a11y';
import { animationsDone, choose } from '../support/antd';

const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');

async function signIn(page: Page, email: string, password = 'Demo@2026') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

test('an admin creates a user, finds, edits and deactivates it, assigns a mentor, and sees it all in the audit log', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@example.edu');
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  // Create
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Role is required')).toBeVisible();
  await expect(dialog.getByText('Email and password are required').first()).toBeVisible();
  await choose(dialog.getByLabel('Role'), 'Mentee (student)');
  await dialog.getByLabel('Email').fill('casey.new@example.edu');
  await dialog.getByLabel('Password').fill('Start123');
  await dialog.getByLabel('Full name').fill('Casey Newman');
  await dialog.getByLabel('Phone').fill('+1 555 8080');
  await dialog.getByLabel('Class').fill('10');
  await dialog.getByLabel('Section').fill('A');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();

  // Find by search (debounced)
  await page.getByLabel('Search users').fill('casey');
  const card = page.getByTestId('user-card').filter({ hasText: 'Casey Newman' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await page.screenshot({ path: join(shots, 'admin-users-search.png') });

  // Edit
  await card.getByRole('button', { name: 'Edit Casey Newman' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Casey Newman' });
  await edit.getByLabel('Full name').fill('Casey Newman-Lee');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  const edited = page.getByTestId('user-card').filter({ hasText: 'Casey Newman-Lee' });
  await expect(edited).toBeVisible();

  // Deactivate: that user can no longer sign in
  await edited.getByRole('switch', { name: 'Active: Casey Newman-Lee' }).click();
  await expect(page.getByText('User status updated successfully')).toBeVisible();
  await expect(edited.getByText(/Inactive/)).toBeVisible();
  const other = await browser.newContext();
  const theirPage = await other.newPage();
  await signIn(theirPage, 'casey.new@example.edu', 'Start123');
  await expect(theirPage.getByText('Your account has been deactivated. Contact your administrator.')).toBeVisible();
  await other.close();

  // Assign a mentor
  await page.getByRole('menuitem', { name: 'Mentorship' }).click();
  await page.getByRole('tab', { name: /Mentees/ }).click();
  await expect(page).toHaveURL(/tab=mentees/);
  await page.getByLabel('Search', { exact: true }).fill('casey');
  const mentee = page.getByTestId('mentee-card').filter({ hasText: 'Casey Newman-Lee' });
  await expect(mentee.getByText('No mentor assigned')).toBeVisible();
  await mentee.getByRole('button', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Mentor to Casey Newman-Lee' });
  await animationsDone(page);
  await assign.getByText('Daniel Kim').click();
  await expect(page.getByText('Mentor assigned successfully')).toBeVisible();
  await expect(mentee.getByText('Daniel Kim')).toBeVisible();
  await page.getByRole('tab', { name: /Mentors/ }).click();
  await page.getByLabel('Search', { exact: true }).fill('');
  await expect(page.getByTestId('mentor-card').filter({ hasText: 'Daniel Kim' }).getByText('11 mentees')).toBeVisible();
  await page.screenshot({ path: join(shots, 'admin-mentorship.png') });

  // Audit log
  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'User created' }).filter({ hasText: 'casey.new@example.edu' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Profile edited' }).filter({ hasText: 'Casey Newman-Lee' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Deactivated' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Mentor assigned' }).filter({ hasText: 'Daniel Kim' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'admin-audit.png'), fullPage: true });
});

test('a non-admin is turned away from every admin screen before any admin code loads', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await signIn(page, 'mentor@example.edu');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  for (const path of ['/admin/users', '/admin/analytics', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible();
    await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  }
  expect(requested.filter((u) => u.includes('mfe-admin'))).toEqual([]);
});

test('the edit-user screen says when a user does not exist', async ({ page }) => {
  await signIn(page, 'admin@example.edu');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.goto('/admin/edit-user/6b1d2c1e-0000-4000-8000-000000000000');
  await expect(page.getByText('User Not Found')).toBeVisible();
});

for (const { width, theme } of [
  { width: 390, theme: 'dark' },
  { width: 1366, theme: 'light' },
] as const)
  test(`an admin invites a student's guardian, who shows as invited; a second one can be removed (${width} px, ${theme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    await context.addInitScript((dark) => localStorage.setItem('darkMode', dark), String(theme === 'dark'));
    const page = await context.newPage();
    await signIn(page, 'admin@example.edu');
    await expect(page).toHaveURL(/\/dashboard$/);
    // A student of the demo school no other spec uses, one per width.
    const email = width < 500 ? 'student38@example.edu' : 'student39@example.edu';
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const users = await (
      await page.request.get(`/api/admin/users?search=${email}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await page.goto(`/admin/edit-user/${users.users[0]._id}`);
    const card = page.getByTestId('guardian-accounts');
    await expect(card.getByText('No guardian has a portal account for this student yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Invite guardian' }).click();
    await expect(card.getByText("Please enter the guardian's full name")).toBeVisible();
    await card.getByLabel("Guardian's full name").fill('Grace Parent');
    await card.getByLabel("Guardian's e-mail").fill(`grace.${width}@example.com`);
    // The name's error message folds away as it is typed, moving the button (the row aligns to its foot): a click
    // during that motion can miss, so the click waits for it to end; the answer's status names any refusal.
    await expect(card.getByText("Please enter the guardian's full name")).toHaveCount(0);
    await animationsDone(page);
    const invited = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/admin/mentees/${users.users[0]._id}/guardians`),
    );
    await card.getByRole('button', { name: 'Invite guardian' }).click();
    expect((await invited).status()).toBe(201);
    await expect(page.getByText(`Invitation sent to grace.${width}@example.com`)).toBeVisible();
    await expect(card.getByText('Invited')).toBeVisible();
    await card.getByLabel("Guardian's full name").fill('Gil Parent');
    await card.getByLabel("Guardian's e-mail").fill(`gil.${width}@example.com`);
    await card.getByRole('button', { name: 'Invite guardian' }).click();
    await expect(card.getByText('This student has 2 guardians: remove one to invite another.')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: join(shots, `admin-guardians-${width}-${theme}.png`) });
    const findings = await scan(page);
    expect(findings).toEqual([]);

    await card.getByRole('listitem').filter({ hasText: 'Gil Parent' }).getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Remove Gil Parent' });
    await expect(confirm).toBeVisible();
    await animationsDone(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(card.getByText('Gil Parent')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Invite guardian' })).toBeVisible();
    await context.close();
  });
