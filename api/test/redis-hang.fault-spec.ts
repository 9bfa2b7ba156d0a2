import { waitUntil } from './support/wait';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

const PORT = 6400 + Math.floor(Math.random() * 500);
const dir = mkdtempSync(join(tmpdir(), 'portal-redis-fault-'));

const listening = () =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port: PORT });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** The API on its own Redis server (read cache and socket adapter), which the test stops (SIGSTOP) and resumes. */
describe('Redis that hangs', () => {
  let redis: ChildProcess;
  let t: TestApp;
  beforeAll(async () => {
    redis = spawn('redis-server', ['--port', String(PORT), '--bind', '127.0.0.1', '--save', '', '--dir', dir], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 50 && !(await listening()); i++) await new Promise((r) => setTimeout(r, 100));
    t = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${PORT}`, REDIS_TIMEOUT_MS: '500' } });
  }, 60000);
  afterAll(async () => {
    redis?.kill('SIGCONT');
    await t?.close();
    if (redis && redis.exitCode === null) {
      const gone = new Promise((r) => redis.once('exit', r));
      redis.kill('SIGTERM');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads and writes answer within the Redis timeout while it hangs, and the cache works again when it resumes', async () => {
    const mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    const admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    await t.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200);

    redis.kill('SIGSTOP');
    try {
      let started = Date.now();
      await t.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200);
      expect(Date.now() - started).toBeLessThan(2000);
      started = Date.now();
      await t
        .http()
        .post('/api/announcements')
        .set(bearer(mentor))
        .send({ title: 'While Redis hangs', content: 'Still posted', targetAudience: 'all' })
        .expect(201);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      redis.kill('SIGCONT');
    }
    await waitUntil(async () => (await t.http().get('/api/health/ready').expect(200)).body.checks.redis === 'up', {
      every: 100,
      what: 'Redis reported up again',
    });
    const after = await t.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200);
    expect(after.body).toBeTruthy();
  }, 60000);

  it('stays ready while Redis hangs, reporting it degraded, and reports it up again once it resumes', async () => {
    const redisCheck = async () => (await t.http().get('/api/health/ready').expect(200)).body.checks.redis as string;
    expect(await redisCheck()).toBe('up');
    redis.kill('SIGSTOP');
    try {
      expect(await redisCheck()).toBe('degraded');
      await t.http().get('/api/health').expect(200);
    } finally {
      redis.kill('SIGCONT');
    }
    // The client finds its connection again by itself: a bounded wait for it.
    await waitUntil(async () => (await redisCheck()) === 'up', { every: 100, what: 'Redis reported up again' });
  }, 60000);
});
