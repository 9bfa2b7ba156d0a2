import dayjs from 'dayjs';
import {
  ErrorCode,
  type GuardianChild,
  type ConsentRecordResponse,
  type GuardianChildAttendance,
  type GuardianConsentOverview,
  type GuardianLinkResponse,
  type LeaveResponse,
} from '@portal/contracts';
import { CalendarService } from '../src/calendar/calendar.service';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { Notification, MailDelivery } from '../src/notifications/entities/notification.entity';
import { Clock } from '../src/dates/clock';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { DEMO_ACCOUNTS, DEMO_INVITED_GUARDIAN, DEMO_PRIVACY_NOTICE } from '../src/database/seed/demo-seed';
import { GuardianConsent } from '../src/guardians/entities/consent.entity';
import { GuardianLink } from '../src/guardians/entities/guardian-link.entity';
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
  let student: string;
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
    student = await tokenFor(t, DEMO_ACCOUNTS.mentee);
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

  /** `length` days from the first day, at least `from` days ahead, that holds school days and none of Jordan's leaves. */
  const freeDays = async (from: number, length: number) => {
    const taken = await t.db.getRepository(LeaveRequest).findBy({ menteeId: jordan });
    for (let n = from; ; n++) {
      const [start, end] = [dayjs().add(n, 'day'), dayjs().add(n + length - 1, 'day')].map((d) =>
        d.format('YYYY-MM-DD'),
      );
      const clash = taken.some((l) => l.startDate <= end && l.endDate >= start);
      if (!clash && (await t.app.get(CalendarService).schoolDaysBetween(start, end)).length) return { start, end };
    }
  };
  const fileFor = (menteeId: string, body: object, token = guardian) =>
    t.http().post(`/api/guardian/children/${menteeId}/leaves`).set(bearer(token)).send(body);
  const toldOf = async (email: string, kind: Notification['kind']) => {
    const user = await users().findOneByOrFail({ email });
    return (
      await t.db.getRepository(Notification).find({ where: { userId: user.id, kind }, order: { createdAt: 'DESC' } })
    ).map((n) => n.title);
  };

  it("a guardian's leave for their child reaches the mentor as the child's own, is decided into the register and tells the guardian", async () => {
    const { start, end } = await freeDays(15, 3);
    const impact = await t
      .http()
      .get(`/api/guardian/children/${jordan}/leave-impact?startDate=${start}&endDate=${end}`)
      .set(bearer(guardian))
      .expect(200);
    expect(impact.body).toMatchObject({ schoolDays: expect.any(Number), before: expect.any(Number) });

    const filed = (
      await fileFor(jordan, { leaveType: 'sick', startDate: start, endDate: end, reason: 'Fever' }).expect(201)
    ).body as LeaveResponse;
    expect(filed).toMatchObject({
      status: 'pending',
      menteeId: { _id: jordan, fullName: 'Jordan Rivera' },
      filedBy: { fullName: 'Maria Rivera' },
    });
    expect((await t.db.getRepository(LeaveRequest).findOneByOrFail({ id: filed._id })).filedById).toBe(
      filed.filedBy!._id,
    );
    // The student and the mentor see who filed it; the mentor is told, naming the guardian's filing.
    const ofStudent = (await t.http().get('/api/leaves/mentee').set(bearer(student)).expect(200))
      .body as LeaveResponse[];
    expect(ofStudent.find((l) => l._id === filed._id)?.filedBy?.fullName).toBe('Maria Rivera');
    const ofMentor = (await t.http().get('/api/leaves/mentor?status=pending').set(bearer(mentor)).expect(200))
      .body as LeaveResponse[];
    expect(ofMentor.find((l) => l._id === filed._id)).toMatchObject({
      filedBy: { fullName: 'Maria Rivera' },
      impact: impact.body,
    });
    expect((await toldOf(DEMO_ACCOUNTS.mentor, 'leave.filed'))[0]).toBe(
      "Jordan Rivera's guardian asked for sick leave",
    );
    // Only whoever filed it may cancel it: not the student.
    const byStudent = await t.http().put(`/api/leaves/${filed._id}/cancel`).set(bearer(student)).expect(403);
    expect(byStudent.body.message).toBe('Your guardian filed this leave request: only they can cancel it');

    await t.http().put(`/api/leaves/${filed._id}/approve`).set(bearer(mentor)).send({}).expect(200);
    const dates = await t.app.get(CalendarService).schoolDaysBetween(start, end);
    const marks = await t.db.getRepository(AttendanceRecord).findBy({ menteeId: jordan, leaveId: filed._id });
    expect(marks.map((m) => [String(m.date).slice(0, 10), m.status]).sort()).toEqual(dates.map((d) => [d, 'leave']));
    expect((await toldOf(DEMO_ACCOUNTS.guardian, 'leave.decided'))[0]).toBe(
      'The leave request for Jordan Rivera was approved',
    );
    expect((await toldOf(DEMO_ACCOUNTS.mentee, 'leave.decided'))[0]).toBe('Your leave request was approved');
    const listed = (await t.http().get(`/api/guardian/children/${jordan}/leaves`).set(bearer(guardian)).expect(200))
      .body as LeaveResponse[];
    expect(listed.find((l) => l._id === filed._id)?.status).toBe('approved');
    // Decided: no longer the guardian's to cancel.
    expect(await codeOf(t.http().put(`/api/guardian/leaves/${filed._id}/cancel`).set(bearer(guardian)))).toBe(
      ErrorCode.LeaveNotCancellable,
    );
  });

  it("a guardian cancels their own pending filing, never the student's own leave or another family's", async () => {
    const mine = await freeDays(30, 1);
    const filed = (
      await fileFor(jordan, {
        leaveType: 'casual',
        startDate: mine.start,
        endDate: mine.end,
        reason: 'Wedding',
      }).expect(201)
    ).body as LeaveResponse;
    // The same dates again overlap, whoever files them.
    expect(
      await codeOf(fileFor(jordan, { leaveType: 'sick', startDate: mine.start, endDate: mine.end, reason: 'x' })),
    ).toBe(ErrorCode.LeaveOverlap);
    const cancelled = await t.http().put(`/api/guardian/leaves/${filed._id}/cancel`).set(bearer(guardian)).expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await t.db.getRepository(LeaveRequest).findOneByOrFail({ id: filed._id })).status).toBe('cancelled');

    const own = await freeDays(35, 1);
    const byStudent = (
      await t
        .http()
        .post('/api/leaves')
        .set(bearer(student))
        .send({ leaveType: 'casual', startDate: own.start, endDate: own.end, reason: 'Trip' })
        .expect(201)
    ).body as LeaveResponse;
    expect(byStudent.filedBy).toBeNull();
    expect(await codeOf(t.http().put(`/api/guardian/leaves/${byStudent._id}/cancel`).set(bearer(guardian)))).toBe(
      ErrorCode.NotOwner,
    );
    expect((await t.db.getRepository(LeaveRequest).findOneByOrFail({ id: byStudent._id })).status).toBe('pending');

    const other = await studentWithoutGuardians();
    const refused = await fileFor(other.id, {
      leaveType: 'sick',
      startDate: own.start,
      endDate: own.end,
      reason: 'x',
    }).expect(403);
    expect(refused.body.code).toBe(ErrorCode.NotOwner);
    expect(await t.db.getRepository(LeaveRequest).countBy({ menteeId: other.id, reason: 'x' })).toBe(0);
    await t.http().get(`/api/guardian/children/${other.id}/leaves`).set(bearer(guardian)).expect(403);
    // Bad input changes nothing either.
    const before = await t.db.getRepository(LeaveRequest).countBy({ menteeId: jordan });
    expect(await codeOf(fileFor(jordan, { leaveType: 'sick', startDate: null, reason: 1 }))).toBe(
      ErrorCode.ValidationFailed,
    );
    expect(await t.db.getRepository(LeaveRequest).countBy({ menteeId: jordan })).toBe(before);
  });

  it('consent: the demo guardian has given it for both children; a new notice asks again, a refusal after consent is a withdrawal, kept for admins', async () => {
    const overview = async () =>
      (await t.http().get('/api/guardian/consent').set(bearer(guardian)).expect(200)).body as GuardianConsentOverview;
    const first = await overview();
    expect(first.notice).toMatchObject({ version: 1, text: DEMO_PRIVACY_NOTICE });
    expect(first.children.map((c) => [c.decision, c.current])).toEqual([
      ['given', true],
      ['given', true],
    ]);

    const published = await t
      .http()
      .put('/api/admin/privacy-notice')
      .set(bearer(admin))
      .send({ text: '  Version two of the notice.  ' })
      .expect(200);
    expect(published.body).toMatchObject({ version: 2, text: 'Version two of the notice.' });
    expect((await overview()).children.every((c) => c.decision === 'given' && !c.current)).toBe(true);

    const answer = (body: object, child = jordan) =>
      t.http().put(`/api/guardian/children/${child}/consent`).set(bearer(guardian)).send(body);
    // An answer for the notice read before the new one is refused: they read the current one first.
    expect(await codeOf(answer({ decision: 'given', noticeVersion: 1 }))).toBe(ErrorCode.PrivacyNoticeChanged);
    for (const bad of [{}, { decision: 'maybe', noticeVersion: 2 }, { decision: 'given', noticeVersion: '2' }, null])
      expect(await codeOf(answer(bad as object))).toBe(ErrorCode.ValidationFailed);
    const other = await studentWithoutGuardians();
    expect(await codeOf(answer({ decision: 'given', noticeVersion: 2 }, other.id))).toBe(ErrorCode.NotOwner);
    expect(await t.db.getRepository(GuardianConsent).countBy({ menteeId: other.id })).toBe(0);

    const withdrawn = await answer({ decision: 'refused', noticeVersion: 2 }).expect(200);
    expect(withdrawn.body).toMatchObject({ childId: jordan, decision: 'withdrawn', noticeVersion: 2, current: true });
    // Refusing does not take the child away.
    await t.http().get(`/api/guardian/children/${jordan}/attendance`).set(bearer(guardian)).expect(200);

    const records = (await t.http().get(`/api/admin/mentees/${jordan}/consents`).set(bearer(admin)).expect(200))
      .body as ConsentRecordResponse[];
    expect(records.map((r) => [r.decision, r.noticeVersion, r.guardianEmail])).toEqual([
      ['withdrawn', 2, DEMO_ACCOUNTS.guardian],
      ['given', 1, DEMO_ACCOUNTS.guardian],
    ]);
    expect(records[0].ipAddress).toEqual(expect.any(String));
    expect(await codeOf(t.http().put('/api/admin/privacy-notice').set(bearer(admin)).send({ text: '   ' }))).toBe(
      ErrorCode.ValidationFailed,
    );
    expect((await t.http().get('/api/admin/privacy-notice').set(bearer(admin)).expect(200)).body.version).toBe(2);

    // Without consent, a decision on the guardian's leave reaches their inbox but not their e-mail; given again, both.
    const mails = async () => {
      await runDue();
      return t.db.getRepository(MailDelivery).countBy({ to: DEMO_ACCOUNTS.guardian, kind: 'leave.decided' });
    };
    const decideOne = async (from: number) => {
      const { start, end } = await freeDays(from, 1);
      const filed = (
        await fileFor(jordan, { leaveType: 'casual', startDate: start, endDate: end, reason: 'Consent check' }).expect(
          201,
        )
      ).body as LeaveResponse;
      await t.http().put(`/api/leaves/${filed._id}/reject`).set(bearer(mentor)).send({}).expect(200);
    };
    const before = await mails();
    const inbox = (await toldOf(DEMO_ACCOUNTS.guardian, 'leave.decided')).length;
    await decideOne(45);
    expect((await toldOf(DEMO_ACCOUNTS.guardian, 'leave.decided')).length).toBe(inbox + 1);
    expect(await mails()).toBe(before);
    const given = await answer({ decision: 'given', noticeVersion: 2 }).expect(200);
    expect(given.body.decision).toBe('given');
    await decideOne(50);
    expect(await mails()).toBe(before + 1);
  });

  it("during the school's quiet hours a guardian's e-mail waits until they end; the inbox is told at once", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { timezone } = (await t.http().get(`/api/calendar?from=${today}&to=${today}`).set(bearer(admin)).expect(200))
      .body as {
      timezone: string;
    };
    const hhmm = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: timezone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(Date.now() + ms));
    const setQuiet = (quietHours: object | null) =>
      t.http().put('/api/admin/calendar').set(bearer(admin)).send({ quietHours });
    for (const bad of [{ start: '25:00', end: '07:00' }, { start: '21:00' }, { start: '7:00', end: '08:00' }, 'night'])
      expect(await codeOf(setQuiet(bad as object))).toBe(ErrorCode.ValidationFailed);
    expect(await codeOf(setQuiet({ start: '21:00', end: '21:00' }))).toBe(ErrorCode.ValidationFailed);
    // Quiet from an hour ago to two hours ahead, in the school's time zone.
    const saved = await setQuiet({ start: hhmm(-3600_000), end: hhmm(2 * 3600_000) }).expect(200);
    expect(saved.body.quietHours).toEqual({ start: hhmm(-3600_000), end: hhmm(2 * 3600_000) });
    try {
      const { start, end } = await freeDays(55, 1);
      const filed = (
        await fileFor(jordan, { leaveType: 'casual', startDate: start, endDate: end, reason: 'Quiet hours' }).expect(
          201,
        )
      ).body as LeaveResponse;
      const inbox = (await toldOf(DEMO_ACCOUNTS.guardian, 'leave.decided')).length;
      await t.http().put(`/api/leaves/${filed._id}/approve`).set(bearer(mentor)).send({}).expect(200);
      expect((await toldOf(DEMO_ACCOUNTS.guardian, 'leave.decided')).length).toBe(inbox + 1);
      const mail = await t.db
        .getRepository(MailDelivery)
        .findOneOrFail({ where: { to: DEMO_ACCOUNTS.guardian, kind: 'leave.decided' }, order: { createdAt: 'DESC' } });
      // Waits for the end of the quiet hours: between one and two hours from now (to the minute).
      const wait = mail.sendAfter.getTime() - Date.now();
      expect([wait > 3600_000, wait <= 2 * 3600_000]).toEqual([true, true]);
      await runDue();
      expect((await t.db.getRepository(MailDelivery).findOneByOrFail({ id: mail.id })).status).toBe('pending');
      // The student's own notice is not a guardian's: it is not held.
      const own = await t.db.getRepository(MailDelivery).findOneOrFail({
        where: { to: DEMO_ACCOUNTS.mentee, kind: 'leave.decided' },
        order: { createdAt: 'DESC' },
      });
      expect(own.sendAfter.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      expect((await setQuiet(null).expect(200)).body.quietHours).toBeNull();
    }
  });

  it('a guardian edits their own phone and language; nothing else through that route', async () => {
    const me = (body: object | null) =>
      t
        .http()
        .patch('/api/auth/me')
        .set(bearer(guardian))
        .send(body ?? undefined);
    const res = await me({ phone: ' +1 555 0123 ', language: 'hi' }).expect(200);
    expect(res.body).toMatchObject({ user: { phone: '+1 555 0123' }, language: 'hi' });
    const stored = await users().findOneByOrFail({ email: DEMO_ACCOUNTS.guardian });
    expect([stored.phone, stored.language]).toEqual(['+1 555 0123', 'hi']);
    for (const bad of [
      {},
      { phone: '' },
      { phone: null },
      { phone: 5 },
      { phone: 'x'.repeat(31) },
      { email: 'me@x.org' },
    ])
      expect(await codeOf(me(bad))).toBe(ErrorCode.ValidationFailed);
    expect((await users().findOneByOrFail({ id: stored.id })).phone).toBe('+1 555 0123');
    await me({ language: 'en' }).expect(200);
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
