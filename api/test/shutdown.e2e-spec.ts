import { Agent, request } from 'node:http';
import { join } from 'node:path';
import * as mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { portalEnv, startPortal } from './support/built-portal';
import { TEST_DB } from './support/test-app';
import { waitUntil } from './support/wait';

/** The health check's status on a new connection, or 'refused' (no connection, or the server closing it). */
const health = (port: number) =>
  new Promise<number | 'refused'>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 503 ? 'refused' : (res.statusCode ?? 0));
    });
    req.on('error', () => resolve('refused'));
    req.end();
  });

/** The built API as `npm start` runs it, stopped with SIGTERM while a request is half-way through arriving. */
describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new ones, then exits', async () => {
    const { port, env } = await portalEnv();
    const { proc, exited } = await startPortal(env);

    const body = JSON.stringify({ email: 'mentor@example.edu', password: 'Demo@2026' });
    // "Expect: 100-continue": the server answers "continue" once it has read the request's head, so the test knows
    // the request is in flight there before it stops the server.
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const answer = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    const started = new Promise<void>((resolve, reject) => {
      req.once('continue', resolve);
      setTimeout(() => reject(new Error('the server did not read the request within 10 s')), 10_000).unref();
    });
    req.flushHeaders();
    await started;
    await new Promise<void>((resolve, reject) => req.write(body.slice(0, 10), (e) => (e ? reject(e) : resolve())));
    proc.kill('SIGTERM');
    // Stopping: new requests are refused while this one is still half-way through arriving.
    await waitUntil(async () => (await health(port)) === 'refused', { ms: 20_000, what: 'refusing new requests' });
    req.end(body.slice(10));

    expect(await answer).toBe(200);
    const end = await exited;
    expect(end.code === 0 || end.signal === 'SIGTERM').toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60000);

  it('a keep-alive writer: SIGTERM exits within SHUTDOWN_TIMEOUT_MS, and every write answered 201 is stored', async () => {
    const { port, env } = await portalEnv({ SHUTDOWN_TIMEOUT_MS: '5000' });
    let dropDb: () => Promise<unknown>;
    let query: (sql: string, args: unknown[]) => Promise<unknown[]>;
    if (TEST_DB === 'mysql') {
      const admin = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
      const name = `portal_stop_${process.pid}_${Date.now()}`;
      const c = await mysql.createConnection(admin);
      await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      env.DATABASE_URL = `${admin.replace(/^mysql:/, 'mariadb:')}/${name}`;
      env.JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
      query = async (sql, args) =>
        (await c.query(`${sql.replace('FROM ', `FROM \`${name}\`.`)}`, args))[0] as unknown[];
      dropDb = async () => {
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await c.end();
      };
    } else {
      // Read as another process would (the API's own connection is in the child process).
      const file = new DataSource({ type: 'better-sqlite3', database: join(env.DATA_DIR!, 'portal.sqlite') });
      query = async (sql, args) => {
        if (!file.isInitialized) await file.initialize();
        return file.query(sql, args);
      };
      dropDb = async () => file.isInitialized && file.destroy();
    }
    const { proc, exited } = await startPortal(env);
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const call = (method: string, path: string, payload: object, token?: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const data = JSON.stringify(payload);
          const req = request(
            {
              host: '127.0.0.1',
              port,
              method,
              path,
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(data),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
            },
            (res) => {
              let body = '';
              res.on('data', (c: Buffer) => (body += c.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            },
          );
          req.on('error', reject);
          req.end(data);
        });
      const login = JSON.parse(
        (await call('POST', '/api/auth/login', { email: 'mentor@example.edu', password: 'Demo@2026' })).body,
      );
      const mentee = (await query('SELECT id FROM users WHERE email = ?', ['mentee@example.edu']))[0] as { id: string };
      const confirmed: string[] = [];
      let sent = 0;
      let stopped = false;
      // One connection, one request after another, as a busy client behind a keep-alive proxy.
      const writer = (async () => {
        while (!stopped) {
          const content = `keep-alive write ${++sent}`;
          const res = await call(
            'POST',
            '/api/messages',
            { conversationType: 'individual', conversationId: mentee.id, content },
            login.token,
          ).catch(() => null);
          if (!res) break;
          if (res.status === 201) confirmed.push(content);
          else if (res.status >= 500 || res.status === 0) break;
        }
      })();
      await waitUntil(() => confirmed.length >= 5, { ms: 20_000, what: 'the first writes' });
      proc.kill('SIGTERM');
      const end = await Promise.race([
        exited,
        new Promise<'late'>((r) => setTimeout(() => r('late'), 5000 + 3000).unref()),
      ]);
      stopped = true;
      await writer;
      agent.destroy();
      expect(end).not.toBe('late');
      const stored = (
        (await query('SELECT content FROM messages WHERE content LIKE ?', ['keep-alive write %'])) as {
          content: string;
        }[]
      ).map((r) => r.content);
      expect(confirmed.filter((c) => !stored.includes(c))).toEqual([]);
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await dropDb();
    }
  }, 90000);
});
