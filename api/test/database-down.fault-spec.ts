import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mysql from 'mysql2/promise';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

const MARIADBD = '/usr/sbin/mariadbd';
/** A port free a moment ago (asked of the system), so the server started is the one the API reaches. */
let PORT = 0;
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
/** Waits until the process is stopped (state T in /proc): SIGSTOP is asynchronous, and the checks start right after it. */
async function stopped(pid: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (/^\d+ \(.*\) T/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`MariaDB (pid ${pid}) did not stop`);
}
const dir = mkdtempSync(join(tmpdir(), 'portal-fault-'));

function startServer(): ChildProcess {
  return spawn(
    MARIADBD,
    [
      '--no-defaults',
      '--user=root',
      `--datadir=${dir}/data`,
      `--port=${PORT}`,
      '--bind-address=127.0.0.1',
      `--socket=${dir}/sock`,
      `--pid-file=${dir}/pid`,
      '--skip-log-bin',
      '--innodb-buffer-pool-size=32M',
    ],
    { stdio: 'ignore' },
  );
}
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
async function waitFor(up: boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await listening(PORT)) === up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`MariaDB on ${PORT} did not ${up ? 'start' : 'stop'}`);
}

/** The API on its own MariaDB server, which the test stops and starts again while the API keeps running. */
describe('database outage', () => {
  let server: ChildProcess;
  let t: TestApp;
  beforeAll(async () => {
    const init = spawnSync('mariadb-install-db', [
      '--no-defaults',
      '--user=root',
      `--datadir=${dir}/data`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
    if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr}`);
    PORT = await freePort();
    server = startServer();
    await waitFor(true);
    // Listening, and ours: a server that could not bind would have exited.
    expect(server.exitCode).toBeNull();
    const c = await mysql.createConnection(`mysql://root@127.0.0.1:${PORT}`);
    await c.query('CREATE DATABASE portal CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await c.end();
    t = await startTestApp({
      env: {
        DATABASE_URL: `mariadb://root@127.0.0.1:${PORT}/portal`,
        JWT_SECRET: 'fault-test-secret-fault-test-secret-12345',
        DB_QUERY_TIMEOUT_MS: process.env.FAULT_DB_QUERY_TIMEOUT_MS ?? '2000',
        DB_ACQUIRE_TIMEOUT_MS: '2000',
      },
    });
  }, 60000);
  afterAll(async () => {
    if (server?.exitCode === null) server.kill('SIGCONT');
    await t?.app.close();
    if (server && server.exitCode === null) {
      const gone = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('answers 503 fast while MariaDB hangs (stopped, not dead), and works again when it resumes', async () => {
    const token = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    await t.http().get('/api/mentors/dashboard').set(bearer(token)).expect(200);
    await t.http().get('/api/health').expect(200);

    server.kill('SIGSTOP');
    await stopped(server.pid!);
    try {
      let started = Date.now();
      const health = await t.http().get('/api/health');
      expect({ status: health.status, code: health.body.code }).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(2000);

      // More calls at once than the pool has connections: each fails within the statement or pool-wait limit.
      started = Date.now();
      const calls = await Promise.all(Array.from({ length: 25 }, () => t.http().get('/api/groups').set(bearer(token))));
      expect(calls.map((r) => `${r.status} ${r.body.code}`)).toEqual(
        Array.from({ length: 25 }, () => '503 DATABASE_UNAVAILABLE'),
      );
      expect(Date.now() - started).toBeLessThan(8000);
      // A kept read and its caller's kept token row need no statement: nothing can have been written meanwhile.
      await t.http().get('/api/mentors/dashboard').set(bearer(token)).expect(200);
    } finally {
      server.kill('SIGCONT');
    }

    let status = 0;
    for (let i = 0; i < 30 && status !== 200; i++) {
      status = (await t.http().get('/api/groups').set(bearer(token))).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(200);
    await t.http().get('/api/health').expect(200);
  }, 60000);

  it('answers 503 fast while MariaDB is down, and works again when it is back, without a restart', async () => {
    const token = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    await t.http().get('/api/mentors/dashboard').set(bearer(token)).expect(200);
    const sent = await t
      .http()
      .post('/api/messages')
      .set(bearer(token))
      .send({
        conversationType: 'group',
        conversationId: (await t.http().get('/api/groups').set(bearer(token))).body[0]._id,
        content: 'Confirmed before the outage',
      })
      .expect(201);

    const killed = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await killed;
    await waitFor(false);
    for (const path of ['/api/groups', '/api/health']) {
      const started = Date.now();
      const res = await t.http().get(path).set(bearer(token));
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is unavailable right now. Please try again shortly.',
      });
      expect(Date.now() - started).toBeLessThan(10000);
    }

    server = startServer();
    await waitFor(true);
    let status = 0;
    for (let i = 0; i < 30 && status !== 200; i++) {
      status = (await t.http().get('/api/groups').set(bearer(token))).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(200);
    // A message confirmed before the outage is still there.
    const history = await t
      .http()
      .get(`/api/messages/group/${sent.body.conversationId}`)
      .set(bearer(token))
      .expect(200);
    expect(history.body.messages.map((m: { _id: string }) => m._id)).toContain(sent.body._id);
  }, 90000);
});
