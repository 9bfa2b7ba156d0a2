import { animationsDone } from '../support/antd';
import { expect, test, type Page } from '../support/portal';
import { join } from 'node:path';

// The portal is installable and starts without the network on a second visit; API answers are never cached.
const shots = join(__dirname, '..', '..', 'test-results', 'screenshots');
// The other specs block service workers (playwright.config.ts); these are about them.
test.use({ serviceWorkers: 'allow' });

/** Opens the sign-in page and waits until the service worker has installed (precached) and controls the page. */
async function firstVisit(page: Page) {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Every URL held in the worker's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
    }
    return urls;
  });

test('the web app manifest, its icons and the service worker are served', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Mentor Portal', start_url: '/', display: 'standalone' });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9A-F]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9A-F]{6}$/i);
  const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose} icon`).toBeDefined();
    const res = await request.get(icon!.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  const text = await sw.text();
  const precache = JSON.parse(/const PRECACHE = (.*);/.exec(text)![1]) as string[];
  const roleFiles = JSON.parse(/const ROLE_FILES = (.*);/.exec(text)![1]) as Record<string, string[]>;
  // Everyone keeps the shell, no remote and never an API address; each role its own remotes and chat.
  expect(precache).toContain('/index.html');
  expect(precache.filter((p) => p.startsWith('/remotes/') || p.startsWith('/api'))).toEqual([]);
  const remotesOf = (role: string) => [...new Set(roleFiles[role].map((p) => p.split('/')[2]))].sort();
  expect(remotesOf('admin')).toEqual(['mfe-admin', 'mfe-chat']);
  expect(remotesOf('mentor')).toEqual(['mfe-chat', 'mfe-mentor']);
  expect(remotesOf('mentee')).toEqual(['mfe-chat', 'mfe-mentee']);
  // A guardian keeps their own remote only: no chat is theirs.
  expect(remotesOf('guardian')).toEqual(['mfe-guardian']);
  for (const role of ['admin', 'mentor', 'mentee', 'guardian'])
    expect(roleFiles[role]).toContain(`/remotes/${remotesOf(role).find((r) => r !== 'mfe-chat')}/remoteEntry.js`);
});

test("a student's browser keeps the student's remotes and never downloads the admin's, the worker included; signing out drops them", async ({
  page,
  context,
}) => {
  const asked: string[] = [];
  // Every request of the context: the pages' and the service worker's.
  context.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await firstVisit(page);
  expect((await cachedUrls(page)).filter((p) => p.startsWith('/remotes/'))).toEqual([]);
  await page.getByLabel('Email').fill('mentee@example.edu');
  await page.getByLabel('Password').fill('Demo@2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Jordan Rivera' })).toBeVisible();
  await expect.poll(() => cachedUrls(page)).toContain('/remotes/mfe-mentee/remoteEntry.js');
  await expect.poll(() => cachedUrls(page)).toContain('/remotes/mfe-chat/remoteEntry.js');
  expect(asked.filter((p) => p.startsWith('/remotes/mfe-admin/') || p.startsWith('/remotes/mfe-mentor/'))).toEqual([]);

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await cachedUrls(page)).filter((p) => p.startsWith('/remotes/'))).toEqual([]);
  expect(asked.filter((p) => p.startsWith('/remotes/mfe-admin/'))).toEqual([]);
});

test('after a first visit the portal starts offline; API calls then fail instead of being answered from cache', async ({
  page,
  context,
}) => {
  await firstVisit(page);
  // Signed in, so the page has made API calls through the worker.
  await page.getByLabel('Email').fill('mentee@example.edu');
  await page.getByLabel('Password').fill('Demo@2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Jordan Rivera' })).toBeVisible();
  const health = await page.evaluate(() => fetch('/api/health').then((r) => r.status));
  expect(health).toBe(200);
  // The signed-in student's remotes are kept too, not only the shell.
  await expect.poll(() => cachedUrls(page)).toContain('/remotes/mfe-mentee/remoteEntry.js');
  await page.evaluate(() => localStorage.removeItem('token'));

  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await page.screenshot({ path: join(shots, 'pwa-offline-login.png') });
  const cached = await cachedUrls(page);
  expect(cached.filter((p) => p.startsWith('/api') || p.startsWith('/socket.io'))).toEqual([]);
  // An API call made offline reaches the (absent) network and fails: no stored answer stands in for it.
  const offline = await page.evaluate(() =>
    fetch('/api/health').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(offline).toBe('failed');
  await context.setOffline(false);
});

test('offline, a page address shows the offline page when the shell is not in the cache', async ({ page, context }) => {
  await firstVisit(page);
  await page.evaluate(async () => {
    for (const name of await caches.keys()) await (await caches.open(name)).delete('/index.html');
  });
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  await page.screenshot({ path: join(shots, 'pwa-offline-page.png') });
  await context.setOffline(false);
});

test('reopened without a network, a signed-in student keeps the session: the pages last seen, read-only, under an Offline banner; signing out wipes what was kept', async ({
  page,
  context,
}) => {
  const kept = () => page.evaluate(() => localStorage.getItem('portal.kept'));
  await firstVisit(page);
  await page.getByLabel('Email').fill('mentee@example.edu');
  await page.getByLabel('Password').fill('Demo@2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Jordan Rivera' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Leaves' }).click();
  await expect(page.getByRole('button', { name: 'Request Leave' })).toBeEnabled();
  await expect.poll(kept).toContain('/leaves/mentee');
  await expect.poll(() => cachedUrls(page)).toContain('/remotes/mfe-mentee/remoteEntry.js');

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Hello, Jordan Rivera' })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'Offline: you are seeing what this device last showed' });
  await expect(banner).toBeVisible();
  await page.screenshot({ path: join(shots, 'pwa-offline-session.png') });
  await page.getByRole('menuitem', { name: 'Leaves' }).click();
  await expect(page.getByRole('button', { name: 'Request Leave' })).toBeDisabled();
  // A page not seen on this device: an offline state, not the browser's "Failed to fetch".
  await page.getByRole('menuitem', { name: 'Grievances' }).click();
  await expect(page.getByText('this page has not been opened on this device yet')).toBeVisible();
  await expect(page.getByText(/failed to fetch/i)).toHaveCount(0);

  // Back online, the banner goes and the page loads by itself.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Grievance' })).toBeEnabled();
  // Back online, the page asks afresh for what it shows (the session, the notifications): the menu is opened once
  // those answers are in and the page has stopped moving, so no re-render takes the open menu away.
  await page.waitForLoadState('networkidle');
  await animationsDone(page);
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByText('Sign out')).toBeVisible();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await kept()).toBeNull();
});

for (const { width, theme } of [
  { width: 390, theme: 'dark' },
  { width: 1366, theme: 'light' },
] as const)
  test(`a returning visit starts with the screen last seen, drawn before the app's code runs; the app replaces it; signing out wipes it (${width} px, ${theme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      serviceWorkers: 'allow',
      viewport: { width, height: width < 500 ? 844 : 900 },
    });
    await context.addInitScript(
      (dark) => {
        if (!localStorage.getItem('darkMode')) localStorage.setItem('darkMode', dark);
        // What index.html drew, read as soon as it is there: before any of the app's code has run.
        new MutationObserver((_, observer) => {
          const drawn = document.getElementById('prerendered');
          // (index.html's drawings of the sign-in page are there first, until its script replaces them)
          if (!drawn?.querySelector('h1') || drawn.querySelector('.prerendered-light, .prerendered-dark')) return;
          Object.assign(window, {
            drawn: {
              heading: drawn.querySelector('h1')!.textContent,
              redrawn: document.documentElement.classList.contains('redrawn'),
              ids: drawn.querySelectorAll('[id]').length,
              appRan: !!document.querySelector('#root *'),
            },
          });
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      },
      String(theme === 'dark'),
    );
    const page = await context.newPage();
    const screen = () => page.evaluate(() => localStorage.getItem('portal.screen'));
    await firstVisit(page);
    await page.getByLabel('Email').fill('mentee@example.edu');
    await page.getByLabel('Password').fill('Demo@2026');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Jordan Rivera' })).toBeVisible();
    await page.goto('/leaves');
    await expect(page.getByRole('button', { name: 'Request Leave' })).toBeEnabled();
    await expect.poll(() => cachedUrls(page)).toContain('/remotes/mfe-mentee/remoteEntry.js');

    // Leaving the page keeps its picture; coming back draws it at once, and the app's own page takes its place.
    await page.goto('/leaves');
    await expect(page.getByRole('button', { name: 'Request Leave' })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { drawn?: unknown }).drawn)).toEqual({
      heading: 'Leave Requests',
      redrawn: true,
      ids: 0,
      appRan: false,
    });
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/redrawn/);

    // Without the app's code (gone from the worker's cache, no network) the drawing stays: what a person sees first.
    await page.evaluate(async () => {
      const main = document.querySelector<HTMLScriptElement>('script[src*="/main."]')!.src;
      for (const name of await caches.keys()) await (await caches.open(name)).delete(main);
    });
    await context.setOffline(true);
    await page.goto('/leaves');
    const drawing = page.locator('#prerendered');
    await expect(drawing.getByRole('heading', { name: 'Leave Requests', includeHidden: true })).toBeVisible();
    await expect(drawing).toHaveAttribute('inert', '');
    await expect(drawing).toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('#root')).toBeHidden();
    await page.screenshot({ path: join(shots, `pwa-last-screen-${width}-${theme}.png`), fullPage: true });
    await context.setOffline(false);

    // Another page was never drawn: the app's own, straight away. Signing out wipes the picture.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Hello, Jordan Rivera' })).toBeVisible();
    expect(await screen()).not.toBeNull();
    await page.waitForLoadState('networkidle');
    await animationsDone(page);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByText('Sign out').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await screen()).toBeNull();
    await context.close();
  });
