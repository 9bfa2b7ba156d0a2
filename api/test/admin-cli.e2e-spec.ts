import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { AdminAuthenticator } from '../src/auth/entities/admin-mfa.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { User } from '../src/users/entities/user.entity';
import { enrolAdmin, registerSecondAdmin } from './support/mfa';
import { bearer, startTestApp, type TestApp } from './support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A second admin, made by the demo admin (through the second step the demo admin signs in with). */
async function register(t: TestApp) {
  await registerSecondAdmin(t, (await enrolAdmin(t, DEMO_ACCOUNTS.admin, 'Demo@2026')).token);
}

/**
 * The operators' command line (npm run admin): the built command against the running API's database, as whoever
 * runs the server uses it. Runs alone (scripts/test.mjs): it shares the machine's Redis, through which the running
 * API learns of what the command changed.
 */
describe(`npm run admin (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_MFA: 'required', REDIS_URL } });
  });
  afterAll(() => t.close());

  it('a sole admin is served from the command line: npm run admin -- reset-mfa <email>, audited', async () => {
    await register(t);
    const second = await enrolAdmin(t, 'second.admin@example.edu', 'Admin2026xx');
    const secondId = await idOf('second.admin@example.edu');
    const db = t.config.database;
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      JWT_SECRET: t.config.jwtSecret,
      ...(db.type === 'mysql' ? { DATABASE_URL: db.url } : { DATA_DIR: t.config.dataDir }),
    };
    /** The built command, as `npm run admin -- reset-mfa <email>` runs it. */
    const resetMfa = (email: string) =>
      spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'admin.cli.js'), 'reset-mfa', email], {
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
    const run = resetMfa('SECOND.admin@example.edu');
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toMatch(/second\.admin@example\.edu is reset/);
    expect(await t.db.getRepository(AdminAuthenticator).countBy({ userId: secondId })).toBe(0);
    const entries = await t.db.getRepository(AuditEntry).findBy({ action: 'admin.mfa-reset', targetId: secondId });
    expect(entries.some((e) => e.actorId === null && /@/.test(e.actorEmail))).toBe(true);
    // The sessions it had are over on the running API too (the write reaches its kept token checks through Redis).
    await t.http().get('/api/auth/me').set(bearer(second.token)).expect(401);
    // A second time: nothing to reset, said so.
    const again = resetMfa('second.admin@example.edu');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/no second factor to reset/);
  });
});
