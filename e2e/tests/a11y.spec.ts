import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { animationsDone } from '../support/antd';
import { focusHidden, scan } from '../support/a11y';

// WCAG 2.2 AA and axe's best practices on every route of every role, at 1366 and 390 px (the dark theme: its colours
// at both widths): no serious or critical finding, text axe leaves unjudged measured (support/a11y.ts), and at 390 px no
// control hidden under a sticky header or bar once focused (2.4.11). No page scrolls sideways at 1366 px, 390 px, nor
// at 360 px (the narrowest phone we design for). One sign-in per role and theme, and the routes are visited by the
// app's own navigation, so that the scan is quick enough to run on every change. Each route's screenshots are kept
// under test-results/a11y with the violations found (<theme>-<role>-<route>.json).
const PASSWORD = 'Demo@2026';
const root = join(__dirname, '..', '..');
const out = join(root, 'test-results', 'a11y');
mkdirSync(out, { recursive: true });

type Role = 'admin' | 'mentor' | 'mentee' | 'guardian';
interface RouteManifest {
  routes: { path: string; roles: Role[] }[];
}

/** The signed-in routes, read from the remotes' route manifests (what the menus and the shell's router use). */
function routesOf(role: Role): string[] {
  const paths = new Set<string>();
  for (const remote of ['mfe-admin', 'mfe-mentor', 'mfe-mentee', 'mfe-guardian', 'mfe-chat']) {
    const manifest: RouteManifest = JSON.parse(readFileSync(join(root, remote, 'src', 'route-manifest.json'), 'utf8'));
    for (const route of manifest.routes) if (route.roles.includes(role)) paths.add(route.path);
  }
  return [...paths];
}

const PUBLIC_PAGES = ['/login', '/signup', '/reset-password?token=not-a-real-token', '/admin/login'];
const ROLES: Role[] = ['admin', 'mentor', 'mentee', 'guardian'];
const THEMES = ['light', 'dark'] as const;

async function signInToken(request: APIRequestContext, role: Role): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: `${role}@example.edu`, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** Fills route parameters with real records (an optional one is left out). */
async function concretePath(request: APIRequestContext, token: string, path: string): Promise<string> {
  let concrete = path.replace(/\/:[A-Za-z]+\?/g, '');
  if (concrete.includes(':userId')) {
    const res = await request.get('/api/admin/users?role=mentee', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const { users } = await res.json();
    concrete = concrete.replace(':userId', users[0]._id);
  }
  return concrete;
}

/**
 * Colours are measured as they end up, never halfway through a transition: antd's controls fade between colours for
 * 0.2 s (also when a style sheet arrives after the element), and axe would catch one mid-way.
 */
const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';

/** Waits until the page has settled: no request in flight and no spinner or skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .portal-spin, .ant-skeleton-active')).toHaveCount(0);
  // Colours are measured once transitions end (a button fading in is not yet its colour).
  await animationsDone(page);
}

/** How far the page scrolls sideways (0 when nothing is wider than the window). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });

/** Moves to a path the way a link in the app does (no reload), and waits for the page to settle. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `scan${idx}`, idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
  await settle(page);
}

const slug = (path: string) =>
  path
    .replace(/\?.*/, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '') || 'root';

// Each test stands alone (its own sign-in), so the two workers may share this file's tests out.
test.describe.configure({ mode: 'parallel' });

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 780 };
const DESK = { width: 1366, height: 900 };

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ viewport: DESK });

    test('public pages', async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      for (const path of PUBLIC_PAGES) {
        await test.step(path, async () => {
          await page.setViewportSize(DESK);
          await page.goto(path);
          await page.addStyleTag({ content: NO_TRANSITIONS });
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await settle(page);
          const name = `${theme}-public-${slug(path)}`;
          const serious = await scan(page, { coloursOnly: theme === 'dark' });
          const wide = await sideways(page);
          await page.screenshot({ path: join(out, `${name}-1366.png`) });
          await page.setViewportSize(PHONE);
          await settle(page);
          const onPhone = await scan(page, { coloursOnly: theme === 'dark' });
          const phone = await sideways(page);
          await page.screenshot({ path: join(out, `${name}-390.png`), fullPage: true });
          await page.setViewportSize(NARROW);
          const narrow = await sideways(page);
          writeFileSync(join(out, `${name}.json`), JSON.stringify({ serious, onPhone, wide, phone, narrow }, null, 2));
          expect
            .soft({ path, serious, onPhone, wide, phone, narrow })
            .toEqual({ path, serious: [], onPhone: [], wide: 0, phone: 0, narrow: 0 });
        });
      }
    });

    for (const role of ROLES) {
      /** Signs `role` in on `page` in this theme and answers the concrete address of each of the role's routes. */
      const open = async (page: Page, request: APIRequestContext) => {
        const token = await signInToken(request, role);
        await page.addInitScript(
          ([t, dark]) => {
            localStorage.setItem('token', t);
            localStorage.setItem('darkMode', dark);
          },
          [token, String(theme === 'dark')],
        );
        const paths: string[] = [];
        for (const route of routesOf(role)) paths.push(await concretePath(request, token, route));
        await page.goto(paths[0]);
        await page.addStyleTag({ content: NO_TRANSITIONS });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        return paths;
      };

      test(`every ${role} route`, async ({ page, request }) => {
        test.setTimeout(8 * 60_000);
        const paths = await open(page, request);

        // At the desk: axe, and nothing wider than the window.
        for (const path of paths) {
          await test.step(`${path} at 1366 px`, async () => {
            await visit(page, path);
            const name = `${theme}-${role}-${slug(path)}`;
            const serious = await scan(page, { coloursOnly: theme === 'dark' });
            const wide = await sideways(page);
            await page.screenshot({ path: join(out, `${name}-1366.png`) });
            writeFileSync(join(out, `${name}.json`), JSON.stringify({ serious, wide }, null, 2));
            expect.soft({ path, serious, wide }).toEqual({ path, serious: [], wide: 0 });
          });
        }

        // On a phone: the shell's phone frame (menu in a drawer). In the same page as the desk pass: every page's code
        // is in by now, so each route shows at once (a route whose code is still on its way would leave the previous
        // page on screen while the router waits for it). The dark theme checks its colours here too (the phone frame
        // draws other parts: the drawer, compact tiles, the status selects); its markup is the light theme's.
        const dark = theme === 'dark';
        await page.setViewportSize(PHONE);
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
        for (const path of paths) {
          await test.step(`${path} at 390 px`, async () => {
            await visit(page, path);
            const name = `${theme}-${role}-${slug(path)}-390`;
            const serious = await scan(page, { coloursOnly: dark });
            const phone = await sideways(page);
            const hidden = dark ? [] : await focusHidden(page);
            // The first screen, as a student sees it (a whole long page costs a second a route to photograph).
            await page.screenshot({ path: join(out, `${name}.png`) });
            // The narrowest phone we design for: nothing wider than the screen.
            await page.setViewportSize(NARROW);
            const narrow = await sideways(page);
            await page.setViewportSize(PHONE);
            writeFileSync(join(out, `${name}.json`), JSON.stringify({ serious, phone, narrow, hidden }, null, 2));
            expect
              .soft({ path, serious, phone, narrow, hidden })
              .toEqual({ path, serious: [], phone: 0, narrow: 0, hidden: [] });
          });
        }
      });
    }
  });
}
