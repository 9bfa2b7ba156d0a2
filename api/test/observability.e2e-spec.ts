import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { MetricsService } from '../src/observability/metrics.service';
import { bearer, startTestApp, TEST_DB, tokenFor, type TestApp } from './support/test-app';

/** A port nothing listens on right now (for METRICS_PORT). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface LogLine {
  level: number;
  msg?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  userId?: string;
  role?: string;
}

describe('operations: request logs, readiness, metrics', () => {
  let t: TestApp;
  let metricsPort: number;
  const written: string[] = [];
  const lines = (): LogLine[] =>
    written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);
  const requestLine = (id: string) => lines().find((l) => l.req?.id === id && l.res);

  beforeAll(async () => {
    metricsPort = await freePort();
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        written.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp({ env: { LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) }, logStream });
  }, 60000);
  afterAll(() => t?.close());

  it('writes one JSON line per request with the caller’s request id, user, role, status and duration', async () => {
    const token = await tokenFor(t, DEMO_ACCOUNTS.admin);
    const res = await t.http().get('/api/auth/me').set(bearer(token)).set('X-Request-Id', 'probe-0001').expect(200);
    expect(res.headers['x-request-id']).toBe('probe-0001');
    const line = requestLine('probe-0001');
    expect(line).toMatchObject({
      req: { id: 'probe-0001', method: 'GET', url: '/api/auth/me' },
      res: { statusCode: 200 },
      userId: res.body.user._id,
      role: 'admin',
    });
    expect(typeof line!.responseTime).toBe('number');
    // Exactly one line for the request.
    expect(lines().filter((l) => l.req?.id === 'probe-0001' && l.res)).toHaveLength(1);
  });

  it('makes up a request id when none (or an unsafe one) is sent, and logs refusals without a user', async () => {
    const generated = await t.http().get('/api/auth/me').expect(401);
    const id = generated.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLine(id)).toMatchObject({ res: { statusCode: 401 } });
    expect(requestLine(id)!.userId).toBeUndefined();

    const unsafe = await t.http().get('/api/auth/me').set('X-Request-Id', 'a b\u00e9<script>').expect(401);
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes a password, a token or a reset link’s secret', async () => {
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Request-Id', 'probe-login')
      .send({ email: DEMO_ACCOUNTS.mentor, password: DEMO_PASSWORD })
      .expect(200);
    const token: string = login.body.token;
    await t.http().get('/api/auth/me').set(bearer(token)).set('X-Request-Id', 'probe-token').expect(200);
    await t
      .http()
      .post('/api/auth/change-password')
      .set(bearer(token))
      .send({ currentPassword: 'Wrong-Secret-42!', newPassword: 'Another-Secret-42!' });
    await t
      .http()
      .get('/api/auth/me?token=reset-secret-value-123&next=/login')
      .set(bearer(token))
      .set('X-Request-Id', 'probe-reset');

    const all = written.join('');
    expect(requestLine('probe-login')).toMatchObject({ res: { statusCode: 200 } });
    expect(requestLine('probe-token')).toMatchObject({ role: 'mentor' });
    for (const secret of [DEMO_PASSWORD, token, token.split('.')[2], 'Wrong-Secret-42!', 'Another-Secret-42!'])
      expect(all).not.toContain(secret);
    expect(all).not.toContain('reset-secret-value-123');
    expect(requestLine('probe-reset')!.req!.url).toBe('/api/auth/me?token=%5Bredacted%5D&next=%2Flogin');
  });

  it('is ready when the database answers and every migration has run', async () => {
    const res = await t.http().get('/api/health/ready').expect(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: {
        database: 'up',
        redis: 'not configured',
        migrations: TEST_DB === 'mysql' ? 'applied' : 'not used',
      },
    });
  });

  if (TEST_DB === 'mysql') {
    it('is not ready while a migration has not run, and ready again once it has', async () => {
      // The last migration forgotten by the record (not undone: its down() may not fit today's data).
      const [last] = (await t.db.query('SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1')) as {
        id: number;
        timestamp: number;
        name: string;
      }[];
      await t.db.query('DELETE FROM migrations WHERE id = ?', [last.id]);
      try {
        const res = await t.http().get('/api/health/ready').expect(503);
        expect(res.body).toMatchObject({ statusCode: 503, code: 'NOT_READY' });
        expect(res.body.message).toMatch(/migrations/);
        // Liveness does not depend on it: the process is alive and reaches its database.
        await t.http().get('/api/health').expect(200);
      } finally {
        await t.db.query('INSERT INTO migrations (id, timestamp, name) VALUES (?, ?, ?)', [
          last.id,
          last.timestamp,
          last.name,
        ]);
      }
      await t.http().get('/api/health/ready').expect(200);
    });
  }

  it('serves Prometheus metrics on METRICS_PORT only: request durations by route and status, read-cache hits, sockets, queue, event loop', async () => {
    const token = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    await t.http().get('/api/leaves/mentee').set(bearer(token)).expect(200);
    // A kept read twice: computed (or kept from an earlier test), then from memory.
    const mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    for (let i = 0; i < 2; i++) await t.http().get('/api/mentors/dashboard').set(bearer(mentor)).expect(200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/leaves\/mentee",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.25",method="POST",route="\/api\/auth\/login",status="200"\}/,
    );
    expect(text).toMatch(/^socket_connections \d+$/m);
    expect(text).toMatch(/^read_cache_requests_total\{result="hit",read="mentor-dashboard"\} [1-9]/m);
    expect(text).toMatch(/^outbox_jobs\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    // The portal's own port does not expose them, nor answers the address with the web app.
    const onPortal = await t.http().get('/metrics');
    expect(onPortal.status).toBe(404);
    expect(onPortal.text).not.toContain('http_request_duration_seconds');
    // This machine only, unless METRICS_HOST says otherwise.
    expect((t.app.get(MetricsService) as unknown as { server: Server }).server.address()).toMatchObject({
      address: '127.0.0.1',
    });
  });

  it('with METRICS_TOKEN, answers only a scrape that bears it', async () => {
    const port = await freePort();
    const token = 'metrics-token-0123456789';
    const guarded = await startTestApp({ seed: false, env: { METRICS_PORT: String(port), METRICS_TOKEN: token } });
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      const none = await fetch(url);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toContain('Bearer');
      expect(await none.text()).toBe('');
      expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toMatch(/^nodejs_eventloop_lag_seconds /m);
    } finally {
      await guarded.close();
    }
  });

  it('listens on no metrics port unless METRICS_PORT is set', async () => {
    const plain = await startTestApp({ seed: false });
    try {
      expect(plain.app.get(MetricsService).port).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
