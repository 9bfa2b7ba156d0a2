import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mysql from 'mysql2/promise';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { startTestApp, type TestApp } from './support/test-app';

const ROOT = join(__dirname, '..', '..');
const TEST_DB = process.env.TEST_DB ?? 'sqlite';
const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const JWT_SECRET = 'redis-outage-secret-redis-outage-secret-0123';
const dir = mkdtempSync(join(tmpdir(), 'portal-redis-outage-'));

/** A loopback port nobody listens on (the kernel's pick). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** Checks `found` every 100 ms until it answers something; fails after `ms` (a bound, not a timing assertion). */
async function until<T>(what: string, found: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await found();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** redis-server on its own port, with an append-only file synced on every write: killed, it comes back as it was. */
class RedisServer {
  private proc?: ChildProcess;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      [
        ...['--port', String(this.port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
        ...['--appendonly', 'yes', '--appendfsync', 'always'],
      ],
      { stdio: 'ignore' },
    );
    await until(`redis-server on ${this.port}`, () => listening(this.port), 10_000);
  }

  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await gone;
    await until(`redis-server on ${this.port} gone`, async () => !(await listening(this.port)), 10_000);
  }
}

/** An API instance, with every line it logged kept for the assertions. */
interface Api {
  name: string;
  url: string;
  output: string[];
  http: () => ReturnType<typeof request>;
  /** Set once the process has exited (child processes only). */
  exitCode: () => number | null;
  /** The shared database, to look at the outbox (in-process instances only). */
  db?: DataSource;
  stop: () => Promise<void>;
}

const SETTINGS = {
  LOG_LEVEL: 'warn',
  REDIS_TIMEOUT_MS: '500',
  OUTBOX_POLL_MS: '200',
  SOCKET_RECHECK_MS: '500',
};

/**
 * On MariaDB/MySQL each instance is a process of its own (api/src/main.ts, as `npm start` runs it): what the portal's
 * deployments look like, and what shows a rejection that would end the process. On SQLite, whose instances can share a
 * file only inside one process (common/sqlite-transactions.ts), they run in this one (a rejection left unhandled then
 * fails the test).
 */
