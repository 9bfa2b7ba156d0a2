import { expect, test, type Page } from '../support/portal';
import { join } from 'node:path';

const PASSWORD = 'Demo@2026';
const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

async function signIn(page: Page, email: string, password = PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

const DASHBOARDS = [
  { role: 'admin', heading: 'Admin Dashboard', remote: 'mfe-admin' },
  { role: 'mentor', heading: 'Welcome, Dr. Helen Carter', remote: 'mfe-mentor' },
  { role: 'mentee', heading: 'Hello, Jordan Rivera', remote: 'mfe-mentee' },
  { role: 'guardian', heading: 'Hello, Maria Rivera', remote: 'mfe-guardian' },
];

for (const { role, heading, remote } of DASHBOARDS) {
  test(`${role} signs in and sees the dashboard from ${remote}`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await signIn(page, `${role}@example.edu`);
    // The notice shows for 3 s from sign-in, while the dashboard may still be loading: look for it first.
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(requested.some((p) => p.startsWith(`/remotes/${remote}/`))).toBe(true);
    // Only the role's own remote is downloaded.
    for (const other of ['mfe-admin', 'mfe-mentor', 'mfe-mentee', 'mfe-guardian'].filter((r) => r !== remote)) {
      expect(requested.filter((p) => p.startsWith(`/remotes/${other}/`))).toEqual([]);
    }
    await shot(page, `${role}-dashboard-light`);
  });
}

test('a mentee never requests any mfe-admin file, even on an admin address', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await signIn(page, 'mentee@example.edu');
  await expect(page.getByTestId('card-attendance')).toBeVisible();
  await page.goto('/admin/users');
  await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible();
  await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
  await shot(page, 'mentee-admin-denied');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/chat');
  await expect(page.getByText('Welcome to Chat!')).toBeVisible();
  expect(requested.filter((u) => u.includes('mfe-admin') || u.includes('mfe_admin'))).toEqual([]);
});

test('dark mode survives a reload', async ({ page }) => {
  await signIn(page, 'mentor@example.edu');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await shot(page, 'mentor-dashboard-dark');
});

test('a wrong password shows the notice and stays on /login', async ({ page }) => {
  await signIn(page, 'mentor@example.edu', 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the login form validates before sending', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await shot(page, 'login-validation');
});

test('admin portal: a mentor is refused, the admin gets in', async ({ page }) => {
  await signIn(page, 'mentor@example.edu', PASSWORD, '/admin/login');
  await expect(page.getByText('Access denied. Admin credentials required.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await signIn(page, 'admin@example.edu', PASSWORD, '/admin/login');
  await expect(page.getByText('Admin login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('System Online')).toBeVisible();
});

test('a visitor registers as a mentee at /signup and then signs in', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please select your role.')).toBeVisible();
  await page.getByText('Mentee (student)').click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Class is required')).toBeVisible();
  await expect(page.getByText('Section is required')).toBeVisible();
  await page.getByLabel('Full name').fill('Priya Test');
  await page.getByLabel('Phone').fill('+1 555 1234');
  await page.getByLabel('Email').fill('priya.test@example.edu');
  await page.getByLabel('Password').fill('secret123');
  await page.getByLabel('Class').fill('10');
  await page.getByLabel('Section').fill('C');
  await shot(page, 'signup-filled');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully! Please login.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'priya.test@example.edu', 'secret123');
  await expect(page.getByRole('heading', { name: 'Hello, Priya Test' })).toBeVisible();
  await expect(page.getByText('No mentor assigned yet')).toBeVisible();
});

test('an admin creates another admin, who can then use the admin portal', async ({ page }) => {
  await signIn(page, 'admin@example.edu');
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/signup$/);
  await page.getByLabel('Full name').fill('Second Admin');
  await page.getByLabel('Email').fill('second.admin@example.edu');
  await page.getByLabel('Password').fill('secret123');
  await page.getByLabel('Phone').fill('+1 555 7777');
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByText('Admin account created successfully!')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await shot(page, 'create-admin');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'second.admin@example.edu', 'secret123', '/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test('sign-out ends the session: protected pages go back to /login', async ({ page }) => {
  await signIn(page, 'mentee@example.edu');
  await expect(page.getByTestId('card-attendance')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a remote that fails to load shows the error panel for its area only, and Try Again recovers', async ({
  page,
}) => {
  await page.route('**/remotes/mfe-mentor/**', (route) => route.abort());
  await signIn(page, 'mentor@example.edu');
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Groups' })).toBeVisible();
  await shot(page, 'remote-error-panel');
  await page.unroute('**/remotes/mfe-mentor/**');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});

test('the mentor edits their profile', async ({ page }) => {
  await signIn(page, 'mentor@example.edu');
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Citations').fill('Best mentor award 2026');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByText('Best mentor award 2026')).toBeVisible();
  await shot(page, 'mentor-profile');
});

test("the mentor opens a mentee's details and the full mentee list from the dashboard (dialogs load on first open)", async ({
  page,
}) => {
  await signIn(page, 'mentor@example.edu');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await page.getByRole('button', { name: 'View Details' }).first().click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Student ID')).toBeVisible();
  await expect(details.getByText('Monthly attendance (last 12 months)')).toBeVisible();
  await expect(details.getByText(/^Present days:/)).toBeVisible();
  await shot(page, 'mentor-student-details');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();
  await page.getByTestId('card-total-mentees').click();
  const list = page.getByRole('dialog', { name: 'My Mentees' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('button', { name: 'View Details' })).toHaveCount(10);
});
