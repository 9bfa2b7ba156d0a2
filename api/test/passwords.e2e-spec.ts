import { createHash } from 'node:crypto';
import { io } from 'socket.io-client';
import { ErrorCode, MSG } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { PasswordResetRequest, PasswordResetToken } from '../src/auth/entities/password-reset.entity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { MailDelivery } from '../src/notifications/entities/notification.entity';
import { OutboxJob } from '../src/outbox/outbox-job.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { User } from '../src/users/entities/user.entity';
import { PasswordService } from '../src/users/password.service';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`passwords (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  /** The jobs written so far, and those they write (a forgot-password request's job writes its e-mail's), all run. */
  const runOutbox = async (app = t) => {
    while (await app.app.get(OutboxService).runDue(new Date(Date.now() + 1000)));
  };

  describe('blank passwords', () => {
    it.each([
      ['register', '/api/auth/register', false],
      ['create user', '/api/admin/users', true],
    ])('%s refuses a password of spaces only', async (_name, path, asAdmin) => {
      const call = t.http().post(path);
      if (asAdmin) call.set(bearer(admin));
      const res = await call
        .send({
          email: 'spaces@example.edu',
          password: '      ',
          role: 'mentee',
          fullName: 'S',
          phone: '1',
          class: '9',
          section: 'A',
        })
        .expect(400);
      expect(res.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: [MSG.passwordBlank] });
      expect(await t.db.getRepository(User).existsBy({ email: 'spaces@example.edu' })).toBe(false);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('needs the current password, ends the other sessions and returns a fresh token', async () => {
      const email = 'student20@example.edu';
      const other = await tokenFor(t, email);
      const mine = await tokenFor(t, email);
      const wrong = await t
        .http()
        .post('/api/auth/change-password')
        .set(bearer(mine))
        .send({ currentPassword: 'not-it', newPassword: 'brand-new-1' })
        .expect(400);
      expect(wrong.body.code).toBe(ErrorCode.WrongCurrentPassword);
      await t
        .http()
        .post('/api/auth/change-password')
        .set(bearer(mine))
        .send({ currentPassword: DEMO_PASSWORD, newPassword: '       ' })
        .expect(400);
      const res = await t
        .http()
        .post('/api/auth/change-password')
        .set(bearer(mine))
        .send({ currentPassword: DEMO_PASSWORD, newPassword: 'brand-new-1' })
        .expect(200);
      expect(res.body.token).toEqual(expect.any(String));
      await t.http().get('/api/auth/me').set(bearer(other)).expect(401);
      await t.http().get('/api/auth/me').set(bearer(mine)).expect(401);
      await t.http().get('/api/auth/me').set(bearer(res.body.token)).expect(200);
      await login(email, DEMO_PASSWORD).expect(401);
      await login(email, 'brand-new-1').expect(200);
    });

    it("disconnects the user's open sockets", async () => {
      const email = 'student24@example.edu';
      const old = await tokenFor(t, email);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = io(await t.app.getUrl(), {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: old },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      await t
        .http()
        .post('/api/auth/change-password')
        .set(bearer(old))
        .send({ currentPassword: DEMO_PASSWORD, newPassword: 'brand-new-2' })
        .expect(200);
      await gone;
      expect(socket.connected).toBe(false);
      socket.close();
    });

    it('is for signed-in users only', async () => {
      await t
        .http()
        .post('/api/auth/change-password')
        .send({ currentPassword: DEMO_PASSWORD, newPassword: 'brand-new-1' })
        .expect(401);
    });
  });

  describe('reset links', () => {
    it('forgot-password answers the same whether or not the account exists, and the request shows to admins', async () => {
      const known = await t
        .http()
        .post('/api/auth/forgot-password')
        .send({ email: 'student21@example.edu' })
        .expect(202);
      const unknown = await t
        .http()
        .post('/api/auth/forgot-password')
        .send({ email: 'nobody-here@example.edu' })
        .expect(202);
      expect(unknown.body).toEqual(known.body);
      // No mail server here: the answer says the administrators have the request, not that a link was e-mailed.
      expect(known.body).toEqual({
        emailed: false,
        message:
          'If an account exists for this e-mail, your request has been passed to the administrators: ' +
          'they will give you a link to set a new password.',
      });
      await t.http().post('/api/auth/forgot-password').send({ email: 'student21@example.edu' }).expect(202);
      await runOutbox();
      const list = (await t.http().get('/api/admin/password-resets').set(bearer(admin)).expect(200)).body;
      expect(list).toEqual([
        expect.objectContaining({ userId: await idOf('student21@example.edu'), email: 'student21@example.edu' }),
      ]);
    });

    it('an admin issues a single-use link (stored hashed); it sets a new password once and ends sessions', async () => {
      const email = 'student21@example.edu';
      const id = await idOf(email);
      const session = await tokenFor(t, email);
      const issued = (await t.http().post(`/api/admin/users/${id}/reset-link`).set(bearer(admin)).expect(201)).body;
      // No mail server: the admin is given the link to pass on.
      expect(issued).toMatchObject({ emailed: false, to: null });
      expect(issued.url).toBe(`/reset-password?token=${issued.token}`);
      const stored = await t.db.getRepository(PasswordResetToken).findOneByOrFail({ userId: id });
      expect(stored.tokenHash).toBe(createHash('sha256').update(issued.token).digest('hex'));
      expect(stored.tokenHash).not.toContain(issued.token);
      expect(new Date(stored.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
      expect(await t.db.getRepository(PasswordResetRequest).countBy({ userId: id })).toBe(0);
      expect(await t.db.getRepository(AuditEntry).existsBy({ action: 'user.password.reset-link', targetId: id })).toBe(
        true,
      );

      await t.http().post('/api/auth/reset-password').send({ token: issued.token, newPassword: '   ' }).expect(400);
      await t
        .http()
        .post('/api/auth/reset-password')
        .send({ token: issued.token, newPassword: 'reset-pass-1' })
        .expect(200);
      await t.http().get('/api/auth/me').set(bearer(session)).expect(401);
      await login(email, 'reset-pass-1').expect(200);
      const again = await t
        .http()
        .post('/api/auth/reset-password')
        .send({ token: issued.token, newPassword: 'reset-pass-2' })
        .expect(400);
      expect(again.body.code).toBe(ErrorCode.ResetLinkInvalid);
      await login(email, 'reset-pass-1').expect(200);
    });

    it('an expired or unknown link is refused', async () => {
      const id = await idOf('student22@example.edu');
      const issued = (await t.http().post(`/api/admin/users/${id}/reset-link`).set(bearer(admin)).expect(201)).body;
      await t.db.getRepository(PasswordResetToken).update({ userId: id }, { expiresAt: new Date(Date.now() - 1000) });
      for (const token of [issued.token, 'a'.repeat(43)]) {
        const res = await t
          .http()
          .post('/api/auth/reset-password')
          .send({ token, newPassword: 'reset-pass-1' })
          .expect(400);
        expect(res.body.code).toBe(ErrorCode.ResetLinkInvalid);
      }
      await login('student22@example.edu', DEMO_PASSWORD).expect(200);
    });

    it("a deleted user's reset links and requests go with the account", async () => {
      const email = 'student23@example.edu';
      const id = await idOf(email);
      await t.http().post('/api/auth/forgot-password').send({ email }).expect(202);
      await runOutbox();
      await t.http().post(`/api/admin/users/${id}/reset-link`).set(bearer(admin)).expect(201);
      await t.http().post('/api/auth/forgot-password').send({ email }).expect(202);
      await runOutbox();
      await t.http().delete(`/api/admin/users/${id}`).set(bearer(admin)).expect(200);
      expect(await t.db.getRepository(PasswordResetToken).countBy({ userId: id })).toBe(0);
      expect(await t.db.getRepository(PasswordResetRequest).countBy({ userId: id })).toBe(0);
    });
  });
  describe('the same work whether or not the account exists or has a password', () => {
    // Its own instance without an outbox poller: jobs run only when the test says, so each request's writes are seen.
    let q: TestApp;
    beforeAll(async () => {
      q = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    });
    afterAll(() => q.close());

    it('sign-in makes exactly one argon2 verification, against a hash, for every kind of wrong sign-in', async () => {
      const noPassword = 'student26@example.edu';
      // An imported account before its owner chose a password stores a marker, not a hash.
      await q.db.getRepository(User).update({ email: noPassword }, { passwordHash: '!imported-0123456789abcdef' });
      const verify = jest.spyOn(q.app.get(PasswordService), 'verify');
      try {
        for (const email of [DEMO_ACCOUNTS.mentor, 'nobody-here@example.edu', noPassword]) {
          verify.mockClear();
          const res = await q.http().post('/api/auth/login').send({ email, password: 'wrong-password' }).expect(401);
          expect(res.body).toMatchObject({ code: ErrorCode.InvalidCredentials, message: MSG.invalidCredentials });
          expect([email, verify.mock.calls.length]).toEqual([email, 1]);
          expect(verify.mock.calls[0][0]).toMatch(/^\$argon2id\$/);
        }
        verify.mockClear();
        await q
          .http()
          .post('/api/auth/login')
          .send({ email: DEMO_ACCOUNTS.mentor, password: DEMO_PASSWORD })
          .expect(200);
        expect(verify).toHaveBeenCalledTimes(1);
      } finally {
        verify.mockRestore();
      }
    });

    it('forgot-password writes one outbox job for a known and an unknown address alike; only the known one is mailed', async () => {
      const known = 'student27@example.edu';
      const unknown = 'nobody-at-all@example.edu';
      const outbox = q.app.get(OutboxService);
      const enqueue = jest.spyOn(outbox, 'enqueue');
      const mails = () => q.db.getRepository(MailDelivery).find({ where: { kind: 'password.reset' } });
      const before = (await mails()).length;
      try {
        const answers = [];
        for (const email of [known, unknown]) {
          enqueue.mockClear();
          answers.push((await q.http().post('/api/auth/forgot-password').send({ email }).expect(202)).body);
          expect(enqueue.mock.calls.map(([, job]) => job)).toEqual([
            { kind: 'password.reset-request', payload: { email } },
          ]);
        }
        expect(answers[1]).toEqual(answers[0]);
      } finally {
        enqueue.mockRestore();
      }
      // Nothing is written for either address while answering: the jobs do that afterwards.
      expect(await q.db.getRepository(PasswordResetRequest).count()).toBe(0);
      expect(await mails()).toHaveLength(before);
      await runOutbox(q);
      const sent = (await mails()).slice(before);
      expect(sent.map((m) => m.to)).toEqual([known]);
      expect(await q.db.getRepository(PasswordResetRequest).find()).toEqual([
        expect.objectContaining({ userId: (await q.db.getRepository(User).findOneByOrFail({ email: known })).id }),
      ]);
      const jobs = await q.db.getRepository(OutboxJob).findBy({ kind: 'password.reset-request' });
      expect(jobs.map((j) => [(j.payload as { email: string }).email, j.status]).sort()).toEqual(
        [
          [known, 'done'],
          [unknown, 'done'],
        ].sort(),
      );
    });
  });
});
