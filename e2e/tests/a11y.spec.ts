import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// WCAG 2.1 AA on every route of every role, in both themes: axe-core finds no serious or critical violation, and at
// phone width (390 × 844) no page scrolls sideways. Each route's screenshots are kept under test-results/a11y, with the
// violations found (a11y/<theme>-<role>-<route>.json) for whoever fixes them.
const PASSWORD = 'Demo@2026';
const root = join(__dirname, '..', '..');
const out = join(root, 'test-results', 'a11y');
mkdirSync(out, { recursive: true });

type Role = 'admin' | 'mentor' | 'mentee';
interface RouteManifest {
  routes: { path: string; roles: Role[] }[];
}

/** The signed-in routes, read from the remotes' route manifests (what the menus and the shell's router use). */
function routesOf(role: Role): string[] {
  const paths = new Set<string>();
  for (const remote of ['mfe-admin', 'mfe-mentor', 'mfe-mentee', 'mfe-chat']) {
    const manifest: RouteManifest = JSON.parse(readFileSync(join(root, remote, 'src', 'route-manifest.json'), 'utf8'));
    for (const route of manifest.routes) if (route.roles.includes(role)) paths.add(route.path);
  }
  return [...paths];
}

const PUBLIC_PAGES = ['/login', '/signup', '/reset-password?token=not-a-real-token', '/admin/login'];
const ROLES: Role[] = ['admin', 'mentor', 'mentee'];
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

/** Waits until the page has settled: no request in flight and no spinner or skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
}

async function scan(page: Page, name: string, signedIn: boolean): Promise<{ serious: Finding[]; sideways: number }> {
  await settle(page);
  await page.screenshot({ path: join(out, `${name}-1366.png`), fullPage: true });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  // At phone width nothing may be wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  // The shell switches to its phone frame (menu in a drawer) once antd has measured the new width: measure after that.
  if (signedIn) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await settle(page);
  const sideways = await page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });
  await page.screenshot({ path: join(out, `${name}-390.png`), fullPage: true });
  writeFileSync(join(out, `${name}.json`), JSON.stringify({ serious, sideways }, null, 2));
  return { serious, sideways };
}

const slug = (path: string) =>
  path
    .replace(/\?.*/, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '') || 'root';

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ viewport: { width: 1366, height: 900 } });

    for (const path of PUBLIC_PAGES) {
      test(`public ${path.replace(/\?.*/, '')}`, async ({ page }) => {
        await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const { serious, sideways } = await scan(page, `${theme}-public-${slug(path)}`, false);
        expect({ serious, sideways }).toEqual({ serious: [], sideways: 0 });
      });
    }

    for (const role of ROLES) {
      for (const route of routesOf(role)) {
        test(`${role} ${route}`, async ({ page, request }) => {
          const token = await signInToken(request, role);
          await page.addInitScript(
            ([t, dark]) => {
              localStorage.setItem('token', t);
              localStorage.setItem('darkMode', dark);
            },
            [token, String(theme === 'dark')],
          );
          const path = await concretePath(request, token, route);
          await page.goto(path);
          await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          const { serious, sideways } = await scan(page, `${theme}-${role}-${slug(path)}`, true);
          expect({ serious, sideways }).toEqual({ serious: [], sideways: 0 });
        });
      }
    }
  });
}
