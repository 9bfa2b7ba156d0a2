/**
 * What each custom build plugin (tools/build/, tools/perf/) must have written into the apps' dist folders. Run after
 * `npm run build` (npm test builds first): `npx jest -c tools/jest.config.cjs`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const REMOTES = ['mfe-admin', 'mfe-mentor', 'mfe-mentee', 'mfe-guardian', 'mfe-chat'];
const dist = (app: string) => join(root, app, 'dist');
const json = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const shellHtml = () => readFileSync(join(dist('shell'), 'index.html'), 'utf8');

beforeAll(() => {
  for (const app of ['shell', ...REMOTES])
    if (!existsSync(join(dist(app), 'remoteEntry.js')) && !existsSync(join(dist(app), 'index.html')))
      throw new Error(`${app}/dist is missing: run npm run build first`);
});

describe('tools/perf/antd-chunks.mjs', () => {
  it("puts the shell's antd code into antd-core and antd-frame", () => {
    const files = readdirSync(dist('shell'));
    for (const name of ['antd-core', 'antd-frame'])
      expect(files.filter((f) => new RegExp(`^${name}\\.[0-9a-f]+\\.js$`).test(f))).toHaveLength(1);
  });
});

describe("a remote's route manifest", () => {
  it.each(REMOTES)('%s: beside its remoteEntry.js, as written (the shell reads it at run time)', (remote) => {
    expect(json(join(dist(remote), 'route-manifest.json'))).toEqual(
      json(join(root, remote, 'src/route-manifest.json')),
    );
  });
});

describe('tools/perf/prerender.mjs', () => {
  it('draws the sign-in page in both themes before the root, inert and disabled', () => {
    const html = shellHtml();
    expect(html).toMatch(/<div id="prerendered" inert aria-hidden="true"><div class="prerendered-light">/);
    expect(html).toContain('<div class="prerendered-dark">');
    expect(html.indexOf('id="prerendered"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.match(/<fieldset disabled class="prerendered-form">/g)).toHaveLength(2);
  });
});

describe('tools/build/precache-list.mjs', () => {
  it.each(['shell', ...REMOTES])('%s: lists every file the service worker may keep, and nothing else', (app) => {
    const listed = json<string[]>(join(dist(app), 'precache-manifest.json'));
    const files = readdirSync(dist(app), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dist(app).length + 1))
      .filter((f) => !/\.map$|\.LICENSE\.txt$|^sw\.js$|^precache-manifest\.json$/.test(f))
      .sort();
    expect(listed).toEqual(files);
  });
});

describe('tools/build/remote-version.mjs', () => {
  it.each(REMOTES)('%s: its version, the contracts it was built against and the singletons it expects', (remote) => {
    const version = json<Record<string, unknown>>(join(dist(remote), 'version.json'));
    const own = json<{ name: string; version: string }>(join(root, remote, 'package.json'));
    expect(version).toMatchObject({
      name: own.name,
      version: own.version,
      contractsVersion: json<{ version: string }>(join(root, 'libs/contracts/package.json')).version,
    });
    expect(version.shared).toEqual(
      expect.arrayContaining(['react', 'react-dom', '@portal/contracts', 'antd/es/button']),
    );
    expect(new Date(version.builtAt as string).getTime()).not.toBeNaN();
  });
});