async function startApi(name: string, env: Record<string, string>, first?: Api): Promise<Api> {
  if (TEST_DB !== 'mysql') {
    const output: string[] = [];
    const t = await startTestApp({
      seed: !first,
      shareWith: first ? inProcess.get(first) : undefined,
      env: { ...env, ...SETTINGS },
      logStream: { write: (line: string) => void output.push(line) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const api: Api = { name, url, output, http: () => request(url), exitCode: () => null, db: t.db, stop: t.close };
    inProcess.set(api, t);
    return api;
  }
  const port = await freePort();
  const proc = spawn(
    process.execPath,
    ['-r', join(__dirname, 'support', 'ts-register.cjs'), join(ROOT, 'api', 'src', 'main.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        JWT_SECRET,
        LOG_PRETTY: 'false',
        LOGIN_LIMIT_PER_IP: '10000',
        SEED_DEMO: first ? 'false' : 'true',
        ...SETTINGS,
        ...env,
      },
    },
  );
  const output: string[] = [];
  for (const stream of [proc.stdout, proc.stderr])
    stream?.on('data', (d: Buffer) => output.push(...d.toString().split('\n')));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(killer);
  };
  const api: Api = { name, url, output, http: () => request(url), exitCode: () => proc.exitCode, stop };
  await until(
    `${name} ready`,
    async () => {
      if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}):\n${tail(api)}`);
      const res = await api
        .http()
        .get('/api/health/ready')
        .catch(() => undefined);
      return res?.status === 200;
    },
    90_000,
  );
  return api;
}
const inProcess = new Map<Api, TestApp>();

const tail = (api: Api) => api.output.filter(Boolean).slice(-30).join('\n');

/** Alive, answering, and without a rejection left unhandled (which would have ended it before this change). */
async function expectAlive(api: Api): Promise<void> {
  const res = await api.http().get('/api/health');
  expect({ name: api.name, status: res.status, exitCode: api.exitCode() }).toEqual({
    name: api.name,
    status: 200,
    exitCode: null,
  });
  expect(api.output.filter((line) => /unhandled|uncaught/i.test(line))).toEqual([]);
}

async function signIn(api: Api, email: string): Promise<{ token: string; id: string }> {
  const res = await api.http().post('/api/auth/login').send({ email, password: DEMO_PASSWORD });
  expect({ via: api.name, status: res.status }).toEqual({ via: api.name, status: 200 });
  return { token: res.body.token, id: res.body.user._id };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const sockets: Socket[] = [];
async function connectSocket(api: Api, token: string): Promise<Socket> {
  const s = io(api.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** The next `event` on `socket` whose payload passes `match`, within `ms`. */
function next<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true, ms = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

const disconnected = (socket: Socket, ms = 15_000) =>
  socket.disconnected
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms);
        socket.once('disconnect', () => {
          clearTimeout(timer);
          resolve();
        });
      });

/** A statement on the database the instances share. */
let query: (sql: string) => Promise<Record<string, unknown>[]>;
let closeDb: () => Promise<void> = async () => undefined;

/**
 * Redis (socket adapter, kept reads, token rows, outbox queue) killed under two running instances sharing one database,
 * a third one started while it is down, and Redis started again on the same port.
 */
describe(`Redis killed under running instances, and back (${TEST_DB})`, () => {
  let redis: RedisServer;
  let a: Api;
  let b: Api;
  let c: Api | undefined;
  let env: Record<string, string>;
  // Shared between the steps below, which run in order.
  let mentor: { token: string; id: string };
  let mentee: { token: string; id: string };
  let admin: { token: string; id: string };
  let pendingBefore: number;
  let menteeOnB: Socket;
  let endedToken: string;

  beforeAll(async () => {
    redis = new RedisServer(await freePort());
    await redis.start();
    env = { REDIS_URL: `redis://127.0.0.1:${redis.port}` };
    if (TEST_DB === 'mysql') {
      const name = `portal_outage_${process.pid}_${Date.now()}`;
      const server = await mysql.createConnection(MYSQL_ADMIN_URL);
      await server.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await server.end();
      const flavor = process.env.TEST_MYSQL_FLAVOR === 'mysql' ? 'mysql:' : 'mariadb:';
      env.DATABASE_URL = `${MYSQL_ADMIN_URL.replace(/^mysql:/, flavor)}/${name}`;
      env.DATA_DIR = env.WEB_DIR = join(dir, 'data');
      mkdirSync(env.DATA_DIR);
      const db = new DataSource({ type: 'mysql', url: `${MYSQL_ADMIN_URL}/${name}` });
      await db.initialize();
      query = (sql) => db.query(sql);
      closeDb = async () => {
        await db.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await db.destroy();
      };
    }
    a = await startApi('A', env);
    b = await startApi('B', env, a);
    if (a.db) query = (sql) => a.db!.query(sql);
    [mentor, mentee, admin] = [
      await signIn(a, DEMO_ACCOUNTS.mentor),
      await signIn(a, DEMO_ACCOUNTS.mentee),
      await signIn(a, DEMO_ACCOUNTS.admin),
    ];
  }, 240_000);

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    // What each instance logged (its warnings: Redis lost and back), for a failure's post-mortem.
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    for (const api of [a, b, c])
      if (api)
        writeFileSync(join(ROOT, 'test-results', `redis-outage-${TEST_DB}-${api.name}.log`), api.output.join('\n'));
    // The first in-process instance owns the SQLite file: it closes last.
    await Promise.all([c?.stop(), b?.stop()]);
    await a?.stop();
    await redis?.kill();
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const pendingLeaves = async (api: Api) => {
    const res = await api.http().get('/api/admin/dashboard').set(bearer(admin.token));
    expect({ via: api.name, status: res.status }).toEqual({ via: api.name, status: 200 });
    return res.body.stats.pendingLeaves as number;
  };
  const chat = (api: Api, content: string) =>
    api
      .http()
      .post('/api/messages')
      .set(bearer(mentor.token))
      .send({ conversationType: 'individual', conversationId: mentee.id, content });
  const announce = (api: Api, title: string) =>
    api
      .http()
      .post('/api/announcements')
      .set(bearer(mentor.token))
      .send({ title, content: 'Posted while testing Redis', targetAudience: 'all' });
  /** How many of the mentee's notifications announce `title`. */
  const announcedToMentee = async (title: string) => {
    const res = await a.http().get('/api/notifications?limit=50').set(bearer(mentee.token));
    expect(res.status).toBe(200);
    return (res.body.notifications as { title: string }[]).filter((n) => n.title === `New announcement: ${title}`)
      .length;
  };
  const outboxIdle = async () =>
    Number((await query(`SELECT COUNT(*) AS n FROM outbox_jobs WHERE status IN ('pending', 'running')`))[0].n) === 0;

  it('with Redis up, a message sent through A reaches a socket on B (and B keeps its reads)', async () => {
    menteeOnB = await connectSocket(b, mentee.token);
    endedToken = mentee.token;
    const got = next<{ content: string }>(menteeOnB, 'newMessage', (m) => m.content === 'Before the outage');
    expect((await chat(a, 'Before the outage')).status).toBe(201);
    await got;
    pendingBefore = await pendingLeaves(b);
    expect(await pendingLeaves(b)).toBe(pendingBefore);
  }, 60_000);

  it('with Redis killed, chat, announcements, sign-ins and kept reads answer on both instances, which stay up', async () => {
    const menteeOnA = await connectSocket(a, mentee.token);
    await redis.kill();

    // Chat through each instance reaches the sockets connected to that instance.
    for (const api of [a, b]) {
      const socket = api === a ? menteeOnA : menteeOnB;
      const content = `During the outage, through ${api.name}`;
      const got = next<{ content: string }>(socket, 'newMessage', (m) => m.content === content);
      const res = await chat(api, content);
      expect({ via: api.name, status: res.status }).toEqual({ via: api.name, status: 201 });
      await got;
    }
    for (const api of [a, b]) {
      const res = await announce(api, `During the outage (${api.name})`);
      expect({ via: api.name, status: res.status }).toEqual({ via: api.name, status: 201 });
      await signIn(api, DEMO_ACCOUNTS.mentor);
      await signIn(api, DEMO_ACCOUNTS.mentee);
      await pendingLeaves(api);
    }
    // A write B cannot hear of (its invalidation cannot go through Redis): a leave filed through A.
    const day = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    const leave = await a
      .http()
      .post('/api/leaves')
      .set(bearer(mentee.token))
      .send({ leaveType: 'sick', startDate: day, endDate: day, reason: 'Filed while Redis was down' });
    expect(leave.status).toBe(201);
    // Computed afresh while Redis is down: both see it.
    expect(await pendingLeaves(a)).toBe(pendingBefore + 1);
    expect(await pendingLeaves(b)).toBe(pendingBefore + 1);
    for (const api of [a, b]) await expectAlive(api);
  }, 90_000);

  it('readiness answers 200 with redis "degraded" (a load balancer keeps the instances)', async () => {
    for (const api of [a, b]) {
      const res = await api.http().get('/api/health/ready');
      expect({ via: api.name, status: res.status, body: res.body }).toEqual({
        via: api.name,
        status: 200,
        body: { status: 'ready', checks: expect.objectContaining({ database: 'up', redis: 'degraded' }) },
      });
    }
  }, 30_000);

  it("the outbox runs from its table: each announcement's notifications arrive, once", async () => {
    for (const name of ['A', 'B']) {
      await until(`notification of the announcement through ${name}`, async () =>
        (await announcedToMentee(`During the outage (${name})`)) > 0 ? true : undefined,
      );
    }
    await until('outbox idle', outboxIdle);
    expect(await announcedToMentee('During the outage (A)')).toBe(1);
    expect(await announcedToMentee('During the outage (B)')).toBe(1);
  }, 60_000);

  it('a session ended through A loses its socket on B within the re-check, and its token is refused', async () => {
    const res = await a.http().post('/api/auth/logout').set(bearer(endedToken));
    expect(res.status).toBe(204);
    await disconnected(menteeOnB);
    expect((await b.http().get('/api/auth/me').set(bearer(endedToken))).status).toBe(401);
    // Signed in again through A: B writes nothing to `users` during the outage (its own write would retire its rows).
    mentee = await signIn(a, DEMO_ACCOUNTS.mentee);
    for (const api of [a, b]) await expectAlive(api);
  }, 60_000);

  it('a third instance started while Redis is down becomes ready and serves', async () => {
    c = await startApi('C', env, a);
    const ready = await c.http().get('/api/health/ready');
    expect({ status: ready.status, redis: ready.body.checks?.redis }).toEqual({ status: 200, redis: 'degraded' });
    await signIn(c, DEMO_ACCOUNTS.mentor);
    expect((await chat(c, 'Through the instance started during the outage')).status).toBe(201);
    await expectAlive(c);
  }, 120_000);

  it('when Redis is back: ready, sockets told to refetch, cross-instance delivery, fresh kept reads and token rows, queue work', async () => {
    // Connected during the outage: it has missed what other instances sent meanwhile.
    menteeOnB = await connectSocket(b, mentee.token);
    const menteeOnC = await connectSocket(c!, mentee.token);
    const resync = next<{ since: string }>(menteeOnB, 'resync', () => true, 60_000);
    await redis.start();
    for (const api of [a, b, c!])
      await until(`${api.name} sees Redis again`, async () => {
        const res = await api.http().get('/api/health/ready');
        return res.status === 200 && res.body.checks.redis === 'up';
      });
    expect(new Date((await resync).since).getTime()).toBeLessThan(Date.now());

    // A message through A reaches the sockets on B and on C (started during the outage) again: the adapters resubscribe
    // in the background, so the message is sent again until it arrives.
    for (const [api, socket] of [
      [b, menteeOnB],
      [c!, menteeOnC],
    ] as const) {
      let n = 0;
      await until(
        `a message through A on the socket connected to ${api.name}`,
        async () => {
          const content = `After Redis returned, to ${api.name} #${++n}`;
          const got = next<{ content: string }>(socket, 'newMessage', (m) => m.content === content, 1000);
          expect((await chat(a, content)).status).toBe(201);
          return got.then(
            () => true,
            () => undefined,
          );
        },
        30_000,
      );
    }

    // What B kept before the outage was retired by a write it never heard of: computed again, not served.
    expect(await pendingLeaves(b)).toBe(pendingBefore + 1);
    // The token row B kept before the outage is not trusted again: the session ended during the outage stays ended
    // (a handshake is checked by B itself; in one process, passport's HTTP check is the last instance's).
    expect((await b.http().get('/api/auth/me').set(bearer(endedToken))).status).toBe(401);
    const handshake = await connectSocket(b, endedToken).then(
      () => 'connected',
      (e: Error) => e.message,
    );
    expect(handshake).toBe('Authentication required. Please sign in.');

    // The outbox queue on Redis works again.
    expect((await announce(b, 'After Redis returned')).status).toBe(201);
    await until('notification of the announcement after the outage', async () =>
      (await announcedToMentee('After Redis returned')) > 0 ? true : undefined,
    );
    await until('outbox idle', outboxIdle);
    expect(await announcedToMentee('After Redis returned')).toBe(1);
    for (const api of [a, b, c!]) await expectAlive(api);
  }, 180_000);
});
