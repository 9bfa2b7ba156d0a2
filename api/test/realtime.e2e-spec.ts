import { io, type Socket } from 'socket.io-client';
import { User } from '../src/users/entities/user.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`realtime gateway (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const connect = (token?: string) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) => {
      const s = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
        timeout: 5000,
      });
      sockets.push(s);
      s.once('connect', () => resolve({ ok: true }));
      s.once('connect_error', (e) => resolve({ ok: false, error: e.message }));
    });

  it('accepts a valid token', async () => {
    expect(await connect(await tokenFor(t, DEMO_ACCOUNTS.mentee))).toEqual({ ok: true });
  });

  it('refuses a missing or forged token', async () => {
    expect((await connect()).ok).toBe(false);
    const r = await connect('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    expect(r).toEqual({ ok: false, error: 'Authentication required. Please sign in.' });
  });

  it("refuses a browser connecting from a foreign origin, and accepts the portal's own", async () => {
    const token = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    const attempt = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const s = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          extraHeaders: { origin },
        });
        sockets.push(s);
        s.once('connect', () => resolve(true));
        s.once('connect_error', () => resolve(false));
      });
    expect(await attempt('https://evil.example.com')).toBe(false);
    expect(await attempt(url)).toBe(true);
  });

  it('refuses an expired token', async () => {
    const jwt = await import('jsonwebtoken');
    const user = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    const expired = jwt.sign(
      { sub: user.id, role: 'mentee', ver: 0, exp: Math.floor(Date.now() / 1000) - 5 },
      t.config.jwtSecret,
    );
    expect((await connect(expired)).ok).toBe(false);
  });

  it('refuses the token of a deactivated user', async () => {
    const token = await tokenFor(t, 'student11@example.edu');
    await t.db.getRepository(User).update({ email: 'student11@example.edu' }, { isActive: false });
    expect((await connect(token)).ok).toBe(false);
  });
});
