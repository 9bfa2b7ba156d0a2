import dayjs from 'dayjs';
import { Not } from 'typeorm';
import {
  ErrorCode,
  isSchoolDay,
  type AbsenceAnswerResponse,
  type DailyAttendanceResponse,
  type GuardianChildAttendance,
} from '@portal/contracts';
import { AbsenceAnswer, AbsenceLink } from '../src/attendance/entities/absence-answer.entity';
import { Clock } from '../src/dates/clock';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { GuardianLink } from '../src/guardians/entities/guardian-link.entity';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { MailDelivery, Notification } from '../src/notifications/entities/notification.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, demoTokens, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Issue 41: a family answers an absence, from the notice e-mail's single-use link (no sign-in) or in the portal; the
 * answer reaches the mentor's queue, and a "wrong mark" the admins' register until the mark is corrected or confirmed.
 */
describe(`absence answers (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, guardian: string;
  let jordan: string, mentorId: string;
  const days: string[] = [];
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  const answers = () => t.db.getRepository(AbsenceAnswer);
  const inbox = (userId: string) => t.db.getRepository(Notification).findBy({ userId, kind: 'absence.answered' });
  const mark = (day: string, menteeId: string, status: string) =>
    t
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: day, attendanceData: { [menteeId]: { [day]: status } } })
      .then((res) => expect([res.status, res.status === 201 || res.body]).toEqual([201, true]));
  /** The answer link of the absence notice written for `menteeId` on `day`. */
  const linkToken = async (menteeId: string, day: string, to?: string) => {
    const address = to ?? (await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: menteeId })).parentInfo.email;
    const mail = await t.db
      .getRepository(MailDelivery)
      .findOneByOrFail({ kind: 'guardian.absence', menteeId, day, to: address });
    return decodeURIComponent(/\/absence-answer\?token=([^\s]+)/.exec(mail.text)![1]);
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://portal.school.test', OUTBOX_POLL_MS: '0' } });
    [admin, mentor] = await demoTokens(t);
    guardian = await tokenFor(t, DEMO_ACCOUNTS.guardian);
    jordan = await idOf(DEMO_ACCOUNTS.mentee);
    mentorId = await idOf(DEMO_ACCOUNTS.mentor);
    // Recent school days without an approved leave of Jordan's (the register asks a reason for those).
    const leaves = await t.db.getRepository(LeaveRequest).findBy({ menteeId: jordan, status: 'approved' });
    const onLeave = (d: string) => leaves.some((l) => String(l.startDate) <= d && d <= String(l.endDate));
    for (let d = dayjs(); days.length < 5; d = d.subtract(1, 'day')) {
      const day = d.format('YYYY-MM-DD');
      if (isSchoolDay(day) && !onLeave(day)) days.push(day);
    }
  });
  afterAll(() => t.close());

  it('the e-mailed link answers once, with no sign-in; a wrong mark waits in the register until corrected', async () => {
    const [day] = days;
    await mark(day, jordan, 'absent');
    const token = await linkToken(jordan, day);
    const jordanProfile = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: jordan });
    // One link per address told: the record's guardian address and the linked guardian's own.
    expect(
      (await t.db.getRepository(AbsenceLink).findBy({ menteeId: jordan, date: day })).map((l) => l.email).sort(),
    ).toEqual([jordanProfile.parentInfo.email, DEMO_ACCOUNTS.guardian].sort());
    // Only the hash is kept.
    expect(await t.db.getRepository(AbsenceLink).countBy({ tokenHash: token })).toBe(0);

    const about = await t.http().post('/api/absence-link').send({ token }).expect(200);
    expect(about.body).toEqual({ childName: 'Jordan', date: day });
    expect(await codeOf(t.http().post('/api/absence-link').send({ token: 'nope' }))).toBe(ErrorCode.AbsenceLinkInvalid);
    // "Other" needs a note; a reason outside the list is refused; neither uses the link up.
    expect(await codeOf(t.http().post('/api/absence-link/answer').send({ token, reason: 'other', note: '  ' }))).toBe(
      ErrorCode.ValidationFailed,
    );
    expect(await codeOf(t.http().post('/api/absence-link/answer').send({ token, reason: 'holiday' }))).toBe(
      ErrorCode.ValidationFailed,
    );
    expect(await answers().countBy({ menteeId: jordan })).toBe(0);

    const res = await t
      .http()
      .post('/api/absence-link/answer')
      .send({ token, reason: 'wrong_mark', note: 'He was at the science fair with his class' })
      .expect(200);
    expect(res.body.message).toMatch(/mentor/);
    const stored = await answers().findOneByOrFail({ menteeId: jordan, date: day });
    expect(stored).toMatchObject({
      reason: 'wrong_mark',
      via: 'link',
      answeredById: null,
      answeredBy: jordanProfile.parentInfo.email,
      seenAt: null,
      markResolution: null,
    });
    // Single use: the same link again, and the same day answered again, are refused.
    expect(await codeOf(t.http().post('/api/absence-link/answer').send({ token, reason: 'sick' }))).toBe(
      ErrorCode.AbsenceLinkInvalid,
    );
    expect(await codeOf(t.http().post('/api/absence-link').send({ token }))).toBe(ErrorCode.AbsenceLinkInvalid);

    // The mentor is told and finds it in their queue; every admin is told of the disputed mark.
    expect((await inbox(mentorId)).map((n) => n.title)).toEqual([
      expect.stringMatching(/^Jordan Rivera's family says the absence of .* is a wrong mark$/),
    ]);
    expect(await inbox(await idOf(DEMO_ACCOUNTS.admin))).toHaveLength(1);
    const queue = (await t.http().get('/api/mentor/absence-answers').set(bearer(mentor)).expect(200))
      .body as AbsenceAnswerResponse[];
    expect(queue).toEqual([
      expect.objectContaining({ _id: stored.id, studentName: 'Jordan Rivera', date: day, reason: 'wrong_mark' }),
    ]);
    // The register shows the dispute beside the day until the mark is corrected.
    const register = async () =>
      (await t.http().get(`/api/admin/attendance?date=${day}`).set(bearer(admin)).expect(200))
        .body as DailyAttendanceResponse;
    expect((await register()).disputedMarks).toEqual({
      [jordan]: {
        answerId: stored.id,
        note: 'He was at the science fair with his class',
        answeredBy: expect.any(String),
      },
    });
    await mark(day, jordan, 'present');
    expect((await register()).disputedMarks).toEqual({});
    expect(await answers().findOneByOrFail({ id: stored.id })).toMatchObject({ markResolution: 'corrected' });
    // Settled: confirming it now is refused.
    expect(await codeOf(t.http().put(`/api/admin/absence-answers/${stored.id}/confirm`).set(bearer(admin)))).toBe(
      ErrorCode.Conflict,
    );

    // Only the student's mentor marks it seen; then it leaves the queue.
    const otherMentor = await t.db
      .getRepository(User)
      .findOneByOrFail({ role: 'mentor', isActive: true, id: Not(mentorId) });
    const other = await tokenFor(t, otherMentor.email);
    expect(await codeOf(t.http().put(`/api/mentor/absence-answers/${stored.id}/seen`).set(bearer(other)))).toBe(
      ErrorCode.NotOwner,
    );
    expect((await t.http().get('/api/mentor/absence-answers').set(bearer(other)).expect(200)).body).toEqual([]);
    await t.http().put(`/api/mentor/absence-answers/${stored.id}/seen`).set(bearer(mentor)).expect(200);
    expect((await t.http().get('/api/mentor/absence-answers').set(bearer(mentor)).expect(200)).body).toEqual([]);
  });

  it('the notice reaches each linked guardian at their own address, in their language, with a link of their own', async () => {
    const day = days[4];
    // Maria Rivera (the linked guardian) reads Hindi; the record's guardian address has no account: the student's.
    await t.http().patch('/api/auth/me').set(bearer(guardian)).send({ language: 'hi' }).expect(200);
    try {
      await mark(day, jordan, 'absent');
      const mails = await t.db.getRepository(MailDelivery).findBy({ kind: 'guardian.absence', menteeId: jordan, day });
      const parent = (await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: jordan })).parentInfo.email!;
      expect(mails.map((m) => m.to).sort()).toEqual([parent, DEMO_ACCOUNTS.guardian].sort());
      const byTo = new Map(mails.map((m) => [m.to, m]));
      expect(byTo.get(parent)!.subject).toMatch(/^Absence: Jordan Rivera/);
      expect(byTo.get(DEMO_ACCOUNTS.guardian)!.subject).toMatch(/^अनुपस्थिति/);
      // Saved again: nobody is told twice.
      await mark(day, jordan, 'absent');
      expect(await t.db.getRepository(MailDelivery).countBy({ kind: 'guardian.absence', menteeId: jordan, day })).toBe(
        2,
      );
      // Maria's own link answers for her.
      const token = await linkToken(jordan, day, DEMO_ACCOUNTS.guardian);
      await t.http().post('/api/absence-link/answer').send({ token, reason: 'sick' }).expect(200);
      expect(await answers().countBy({ menteeId: jordan, date: day })).toBe(1);
    } finally {
      await t.http().patch('/api/auth/me').set(bearer(guardian)).send({ language: 'en' }).expect(200);
    }
  });

  it('a link past its 7 days is refused, and a day no longer absent cannot be answered', async () => {
    const [, day] = days;
    await mark(day, jordan, 'absent');
    const token = await linkToken(jordan, day);
    const clock = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 8 * 24 * 3600_000));
    try {
      expect(await codeOf(t.http().post('/api/absence-link/answer').send({ token, reason: 'sick' }))).toBe(
        ErrorCode.AbsenceLinkInvalid,
      );
    } finally {
      clock.mockRestore();
    }
    await mark(day, jordan, 'late');
    expect(await codeOf(t.http().post('/api/absence-link/answer').send({ token, reason: 'sick' }))).toBe(
      ErrorCode.NotAbsent,
    );
    expect(await answers().countBy({ menteeId: jordan, date: day })).toBe(0);
    // Refused answers leave the link usable.
    const links = await t.db.getRepository(AbsenceLink).findBy({ menteeId: jordan, date: day });
    expect(links.map((l) => l.usedAt)).toEqual([null, null]);
  });

  it('a guardian answers in the portal for their own child only; the mentor is told, the admins only of a wrong mark', async () => {
    const [, , day] = days;
    await mark(day, jordan, 'absent');
    const adminId = await idOf(DEMO_ACCOUNTS.admin);
    const adminNotes = (await inbox(adminId)).length;
    const answer = (body: object, child = jordan) =>
      t.http().post(`/api/guardian/children/${child}/absence-answers`).set(bearer(guardian)).send(body);

    // Not theirs: refused whatever the day.
    const linked = new Set((await t.db.getRepository(GuardianLink).find()).map((l) => l.menteeId));
    const stranger = (await t.db.getRepository(MenteeProfile).find()).find((m) => !linked.has(m.id))!;
    expect(await codeOf(answer({ date: day, reason: 'sick' }, stranger.id))).toBe(ErrorCode.NotOwner);
    // A day that is not an absence.
    expect(await codeOf(answer({ date: '2020-01-06', reason: 'sick' }))).toBe(ErrorCode.NotAbsent);
    expect(await codeOf(answer({ date: 'yesterday', reason: 'sick' }))).toBe(ErrorCode.ValidationFailed);
    expect(await codeOf(answer({ date: day, reason: 'sick', note: { deep: [1] } }))).toBe(ErrorCode.ValidationFailed);

    const res = await answer({ date: day, reason: 'sick', note: 'Fever' }).expect(201);
    expect(res.body).toMatchObject({ reason: 'sick', note: 'Fever', answeredBy: 'Maria Rivera' });
    expect(await answers().findOneByOrFail({ menteeId: jordan, date: day })).toMatchObject({
      via: 'portal',
      answeredById: await idOf(DEMO_ACCOUNTS.guardian),
    });
    expect(await codeOf(answer({ date: day, reason: 'other', note: 'Again' }))).toBe(ErrorCode.AbsenceAlreadyAnswered);

    // The guardian's month shows the answer beside the day; the mentor is told, the admins are not.
    const month = (
      await t
        .http()
        .get(`/api/guardian/children/${jordan}/attendance?month=${day.slice(0, 7)}`)
        .set(bearer(guardian))
        .expect(200)
    ).body as GuardianChildAttendance;
    expect(month.days.find((d) => d.date === day)).toMatchObject({
      status: 'absent',
      answer: { reason: 'sick', note: 'Fever', answeredBy: 'Maria Rivera' },
    });
    expect((await inbox(mentorId)).map((n) => n.body)).toContain('Maria Rivera: Sick. “Fever”');
    expect(await inbox(adminId)).toHaveLength(adminNotes);
  });

  it('an admin confirms a disputed mark (audited); it then leaves the register, and only admins may', async () => {
    const day = days[3];
    await mark(day, jordan, 'absent');
    await t
      .http()
      .post(`/api/guardian/children/${jordan}/absence-answers`)
      .set(bearer(guardian))
      .send({ date: day, reason: 'wrong_mark' })
      .expect(201);
    const { id } = await answers().findOneByOrFail({ menteeId: jordan, date: day });
    await t.http().put(`/api/admin/absence-answers/${id}/confirm`).set(bearer(mentor)).expect(403);
    const res = await t.http().put(`/api/admin/absence-answers/${id}/confirm`).set(bearer(admin)).expect(200);
    expect(res.body).toMatchObject({ _id: id, markResolution: 'confirmed', reason: 'wrong_mark' });
    const register = (await t.http().get(`/api/admin/attendance?date=${day}`).set(bearer(admin)).expect(200))
      .body as DailyAttendanceResponse;
    expect(register.disputedMarks).toEqual({});
    expect(register.attendanceData[jordan]).toEqual({ [day]: 'absent' });
    const audit = await t
      .http()
      .get('/api/admin/audit?action=attendance.mark-confirmed')
      .set(bearer(admin))
      .expect(200);
    expect(audit.body.items ?? audit.body).toEqual([expect.objectContaining({ action: 'attendance.mark-confirmed' })]);
    expect(await codeOf(t.http().put(`/api/admin/absence-answers/${id}/confirm`).set(bearer(admin)))).toBe(
      ErrorCode.Conflict,
    );
  });
});
