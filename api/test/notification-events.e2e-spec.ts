import dayjs from 'dayjs';
import { ATTENDANCE_STATUSES, isSchoolDay } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { MailDelivery, Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { GuardianLink } from '../src/guardians/entities/guardian-link.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { startSmtpServer } from './support/smtp';
import { bearer, startTestApp, demoTokens, tokenFor, type TestApp, fileDemoGrievance } from './support/test-app';

const DELAY_MINUTES = 30;
const ON_LEAVE_MARK = (ATTENDANCE_STATUSES as readonly string[]).includes('leave') ? 'leave' : 'absent';

describe(`notified events, guardian notices and reset links (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string, mentor: string, mentee: string;
  let menteeId: string, mentorId: string;
  const runDue = (at = new Date()) => t.app.get(OutboxService).runDue(at);
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  const inbox = (userId: string) =>
    t.db.getRepository(Notification).find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'School Office <office@school.test>',
        PUBLIC_URL: 'https://portal.school.test',
        GUARDIAN_NOTICE_DELAY_MINUTES: String(DELAY_MINUTES),
        OUTBOX_POLL_MS: '0',
      },
    });
    [admin, mentor, mentee] = await demoTokens(t);
    menteeId = await idOf(DEMO_ACCOUNTS.mentee);
    mentorId = await idOf(DEMO_ACCOUNTS.mentor);
    await runDue(later(24 * 60));
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuse(false);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('guardian absence notices', () => {
    /** The latest school day up to today (the register refuses Sundays and future days). */
    let day = dayjs().format('YYYY-MM-DD');
    while (!isSchoolDay(day)) day = dayjs(day).subtract(1, 'day').format('YYYY-MM-DD');
    const save = (statuses: Record<string, string>) =>
      t
        .http()
        .post('/api/admin/attendance')
        .set(bearer(admin))
        .send({
          date: day,
          attendanceData: Object.fromEntries(Object.entries(statuses).map(([id, s]) => [id, { [day]: s }])),
        })
        .then((res) => expect([res.status, res.status === 201 || res.body]).toEqual([201, true]));
    const approvedLeave = (id: string) =>
      t.db.getRepository(LeaveRequest).save(
        t.db.getRepository(LeaveRequest).create({
          menteeId: id,
          leaveType: 'sick',
          startDate: day,
          endDate: day,
          daysCount: 1,
          reason: 'Fever',
          status: 'approved',
          approvedById: null,
          decidedAt: new Date(),
          mentorComments: 'Approved',
        }),
      );

    it('one notice per absent student a day, after the delay; none after a correction, for leave, or when switched off', async () => {
      // Students with no guardian account linked: the notice goes to their record's guardian address only (linked
      // guardians are told at their own addresses too: absence-answers.e2e-spec.ts).
      const linked = new Set((await t.db.getRepository(GuardianLink).find()).map((l) => l.menteeId));
      const students = (
        await t.db
          .getRepository(MenteeProfile)
          .find({ relations: { user: true }, order: { studentId: 'ASC' }, take: 12 })
      )
        .filter((s) => !linked.has(s.id))
        .slice(0, 6);
      const [absent, corrected, onLeave, switchedOff, becameLeave, present] = students;
      for (const s of students) expect(s.parentInfo.email).toMatch(/@/);
      await approvedLeave(onLeave.id);
      await t
        .http()
        .put(`/api/admin/users/${switchedOff.id}/guardian-notifications`)
        .set(bearer(admin))
        .send({ enabled: false })
        .expect(200);
      const register = {
        [absent.id]: 'absent',
        [corrected.id]: 'absent',
        // Where the register has a leave mark, a student on approved leave is marked so; else absent, and the
        // approved leave keeps the notice from being written.
        [onLeave.id]: ON_LEAVE_MARK,
        [switchedOff.id]: 'absent',
        [becameLeave.id]: 'absent',
        [present.id]: 'present',
      } as const;
      await save(register);
      const queued = await t.db.getRepository(MailDelivery).findBy({ kind: 'guardian.absence' });
      expect(queued.map((d) => d.to).sort()).toEqual(
        [absent, corrected, becameLeave].map((s) => s.parentInfo.email).sort(),
      );
      // Nothing goes before the delay.
      await runDue();
      await runDue(later(DELAY_MINUTES - 1));
      expect(smtp.received).toHaveLength(0);
      // A correction within the delay, and the register saved again: still one notice per student and day.
      await save({ ...register, [corrected.id]: 'present' });
      expect(await t.db.getRepository(MailDelivery).countBy({ kind: 'guardian.absence' })).toBe(3);
      // A day that becomes approved leave meanwhile.
      await approvedLeave(becameLeave.id);
      await runDue(later(DELAY_MINUTES + 1));
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.to).toEqual([absent.parentInfo.email]);
      // The day as the pages write it ("27 Nov 2026").
      const written = dayjs(day).format('D MMM YYYY');
      expect(mail.subject).toBe(`Absence: ${absent.user!.fullName}, ${written}`);
      expect(mail.text).toContain(`${absent.user!.fullName} was marked absent from school on ${written}.`);
      expect(mail.text).toContain('office@school.test');
      // The answer link (a random token, which may hold any digits), and nothing of the student's records beyond the
      // name and the day.
      expect(mail.text).toMatch(/^https:\/\/portal\.school\.test\/absence-answer\?token=[\w-]{43}$/m);
      const prose = mail.text.replace(/https:\/\/\S+/g, '');
      for (const secret of [absent.studentId, absent.className, absent.user!.email, absent.address])
        expect(prose).not.toContain(secret);
      const byTo = new Map(
        (await t.db.getRepository(MailDelivery).findBy({ kind: 'guardian.absence' })).map((d) => [d.to, d.status]),
      );
      expect(byTo.get(absent.parentInfo.email!)).toBe('sent');
      expect(byTo.get(corrected.parentInfo.email!)).toBe('cancelled');
      expect(byTo.get(becameLeave.parentInfo.email!)).toBe('cancelled');
      // Never again for that day (the student whose day became leave now marked as such).
      await save({ ...register, [becameLeave.id]: ON_LEAVE_MARK });
      await runDue(later(2 * DELAY_MINUTES + 1));
      expect(smtp.received).toHaveLength(1);
      const log = await t.http().get('/api/admin/mail-log?kind=guardian.absence').set(bearer(admin)).expect(200);
      expect(log.body.total).toBe(3);
    });
  });

  it('a grievance: staff changing its status or commenting tells the student; the student commenting tells the mentor', async () => {
    const g = await fileDemoGrievance(t, mentee);
    await t
      .http()
      .put(`/api/grievances/${g._id}/review`)
      .set(bearer(mentor))
      .send({ mentorComments: 'Looking into it' })
      .expect(200);
    expect((await inbox(menteeId))[0]).toMatchObject({
      kind: 'grievance.status',
      title: `Your grievance ${g.ticketNumber} "Broken projector" is now in progress`,
      body: 'Comment: Looking into it',
      link: '/grievances',
    });
    await t
      .http()
      .post(`/api/grievances/${g._id}/comments`)
      .set(bearer(mentor))
      .send({ content: 'Fixed?' })
      .expect(201);
    expect((await inbox(menteeId))[0]).toMatchObject({ kind: 'grievance.comment', body: 'Dr. Helen Carter: Fixed?' });
    await t
      .http()
      .post(`/api/grievances/${g._id}/comments`)
      .set(bearer(mentee))
      .send({ content: 'Not yet' })
      .expect(201);
    expect((await inbox(mentorId))[0]).toMatchObject({ kind: 'grievance.comment', body: 'Jordan Rivera: Not yet' });
    await runDue();
    expect(smtp.received.map((m) => [m.to[0], m.subject])).toEqual([
      [DEMO_ACCOUNTS.mentor, `New grievance ${g.ticketNumber} "Broken projector"`],
      [DEMO_ACCOUNTS.mentee, `Your grievance ${g.ticketNumber} "Broken projector" was received`],
      [DEMO_ACCOUNTS.mentee, `Your grievance ${g.ticketNumber} "Broken projector" is now in progress`],
      [DEMO_ACCOUNTS.mentee, `New comment on the grievance ${g.ticketNumber} "Broken projector"`],
      [DEMO_ACCOUNTS.mentor, `New comment on the grievance ${g.ticketNumber} "Broken projector"`],
    ]);
  });

  it('a mentor changed: the student and both mentors are told', async () => {
    const rahul = await idOf('r.menon@example.edu');
    await t.http().put('/api/admin/assign-mentor').set(bearer(admin)).send({ menteeId, mentorId: rahul }).expect(200);
    expect((await inbox(menteeId))[0]).toMatchObject({
      kind: 'mentor.assigned',
      title: 'Your mentor has changed',
      body: 'Your mentor is now Rahul Menon.',
    });
    expect((await inbox(rahul))[0]).toMatchObject({
      kind: 'mentor.assigned',
      title: 'Jordan Rivera is now your mentee',
    });
    await t.http().put('/api/admin/assign-mentor').set(bearer(admin)).send({ menteeId, mentorId }).expect(200);
    await runDue();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(
      [
        DEMO_ACCOUNTS.mentee,
        DEMO_ACCOUNTS.mentee,
        DEMO_ACCOUNTS.mentor,
        DEMO_ACCOUNTS.mentor,
        'r.menon@example.edu',
        'r.menon@example.edu',
      ].sort(),
    );
  });

  it('a group: the students added are told, and only those newly added when it changes', async () => {
    const own = (await t.db.getRepository(MenteeProfile).find({ where: { mentorId }, order: { id: 'ASC' } })).map(
      (m) => m.id,
    );
    const g = await t
      .http()
      .post('/api/groups')
      .set(bearer(mentor))
      .send({ name: 'Debate Club', menteeIds: own.slice(0, 2) })
      .expect(201);
    for (const id of own.slice(0, 2))
      expect((await inbox(id))[0]).toMatchObject({
        kind: 'group.added',
        title: 'You were added to the group "Debate Club"',
      });
    const before = await t.db.getRepository(Notification).countBy({ kind: 'group.added' });
    await t
      .http()
      .put(`/api/groups/${g.body._id}`)
      .set(bearer(mentor))
      .send({ name: 'Debate Club', menteeIds: own.slice(0, 3) })
      .expect(200);
    expect(await t.db.getRepository(Notification).countBy({ kind: 'group.added' })).toBe(before + 1);
    expect((await inbox(own[2]))[0]).toMatchObject({ kind: 'group.added' });
    // E-mail for groups is off by default.
    await runDue();
    expect(smtp.received).toHaveLength(0);
  });

  it('an announcement: written with one outbox job, then every member of its audience is told by the worker', async () => {
    const before = await t.db.getRepository(Notification).countBy({ kind: 'announcement.new' });
    await t
      .http()
      .post('/api/announcements')
      .set(bearer(mentor))
      .send({ title: 'Exam timetable', content: 'Published on the board.', targetAudience: 'mentees' })
      .expect(201);
    expect(await t.db.getRepository(Notification).countBy({ kind: 'announcement.new' })).toBe(before);
    await runDue();
    const mentees = await t.db.getRepository(User).countBy({ role: 'mentee', isActive: true });
    expect(await t.db.getRepository(Notification).countBy({ kind: 'announcement.new' })).toBe(before + mentees);
    expect((await inbox(menteeId))[0]).toMatchObject({ title: 'New announcement: Exam timetable', link: '/dashboard' });
    expect(await t.db.getRepository(Notification).countBy({ kind: 'announcement.new', userId: mentorId })).toBe(0);
    // E-mail for announcements only to those who asked for it.
    expect(smtp.received).toHaveLength(0);
  });

  it('a mentor signing up: every active admin is told, in the inbox and by e-mail', async () => {
    await t
      .http()
      .post('/api/auth/register')
      .send({
        email: 'new.mentor@example.edu',
        password: 'secret12',
        role: 'mentor',
        fullName: 'New Mentor',
        phone: '555-0100',
        department: 'Physics',
      })
      .expect(201);
    const admins = await t.db.getRepository(User).findBy({ role: 'admin', isActive: true });
    for (const a of admins)
      expect((await inbox(a.id))[0]).toMatchObject({
        kind: 'account.pending',
        title: 'New Mentor signed up as a mentor and awaits approval',
        link: '/admin/users',
      });
    await runDue();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(smtp.received[0].text).toContain('https://portal.school.test/admin/users');
  });

  it('forgot-password e-mails a single-use link (masked in the delivery log); the answer says nothing of the account', async () => {
    const email = 'student31@example.edu';
    const known = await t.http().post('/api/auth/forgot-password').send({ email }).expect(202);
    const unknown = await t.http().post('/api/auth/forgot-password').send({ email: 'nobody@example.edu' }).expect(202);
    expect(unknown.body).toEqual(known.body);
    // Asked again at once: no second e-mail.
    await t.http().post('/api/auth/forgot-password').send({ email }).expect(202);
    // Each request's job writes the e-mail (or, for an unknown address, nothing); the next run sends it.
    await runDue();
    await runDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([email]);
    const token = /https:\/\/portal\.school\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      smtp.received[0].text,
    )?.[1];
    expect(token).toBeDefined();
    const log = await t.http().get('/api/admin/mail-log?kind=password.reset').set(bearer(admin)).expect(200);
    expect(log.body.deliveries).toHaveLength(1);
    expect(log.body.deliveries[0].text).not.toContain(token);
    expect(log.body.deliveries[0].text).toContain('token=••••••');
    await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'mailed-pass-1' }).expect(200);
    await t.http().post('/api/auth/login').send({ email, password: 'mailed-pass-1' }).expect(200);
    await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'mailed-pass-2' }).expect(400);
  });

  it("an admin's reset link is e-mailed to the account's own address, and the admin is not shown it", async () => {
    const email = 'student33@example.edu';
    const id = await idOf(email);
    const issued = await t.http().post(`/api/admin/users/${id}/reset-link`).set(bearer(admin)).expect(201);
    expect(issued.body).toMatchObject({ emailed: true, to: email, token: null, url: null });
    await runDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([email]);
    expect(smtp.received[0].text).toContain('Your school administrator sent you this link');
    const token = /https:\/\/portal\.school\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      smtp.received[0].text,
    )?.[1];
    await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'admin-sent-1' }).expect(200);
    await t.http().post('/api/auth/login').send({ email, password: 'admin-sent-1' }).expect(200);
    // With a mail server, a forgot-password answer says the link was e-mailed.
    const answer = await t.http().post('/api/auth/forgot-password').send({ email: 'nobody@example.edu' }).expect(202);
    expect(answer.body.emailed).toBe(true);
    expect(answer.body.message).toContain('a link to reset your password has been sent to it');
  });

  it('without SMTP_URL mail is kept in the delivery log, and a deleted account takes its notifications along', async () => {
    const plain = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    try {
      const token = await tokenFor(plain, DEMO_ACCOUNTS.admin);
      await plain.http().post('/api/auth/forgot-password').send({ email: 'student32@example.edu' }).expect(202);
      // The request's job writes the e-mail; the next run delivers it (here: keeps it).
      await plain.app.get(OutboxService).runDue();
      await plain.app.get(OutboxService).runDue();
      const log = await plain.http().get('/api/admin/mail-log').set(bearer(token)).expect(200);
      expect(log.body.smtpConfigured).toBe(false);
      expect(log.body.deliveries[0]).toMatchObject({
        kind: 'password.reset',
        status: 'kept',
        to: 'student32@example.edu',
      });
      const id = (await plain.db.getRepository(User).findOneByOrFail({ email: 'student32@example.edu' })).id;
      await plain.db
        .getRepository(Notification)
        .save(
          plain.db
            .getRepository(Notification)
            .create({ userId: id, kind: 'group.added', title: 'x', body: '', link: null, readAt: null }),
        );
      await plain.http().delete(`/api/admin/users/${id}`).set(bearer(token)).expect(200);
      expect(await plain.db.getRepository(Notification).countBy({ userId: id })).toBe(0);
      expect(await plain.db.getRepository(MailDelivery).countBy({ userId: id })).toBe(0);
    } finally {
      await plain.close();
    }
    expect(smtp.received).toHaveLength(0);
  });
});
