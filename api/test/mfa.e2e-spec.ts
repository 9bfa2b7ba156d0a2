import { ErrorCode } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { AdminAuthenticator, AdminRecoveryCode } from '../src/auth/entities/admin-mfa.entity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { User } from '../src/users/entities/user.entity';
import { codeAt, enrolAdmin, registerSecondAdmin } from './support/mfa';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/** Admins' second factor under ADMIN_MFA=required: the challenge, enrolment, codes, recovery codes and resets. */
describe(`admins' second factor (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_MFA: 'required' } });
  });
  afterAll(() => t.close());

  const login = (email: string, password = DEMO_PASSWORD) => t.http().post('/api/auth/login').send({ email, password });
  const verify = (challenge: string, code: string) => t.http().post('/api/auth/mfa/verify').send({ challenge, code });
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  const enrol = (email: string, password: string) => enrolAdmin(t, email, password);

  let secret: string;
  let recoveryCodes: string[];

  it("an admin's password yields only a challenge, which no other route accepts", async () => {
    const res = await login(DEMO_ACCOUNTS.admin).expect(200);
    expect(res.body.token).toBeUndefined();
    expect(res.body.user).toBeUndefined();
    expect(res.body.mfa).toEqual({ challenge: expect.any(String), enrolled: false });
    const challenge = res.body.mfa.challenge;
    expect((await t.http().get('/api/auth/me').set(bearer(challenge)).expect(401)).body.code).toBe(
      ErrorCode.Unauthenticated,
    );
    await t.http().get('/api/admin/dashboard').set(bearer(challenge)).expect(401);
    // Anything else in its place is refused.
    expect((await verify('not-a-challenge', '123456').expect(401)).body.code).toBe(ErrorCode.MfaChallengeInvalid);
    expect(
      (
        await t
          .http()
          .post('/api/auth/mfa/enrolment')
          .send({ challenge: await tokenFor(t, DEMO_ACCOUNTS.mentor) })
      ).status,
    ).toBe(401);
  });

  it('mentors, students and guardians sign in as before', async () => {
    for (const email of [DEMO_ACCOUNTS.mentor, DEMO_ACCOUNTS.mentee, DEMO_ACCOUNTS.guardian])
      expect((await login(email).expect(200)).body.token).toEqual(expect.any(String));
  });

  it('enrols inside the challenge: a QR code, then a first code turns it on and gives ten recovery codes once', async () => {
    const challenge = (await login(DEMO_ACCOUNTS.admin).expect(200)).body.mfa.challenge;
    const enrolment = await t.http().post('/api/auth/mfa/enrolment').send({ challenge }).expect(200);
    expect(enrolment.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Mentor%20Portal:admin%40example\.edu\?secret=/);
    expect(enrolment.body.qrSvg).toMatch(/^<svg/);
    secret = enrolment.body.secret;
    const adminId = await idOf(DEMO_ACCOUNTS.admin);
    // Kept encrypted, never as given; off until a first code.
    const stored = await t.db.getRepository(AdminAuthenticator).findOneByOrFail({ userId: adminId });
    expect(stored.secret).not.toContain(secret);
    expect(stored.enabledAt).toBeNull();

    expect((await verify(challenge, '000000').expect(401)).body.code).toBe(ErrorCode.MfaCodeInvalid);
    const done = await verify(challenge, await codeAt(secret)).expect(200);
    expect(done.body.user).toMatchObject({ email: DEMO_ACCOUNTS.admin, role: 'admin' });
    recoveryCodes = done.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    await t.http().get('/api/admin/dashboard').set(bearer(done.body.token)).expect(200);
    const kept = await t.db.getRepository(AdminRecoveryCode).findBy({ userId: adminId });
    expect(kept).toHaveLength(10);
    for (const code of recoveryCodes) expect(kept.map((k) => k.codeHash)).not.toContain(code);
    expect(
      (await t.db.getRepository(AdminAuthenticator).findOneByOrFail({ userId: adminId })).enabledAt,
    ).not.toBeNull();

    // A second enrolment is refused: a new authenticator only after a reset.
    const next = (await login(DEMO_ACCOUNTS.admin).expect(200)).body.mfa;
    expect(next.enrolled).toBe(true);
    expect(
      (await t.http().post('/api/auth/mfa/enrolment').send({ challenge: next.challenge }).expect(409)).body.code,
    ).toBe(ErrorCode.MfaAlreadyEnrolled);
  });

  it('signs in with the next code, never twice with the same one', async () => {
    const challenge = (await login(DEMO_ACCOUNTS.admin).expect(200)).body.mfa.challenge;
    const code = await codeAt(secret, 1);
    const res = await verify(challenge, code).expect(200);
    expect(res.body.recoveryCodes).toBeNull();
    await t.http().get('/api/auth/me').set(bearer(res.body.token)).expect(200);
    // The same code again, and an older one: refused.
    expect((await verify(challenge, code).expect(401)).body.code).toBe(ErrorCode.MfaCodeInvalid);
    await verify(challenge, await codeAt(secret)).expect(401);
  });

  it('a recovery code works once, typed in any case', async () => {
    const challenge = (await login(DEMO_ACCOUNTS.admin).expect(200)).body.mfa.challenge;
    const code = recoveryCodes[3];
    await verify(challenge, code.toLowerCase().replace('-', ' ')).expect(200);
    expect((await verify(challenge, code).expect(401)).body.code).toBe(ErrorCode.MfaCodeInvalid);
    const kept = await t.db.getRepository(AdminRecoveryCode).findBy({ userId: await idOf(DEMO_ACCOUNTS.admin) });
    expect(kept.filter((k) => k.usedAt)).toHaveLength(1);
  });

  it("another admin resets a lost factor: audited, that admin's sessions end, and they enrol again", async () => {
    const challenge = (await login(DEMO_ACCOUNTS.admin).expect(200)).body.mfa.challenge;
    const adminToken = (await verify(challenge, recoveryCodes[5]).expect(200)).body.token;
    await registerSecondAdmin(t, adminToken);
    const second = await enrol('second.admin@example.edu', 'Admin2026xx');
    const secondId = await idOf('second.admin@example.edu');
    await t.http().get('/api/auth/me').set(bearer(second.token)).expect(200);

    // Not one's own (a recovery code is for that), not someone without one, and only an admin.
    const adminId = await idOf(DEMO_ACCOUNTS.admin);
    expect(
      (await t.http().delete(`/api/admin/users/${adminId}/mfa`).set(bearer(adminToken)).expect(400)).body.code,
    ).toBe(ErrorCode.OwnAccount);
    const mentorToken = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    await t.http().delete(`/api/admin/users/${secondId}/mfa`).set(bearer(mentorToken)).expect(403);

    await t.http().delete(`/api/admin/users/${secondId}/mfa`).set(bearer(adminToken)).expect(204);
    await t.http().get('/api/auth/me').set(bearer(second.token)).expect(401);
    expect(await t.db.getRepository(AdminAuthenticator).countBy({ userId: secondId })).toBe(0);
    expect(await t.db.getRepository(AdminRecoveryCode).countBy({ userId: secondId })).toBe(0);
    const entry = await t.db
      .getRepository(AuditEntry)
      .findOneByOrFail({ action: 'admin.mfa-reset', targetId: secondId });
    expect(entry.actorId).toBe(adminId);
    expect(
      (await t.http().delete(`/api/admin/users/${secondId}/mfa`).set(bearer(adminToken)).expect(404)).body.code,
    ).toBe(ErrorCode.MfaNotEnrolled);
    expect((await login('second.admin@example.edu', 'Admin2026xx').expect(200)).body.mfa.enrolled).toBe(false);
  });

  it('wrong codes are limited as wrong passwords are', async () => {
    const challenge = (await login(DEMO_ACCOUNTS.admin).expect(200)).body.mfa.challenge;
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(challenge, '111111')).status);
    expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
    expect(answers[3]).toBe(429);
  });
});
