import {
  ErrorCode,
  type GuardianChild,
  type GuardianChildAttendance,
  type GuardianLinkResponse,
} from '@portal/contracts';
import { Clock } from '../src/dates/clock';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { DEMO_ACCOUNTS, DEMO_INVITED_GUARDIAN } from '../src/database/seed/demo-seed';
import { GuardianLink } from '../src/guardians/entities/guardian-link.entity';
import { MailDelivery } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, demoTokens, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Issue 41: guardians are users. An admin invites one for a student (an account with no password and a single-use
 * link, 7 days); a guardian sees their own children only, and a removed link ends that sight at the next request.
 */
describe(`guardians (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string;
  let guardian: string;
  let jordan: string;
  const runDue = () => t.app.get(OutboxService).runDue(new Date());
  const users = () => t.db.getRepository(User);
  /** A student of the demo school without guardians yet. */
  const studentWithoutGuardians = async () => {
    const linked = new Set((await t.db.getRepository(GuardianLink).find()).map((l) => l.menteeId));
    const all = await t.db
      .getRepository(MenteeProfile)
      .find({ relations: { user: true }, order: { studentId: 'ASC' } });
    return all.find((m) => !linked.has(m.id) && m.user!.isActive)!;
  };
  const invite = (menteeId: string, email: string, fullName = 'Pat Doe') =>
    t.http().post(`/api/admin/mentees/${menteeId}/guardians`).set(bearer(admin)).send({ email, fullName });
  /** The token of the newest invitation e-mailed to `email`. */
  const invitationToken = async (email: string) => {
    await runDue();
    const mail = await t.db
      .getRepository(MailDelivery)
      .findOneOrFail({ where: { to: email, kind: 'password.reset' }, order: { createdAt: 'DESC' } });
    expect(mail.subject).toMatch(/^Your invitation to the Mentor Portal as guardian of /);
    return decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.text)![1]);
  };
  const setPassword = (token: string) =>
    t.http().post('/api/auth/reset-password').send({ token, newPassword: 'Family#2026' });

  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor] = await demoTokens(t);
    guardian = await tokenFor(t, DEMO_ACCOUNTS.guardian);
    jordan = (await users().findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
  });
  afterAll(() => t.close());

  it("the demo guardian sees their two children by name, and one child's month as the register has it", async () => {
    const children = (await t.http().get('/api/guardian/children').set(bearer(guardian)).expect(200))
      .body as GuardianChild[];
    expect(children).toHaveLength(2);
    expect(children.map((c) => c.fullName)).toEqual(
      [...children.map((c) => c.fullName)].sort((a, b) => a.localeCompare(b)),
    );
    const mine = children.find((c) => c._id === jordan)!;
    expect(mine).toMatchObject({ fullName: 'Jordan Rivera', mentor: { fullName: expect.any(String) } });

    const records = await t.db.getRepository(AttendanceRecord).find({ where: { menteeId: jordan } });
    const month = [...records]
      .map((r) => String(r.date).slice(0, 7))
      .sort()
      .pop()!;
    const res = (
      await t.http().get(`/api/guardian/children/${jordan}/attendance?month=${month}`).set(bearer(guardian)).expect(200)
    ).body as GuardianChildAttendance;
    expect(res.month).toBe(month);
    expect(res.days.map((d) => d.date)).toEqual(
      records
        .map((r) => String(r.date).slice(0, 10))
        .filter((d) => d.startsWith(month))
        .sort(),
    );
    // The student's own figures: the same summary their dashboard shows.
    const student = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    const own = (await t.http().get('/api/mentees/dashboard').set(bearer(student)).expect(200)).body;
    expect(res.summary).toEqual(own.attendance);
    expect(res.leaveEligible).toBe(own.attendance.percentage >= 75);
    expect(
      await codeOf(t.http().get(`/api/guardian/children/${jordan}/attendance?month=2026-13`).set(bearer(guardian))),
    ).toBe(ErrorCode.ValidationFailed);
  });

  it("another family's child, a grievance, chat and the mentor's pages are refused to a guardian", async () => {
    const other = await studentWithoutGuardians();
    const res = await t.http().get(`/api/guardian/children/${other.id}/attendance`).set(bearer(guardian)).expect(403);
    expect(res.body.code).toBe(ErrorCode.NotOwner);
    for (const path of [
      '/api/grievances/mentee',
      '/api/messages/conversations',
      '/api/followup/queue',
      '/api/leaves/mentee',
    ])
      expect([path, (await t.http().get(path).set(bearer(guardian))).status]).toEqual([path, 403]);
    // Nor may anyone else use the guardian's routes.
    await t.http().get('/api/guardian/children').set(bearer(mentor)).expect(403);
  });

  it('an invitation creates a guardian with no password; its link sets one once, within 7 days, and they sign in to their child', async () => {
    const child = await studentWithoutGuardians();
    const email = 'new.parent@example.com';
    const link = (await invite(child.id, email, 'New Parent').expect(201)).body as GuardianLinkResponse;
    expect(link).toMatchObject({ menteeId: child.id, email, fullName: 'New Parent', status: 'invited' });
    const account = await users().findOneByOrFail({ email });
    expect(account.role).toBe('guardian');
    // No password can be used before the link is opened.
    await t.http().post('/api/auth/login').send({ email, password: '' }).expect(400);
    const token = await invitationToken(email);

    await setPassword(token).expect(200);
    // Single use: the same link again is refused.
    expect(await codeOf(setPassword(token))).toBe(ErrorCode.ResetLinkInvalid);
    const parent = await tokenFor(t, email, 'Family#2026');
    const children = (await t.http().get('/api/guardian/children').set(bearer(parent)).expect(200)).body;
    expect(children.map((c: GuardianChild) => c._id)).toEqual([child.id]);
    const listed = (await t.http().get(`/api/admin/mentees/${child.id}/guardians`).set(bearer(admin)).expect(200))
      .body as GuardianLinkResponse[];
    expect(listed).toEqual([expect.objectContaining({ email, status: 'active' })]);
    // Accepted: nothing to resend.
    expect(await codeOf(t.http().post(`/api/admin/guardian-links/${link._id}/resend`).set(bearer(admin)))).toBe(
      ErrorCode.Conflict,
    );
  });

  it('an invitation link older than 7 days is refused; a resend sends one that works', async () => {
    const invited = await users().findOneByOrFail({ email: DEMO_INVITED_GUARDIAN });
    const link = await t.db.getRepository(GuardianLink).findOneByOrFail({ guardianId: invited.id });
    await t.http().post(`/api/admin/guardian-links/${link.id}/resend`).set(bearer(admin)).expect(201);
    const token = await invitationToken(DEMO_INVITED_GUARDIAN);
    const clock = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 8 * 24 * 3600_000));
    try {
      expect(await codeOf(setPassword(token))).toBe(ErrorCode.ResetLinkInvalid);
    } finally {
      clock.mockRestore();
    }
    await t.http().post(`/api/admin/guardian-links/${link.id}/resend`).set(bearer(admin)).expect(201);
    await setPassword(await invitationToken(DEMO_INVITED_GUARDIAN)).expect(200);
    await tokenFor(t, DEMO_INVITED_GUARDIAN, 'Family#2026');
  });

  it('refuses a third guardian, the same guardian twice and an e-mail of another role; sign-up never makes a guardian', async () => {
    const child = await studentWithoutGuardians();
    await invite(child.id, 'first.parent@example.com').expect(201);
    expect(await codeOf(invite(child.id, 'first.parent@example.com'))).toBe(ErrorCode.GuardianAlreadyLinked);
    expect(await codeOf(invite(child.id, DEMO_ACCOUNTS.mentor))).toBe(ErrorCode.GuardianAlreadyLinked);
    await invite(child.id, 'second.parent@example.com').expect(201);
    expect(await codeOf(invite(child.id, 'third.parent@example.com'))).toBe(ErrorCode.GuardianLimit);
    expect(await users().existsBy({ email: 'third.parent@example.com' })).toBe(false);
    // An existing guardian becomes a second child's guardian without a new account.
    const sibling = await studentWithoutGuardians();
    await invite(sibling.id, 'first.parent@example.com').expect(201);
    expect(await users().countBy({ email: 'first.parent@example.com' })).toBe(1);

    const signUp = await t.http().post('/api/auth/register').send({
      email: 'self.made@example.com',
      password: 'Family#2026',
      role: 'guardian',
      fullName: 'Self Made',
      phone: '1',
    });
    expect([signUp.status, signUp.body.code]).toEqual([400, ErrorCode.ValidationFailed]);
    expect(await users().existsBy({ email: 'self.made@example.com' })).toBe(false);
    // Nor can an admin create one directly: only by invitation.
    expect(
      await codeOf(
        t.http().post('/api/admin/users').set(bearer(admin)).send({
          email: 'direct@example.com',
          password: 'Family#2026',
          role: 'guardian',
          fullName: 'Direct',
          phone: '1',
        }),
      ),
    ).toBe(ErrorCode.ValidationFailed);
  });

  it('removing a link ends the sight of that child at the next request; a guardian left with no child is signed out', async () => {
    const child = await studentWithoutGuardians();
    const link = (await invite(child.id, 'leaving.parent@example.com').expect(201)).body as GuardianLinkResponse;
    await setPassword(await invitationToken('leaving.parent@example.com')).expect(200);
    const parent = await tokenFor(t, 'leaving.parent@example.com', 'Family#2026');
    await t.http().get(`/api/guardian/children/${child.id}/attendance`).set(bearer(parent)).expect(200);

    await t.http().delete(`/api/admin/guardian-links/${link._id}`).set(bearer(admin)).expect(200);
    expect(await t.db.getRepository(GuardianLink).existsBy({ id: link._id })).toBe(false);
    // No child left: every session of the account has ended.
    await t.http().get('/api/auth/me').set(bearer(parent)).expect(401);
    expect(await codeOf(t.http().delete(`/api/admin/guardian-links/${link._id}`).set(bearer(admin)))).toBe(
      ErrorCode.GuardianLinkNotFound,
    );

    // With a child left, the guardian stays signed in but loses the other child.
    const demo = await users().findOneByOrFail({ email: DEMO_ACCOUNTS.guardian });
    const [first, second] = await t.db.getRepository(GuardianLink).find({ where: { guardianId: demo.id } });
    await t.http().delete(`/api/admin/guardian-links/${first.id}`).set(bearer(admin)).expect(200);
    await t.http().get(`/api/guardian/children/${first.menteeId}/attendance`).set(bearer(guardian)).expect(403);
    await t.http().get(`/api/guardian/children/${second.menteeId}/attendance`).set(bearer(guardian)).expect(200);
  });
});
