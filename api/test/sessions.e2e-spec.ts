import { randomUUID } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import type { Socket } from 'socket.io-client';
import { ErrorCode, type SessionsResponse } from '@portal/contracts';
import { Clock } from '../src/dates/clock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { MetricsService } from '../src/observability/metrics.service';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { sessionRoom } from '../src/realtime/rooms';
import { UserSession } from '../src/users/entities/user-session.entity';
import { User } from '../src/users/entities/user.entity';
import { nextEvent, openSocket } from './support/sockets';
import { bearer, codeOf, startTestApp, type TestApp } from './support/test-app';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

/**
 * Issue 43, sessions you can see: each sign-in is a session its owner sees (device, address, last use) and ends; an
 * ended session's token and sockets stop at once, the owner's other sessions go on, and nobody ends another's.
 */
describe(`sessions you can see (${process.env.TEST_DB ?? 'sqlite'})`, () => {
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

  const signIn = async (email: string, userAgent: string) => {
    const res = await t
      .http()
      .post('/api/auth/login')
      .set('User-Agent', userAgent)
      .send({ email, password: DEMO_PASSWORD })
      .expect(200);
    return res.body.token as string;
  };
  const sidOf = (token: string) => (jwt.decode(token) as { sid: string }).sid;
  const me = (token: string) => t.http().get('/api/auth/me').set(bearer(token));
  const list = async (token: string) =>
    ((await t.http().get('/api/auth/sessions').set(bearer(token)).expect(200)).body as SessionsResponse).sessions;
  const stored = (userId: string) => t.db.getRepository(UserSession).find({ where: { userId }, order: { id: 'ASC' } });
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  const tokenRowMisses = async () =>
    (await t.app.get(MetricsService).registry.getSingleMetric('token_check_rows_total')!.get()).values.find(
      (v) => v.labels.result === 'miss',
    )?.value ?? 0;
  const connect = async (token: string) => {
    const s = await openSocket(url, token);
    sockets.push(s);
    return s;
  };

  it('lists the sign-ins of the caller only: device, address and times, this one first', async () => {
    const email = 'student11@example.edu';
    const phone = await signIn(email, PHONE);
    const desktop = await signIn(email, DESKTOP);
    await signIn('student12@example.edu', TABLET);
    const sessions = await list(desktop);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      id: sidOf(desktop),
      current: true,
      browser: 'Firefox',
      os: 'Windows',
      platform: 'desktop',
    });
    expect(sessions[1]).toMatchObject({
      id: sidOf(phone),
      current: false,
      browser: 'Chrome',
      os: 'Android',
      platform: 'mobile',
    });
    expect(sessions[0].address).toMatch(/127\.0\.0\.1/);
    for (const s of sessions) expect(Date.parse(s.expiresAt)).toBeGreaterThan(Date.parse(s.lastUsedAt));
    // What is stored: one row per sign-in, the browser's header as sent.
    expect((await stored(await idOf(email))).map((s) => s.userAgent).sort()).toEqual([DESKTOP, PHONE].sort());
    const ipad = (await list(await signIn('student12@example.edu', TABLET))).find((s) => !s.current)!;
    expect(ipad).toMatchObject({ browser: 'Safari', os: 'iOS', platform: 'tablet' });
  });

  it('ending one session stops its token and its sockets at once; the other session and its sockets go on', async () => {
    const email = 'student13@example.edu';
    const phone = await signIn(email, PHONE);
    const desktop = await signIn(email, DESKTOP);
    const [phoneSocket, desktopSocket] = [await connect(phone), await connect(desktop)];
    const server = t.app.get(RealtimeGateway).server;
    expect(await server.in(sessionRoom(sidOf(phone))).fetchSockets()).toHaveLength(1);
    const gone = nextEvent<string>(phoneSocket, 'disconnect');
    await t
      .http()
      .delete(`/api/auth/sessions/${sidOf(phone)}`)
      .set(bearer(desktop))
      .expect(204);
    expect(await gone).toBe('io server disconnect');
    const refused = await me(phone).expect(401);
    expect(refused.body).toMatchObject({ code: ErrorCode.Unauthenticated });
    await me(desktop).expect(200);
    expect(desktopSocket.connected).toBe(true);
    await expect(openSocket(url, phone)).rejects.toThrow('Authentication required. Please sign in.');
    expect((await stored(await idOf(email))).map((s) => s.id)).toEqual([sidOf(desktop)]);
    expect((await list(desktop)).map((s) => s.id)).toEqual([sidOf(desktop)]);
    // Ended already: nothing to end.
    expect(
      await codeOf(
        t
          .http()
          .delete(`/api/auth/sessions/${sidOf(phone)}`)
          .set(bearer(desktop))
          .expect(404),
      ),
    ).toBe(ErrorCode.SessionNotFound);
  });

  it("nobody ends another person's session: 404 as for one that does not exist, and it goes on", async () => {
    const victim = await signIn('student14@example.edu', PHONE);
    const admin = await signIn(DEMO_ACCOUNTS.admin, DESKTOP);
    const mentor = await signIn(DEMO_ACCOUNTS.mentor, DESKTOP);
    for (const caller of [admin, mentor]) {
      const res = await t
        .http()
        .delete(`/api/auth/sessions/${sidOf(victim)}`)
        .set(bearer(caller))
        .expect(404);
      expect(res.body).toMatchObject({
        code: ErrorCode.SessionNotFound,
        message: 'This session has already ended, or is not yours. Refresh the list.',
      });
    }
    expect(await codeOf(t.http().delete(`/api/auth/sessions/${randomUUID()}`).set(bearer(admin)).expect(404))).toBe(
      ErrorCode.SessionNotFound,
    );
    expect(await codeOf(t.http().delete('/api/auth/sessions/not-an-id').set(bearer(admin)).expect(400))).toBe(
      ErrorCode.ValidationFailed,
    );
    // Nor does a guess cost anyone else anything: the victim's kept token row stays kept (a hit, not a read).
    await me(victim).expect(200);
    const misses = await tokenRowMisses();
    await t.http().delete(`/api/auth/sessions/${randomUUID()}`).set(bearer(admin)).expect(404);
    await me(victim).expect(200);
    expect(await tokenRowMisses()).toBe(misses);
    // The list is the caller's own: the victim's session is not in the admin's.
    expect((await list(admin)).map((s) => s.id)).not.toContain(sidOf(victim));
    await me(victim).expect(200);
    expect(await t.db.getRepository(UserSession).countBy({ id: sidOf(victim) })).toBe(1);
    await t.http().get('/api/auth/sessions').expect(401);
    await t
      .http()
      .delete(`/api/auth/sessions/${sidOf(victim)}`)
      .expect(401);
  });

  it("signing out ends this session only; 'sign out all other devices' ends every other", async () => {
    const email = 'student15@example.edu';
    const [a, b, c] = [await signIn(email, PHONE), await signIn(email, DESKTOP), await signIn(email, TABLET)];
    const cSocket = await connect(c);
    await t.http().post('/api/auth/logout').set(bearer(a)).expect(204);
    await me(a).expect(401);
    await me(b).expect(200);
    expect((await list(b)).map((s) => s.id).sort()).toEqual([sidOf(b), sidOf(c)].sort());
    const gone = nextEvent<string>(cSocket, 'disconnect');
    await t.http().delete('/api/auth/sessions').set(bearer(b)).expect(204);
    expect(await gone).toBe('io server disconnect');
    await me(c).expect(401);
    await me(b).expect(200);
    expect((await stored(await idOf(email))).map((s) => s.id)).toEqual([sidOf(b)]);
  });

  it('deactivation and a new password end every session: none is left in the list', async () => {
    const email = 'student16@example.edu';
    const id = await idOf(email);
    const [a, b] = [await signIn(email, PHONE), await signIn(email, DESKTOP)];
    const res = await t
      .http()
      .post('/api/auth/change-password')
      .set(bearer(a))
      .set('User-Agent', PHONE)
      .send({ currentPassword: DEMO_PASSWORD, newPassword: 'a-new-secret-1' })
      .expect(200);
    await me(a).expect(401);
    await me(b).expect(401);
    const fresh = res.body.token as string;
    expect((await list(fresh)).map((s) => [s.id, s.browser])).toEqual([[sidOf(fresh), 'Chrome']]);
    const admin = await signIn(DEMO_ACCOUNTS.admin, DESKTOP);
    await t.http().put(`/api/admin/users/${id}/toggle-status`).set(bearer(admin)).expect(200);
    await me(fresh).expect(401);
    expect(await stored(id)).toEqual([]);
  });

  it('a token that names no session (or another account’s) is refused, even with the right key and version', async () => {
    const user = await t.db.getRepository(User).findOneByOrFail({ email: 'student17@example.edu' });
    const other = sidOf(await signIn('student18@example.edu', PHONE));
    const sign = (extra: object) =>
      jwt.sign({ sub: user.id, role: user.role, ver: user.tokenVersion, ...extra }, t.config.jwtSecret, {
        algorithm: 'HS256',
        expiresIn: '1h',
      });
    await me(sign({})).expect(401);
    await me(sign({ sid: randomUUID() })).expect(401);
    await me(sign({ sid: other })).expect(401);
    await me(sign({ sid: 42 })).expect(401);
  });

  it("a session whose token has expired is not listed, and goes at the user's next sign-in", async () => {
    const email = 'student20@example.edu';
    const userId = await idOf(email);
    const old = new Date(Date.now() - 9 * 3600_000);
    await t.db.getRepository(UserSession).insert({
      id: randomUUID(),
      userId,
      userAgent: DESKTOP,
      address: '198.51.100.4',
      createdAt: old,
      lastUsedAt: old,
      expiresAt: new Date(old.getTime() + 8 * 3600_000),
    });
    const token = await signIn(email, PHONE);
    expect((await list(token)).map((s) => s.id)).toEqual([sidOf(token)]);
    expect((await stored(userId)).map((s) => s.id)).toEqual([sidOf(token)]);
  });

  it('many people signing in at once all get in, each with their expired sessions cleared (no lock collisions)', async () => {
    // Half of them with an expired session to clear, half with none (an empty range: on InnoDB a range delete there
    // would lock the gap every other insert needs).
    const emails = Array.from({ length: 14 }, (_, i) => `student${String(i + 26).padStart(2, '0')}@example.edu`);
    const ids = (await Promise.all(emails.map(idOf))).filter((_, i) => i % 2 === 0);
    const old = new Date(Date.now() - 9 * 3600_000);
    await t.db.getRepository(UserSession).insert(
      ids.map((userId) => ({
        id: randomUUID(),
        userId,
        userAgent: DESKTOP,
        address: null,
        createdAt: old,
        lastUsedAt: old,
        expiresAt: new Date(old.getTime() + 8 * 3600_000),
      })),
    );
    const answers = await Promise.all(
      emails.flatMap((email) =>
        [PHONE, DESKTOP].map((ua) =>
          t.http().post('/api/auth/login').set('User-Agent', ua).send({ email, password: DEMO_PASSWORD }),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    for (const userId of await Promise.all(emails.map(idOf))) expect(await stored(userId)).toHaveLength(2);
  });

  it('last use and address are written at most once a minute', async () => {
    // The school's clock from now on (a session's expiry is its token's, stamped in real time).
    const clock = jest.spyOn(t.app.get(Clock), 'now');
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(t0 + seconds * 1000);
    const setAt = (seconds: number) => clock.mockReturnValue(at(seconds));
    try {
      setAt(0);
      const token = await signIn('student19@example.edu', PHONE);
      const lastUse = async () =>
        (await t.db.getRepository(UserSession).findOneByOrFail({ id: sidOf(token) })).lastUsedAt.toISOString();
      expect(await lastUse()).toBe(at(0).toISOString());
      setAt(59);
      await me(token).expect(200);
      expect(await lastUse()).toBe(at(0).toISOString());
      setAt(60);
      await me(token).expect(200);
      expect(await lastUse()).toBe(at(60).toISOString());
      setAt(90);
      await me(token).expect(200);
      expect(await lastUse()).toBe(at(60).toISOString());
      // A socket's handshake is a use too.
      setAt(180);
      await connect(token);
      expect(await lastUse()).toBe(at(180).toISOString());
      expect((await list(token))[0].lastUsedAt).toBe(at(180).toISOString());
    } finally {
      clock.mockRestore();
    }
  });
});
