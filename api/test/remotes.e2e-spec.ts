import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { RemoteVersion } from '../src/remotes/remote-version.entity';
import { bearer, startTestApp, TEST_DB, tokenFor, type TestApp } from './support/test-app';
import { waitUntil } from './support/wait';

const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);
const DEFAULT = '/remotes/mfe-mentee/remoteEntry.js';
const VERSION = {
  name: 'mfe-mentee',
  version: '0.2.0',
  commit: 'abc123',
  contractsVersion: '0.1.0',
  shared: ['react'],
};

const LOCAL_ADMIN = { name: 'mfe-admin', version: '0.1.0', commit: 'local1', contractsVersion: '0.2.0', extra: 1 };

/** The registry's refresh (5 s) and one read: every instance serves a change within this. */
const FOLLOW_MS = 10_000;

describe(`the remote registry: npm run remotes (${TEST_DB})`, () => {
  let t: TestApp;
  let cdn: Server;
  let cdnUrl: string;

  beforeAll(async () => {
    t = await startTestApp();
    // The API's own build of mfe-admin, as `npm run build` leaves it.
    mkdirSync(join(t.config.webDir, 'mfe-admin', 'dist'), { recursive: true });
    writeFileSync(join(t.config.webDir, 'mfe-admin', 'dist', 'version.json'), JSON.stringify(LOCAL_ADMIN));
    // A second origin serving a remote's version.json, as a CDN would.
    cdn = createServer((req, res) => {
      if (req.url === '/mentee/v2/version.json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(VERSION));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => cdn.close(resolve));
    await t.close();
  });

  /** Runs the command as `npm run remotes -- …` does, on the test app's database; answers its exit code and output. */
  async function remotes(...args: string[]): Promise<{ code: number; out: string }> {
    const db = t.config.database;
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      JWT_SECRET: t.config.jwtSecret,
      ...(db.type === 'mysql' ? { DATABASE_URL: db.url } : { DATA_DIR: t.config.dataDir }),
    };
    const cli = join(ROOT, 'api', 'src', 'remotes.cli.ts');
    const register = join(__dirname, 'support', 'ts-register.cjs');
    try {
      const { stdout, stderr } = await run(process.execPath, ['-r', register, cli, ...args], {
        cwd: ROOT,
        env,
        timeout: 30_000,
      });
      return { code: 0, out: stdout + stderr };
    } catch (e) {
      const failed = e as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    }
  }

  const entryServed = async () => (await t.http().get('/remotes.json').expect(200)).body.mfe_mentee.entry as string;
  const csp = async () => (await t.http().get('/remotes.json')).headers['content-security-policy'] as string;

  it('sets a remote from another origin: every request follows without a restart, CSP included; audited', async () => {
    expect(await entryServed()).toBe(DEFAULT);
    const entry = `${cdnUrl}/mentee/v2/remoteEntry.js`;
    const set = await remotes('set', 'mfe_mentee', entry);
    expect(set).toMatchObject({ code: 0 });
    expect(set.out).toContain(`mfe_mentee now served from ${entry}`);

    await waitUntil(async () => (await entryServed()) === entry, { ms: FOLLOW_MS, what: 'the new entry' });
    expect(await csp()).toMatch(new RegExp(`script-src [^;]*${cdnUrl.replace(/[.]/g, '\\.')}`));
    // The other remotes stay where they were.
    expect((await t.http().get('/remotes.json')).body.mfe_admin.entry).toBe('/remotes/mfe-admin/remoteEntry.js');

    const stored = await t.db.getRepository(RemoteVersion).find();
    expect(stored).toEqual([
      expect.objectContaining({ remote: 'mfe_mentee', entry, version: VERSION, rolledBackAt: null }),
    ]);
    expect(stored[0].setBy).toMatch(/.+@.+/);
    const audit = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'remote.set' });
    expect(audit).toMatchObject({ actorId: null, actorEmail: stored[0].setBy, targetLabel: 'mfe_mentee' });
    expect(audit.changes).toEqual({ entry: { from: DEFAULT, to: entry } });

    const list = await remotes('list');
    expect(list.code).toBe(0);
    expect(list.out).toContain(`mfe_mentee  ${entry}`);
    expect(list.out).toContain('current v0.2.0');

    // The admin's Deployments page: the set remote with its build and history; the others on their default builds.
    const admin = await tokenFor(t, 'admin@example.edu');
    const page = await t.http().get('/api/admin/remotes').set(bearer(admin)).expect(200);
    const mentee = page.body.remotes.find((r: { remote: string }) => r.remote === 'mfe_mentee');
    expect(mentee).toEqual({
      remote: 'mfe_mentee',
      entry,
      source: 'registry',
      build: { version: '0.2.0', commit: 'abc123', contractsVersion: '0.1.0' },
      deployments: [
        {
          entry,
          build: { version: '0.2.0', commit: 'abc123', contractsVersion: '0.1.0' },
          setBy: stored[0].setBy,
          createdAt: stored[0].createdAt.toISOString(),
          rolledBackAt: null,
          state: 'current',
        },
      ],
      deploymentCount: 1,
    });
    const adminRemote = page.body.remotes.find((r: { remote: string }) => r.remote === 'mfe_admin');
    expect(adminRemote).toMatchObject({
      entry: '/remotes/mfe-admin/remoteEntry.js',
      source: 'default',
      deployments: [],
      deploymentCount: 0,
    });
    // Read from the API's own build of mfe-admin: only the fields the page shows.
    expect(adminRemote.build).toEqual({ version: '0.1.0', commit: 'local1', contractsVersion: '0.2.0' });
    for (const who of ['mentor@example.edu', 'mentee@example.edu'])
      await t
        .http()
        .get('/api/admin/remotes')
        .set(bearer(await tokenFor(t, who)))
        .expect(403);
  }, 60_000);

  it('rolls back one step each time, to the default after the first set; then has nothing to roll back', async () => {
    const first = `${cdnUrl}/mentee/v2/remoteEntry.js`;
    const second = `${cdnUrl}/mentee/v3/remoteEntry.js`;
    const set = await remotes('set', 'mfe_mentee', second);
    expect(set.code).toBe(0);
    // No version.json beside it: set, with a warning.
    expect(set.out).toContain('Warning: no version.json');
    await waitUntil(async () => (await entryServed()) === second, { ms: FOLLOW_MS, what: 'the second entry' });

    expect((await remotes('rollback', 'mfe_mentee')).code).toBe(0);
    await waitUntil(async () => (await entryServed()) === first, { ms: FOLLOW_MS, what: 'the first entry again' });
    const back = await remotes('rollback', 'mfe_mentee');
    expect(back.out).toContain(`now served from ${DEFAULT}`);
    await waitUntil(async () => (await entryServed()) === DEFAULT, { ms: FOLLOW_MS, what: 'the default entry' });
    expect(await csp()).not.toContain(cdnUrl);

    const nothing = await remotes('rollback', 'mfe_mentee');
    expect(nothing).toMatchObject({ code: 1 });
    expect(nothing.out).toContain('Nothing to roll back: mfe_mentee serves its default entry.');
    const rows = await t.db.getRepository(RemoteVersion).find();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.rolledBackAt)).toBe(true);
    const admin = await tokenFor(t, 'admin@example.edu');
    const page = await t.http().get('/api/admin/remotes').set(bearer(admin)).expect(200);
    const mentee = page.body.remotes.find((r: { remote: string }) => r.remote === 'mfe_mentee');
    expect(mentee).toMatchObject({ entry: DEFAULT, source: 'default', deploymentCount: 2 });
    expect(mentee.deployments.map((d: { entry: string; state: string }) => [d.entry, d.state])).toEqual([
      [second, 'rolledBack'],
      [first, 'rolledBack'],
    ]);
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'remote.rollback' })).toBe(2);
  }, 90_000);

  it('refuses an unknown remote, a URL that is no remoteEntry.js and unknown commands, changing nothing', async () => {
    const before = await t.db.getRepository(RemoteVersion).count();
    const cases: [string[], string][] = [
      [['set', 'mfe_nobody', `${cdnUrl}/x/remoteEntry.js`], 'Unknown remote "mfe_nobody": one of mfe_admin'],
      [['set', 'mfe_mentee', `${cdnUrl}/x/main.js`], 'Not set: the URL must end in /remoteEntry.js'],
      [['set', 'mfe_mentee', 'ftp://example.org/remoteEntry.js'], 'Not set: the URL must be http or https'],
      [['set', 'mfe_mentee', '//example.org/remoteEntry.js'], 'Not set: a path must start with a single /'],
      [['rollback'], 'Unknown command or wrong arguments: rollback'],
      [['deploy', 'mfe_mentee'], 'Unknown command or wrong arguments: deploy mfe_mentee'],
    ];
    // Each run is a process of its own that changes nothing: all at once.
    const [help, ...results] = await Promise.all([remotes('help'), ...cases.map(([args]) => remotes(...args))]);
    cases.forEach(([args, message], i) => {
      expect({ args, code: results[i].code }).toEqual({ args, code: 1 });
      expect(results[i].out).toContain(message);
    });
    expect(help.out).toContain('Usage: npm run remotes -- <command>');
    expect(await t.db.getRepository(RemoteVersion).count()).toBe(before);
  }, 60_000);
});
