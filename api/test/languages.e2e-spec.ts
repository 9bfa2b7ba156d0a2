import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { ErrorCode, isSchoolDay, type Conversation, type FollowUpQueueEntry } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { SchoolSettings } from '../src/calendar/calendar.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { MentoringEntryRow, RiskSignalRow } from '../src/followup/entities/followup.entity';
import { RiskEvaluation } from '../src/followup/risk-evaluation.service';
import { MailDelivery, Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, fileSickDay, startTestApp, demoTokens, type TestApp } from './support/test-app';

/** A day as the pages write it in `language` ("27 Nov 2026", "27 नव. 2026"). */
const written = (day: string, language: 'en' | 'hi') => dayjs(day).locale(language).format('D MMM YYYY');

/**
 * Issue 39: each person's language is stored on their account, and what the server writes for people (notifications,
 * e-mails, risk evidence, chat subtitles) is written in the reader's; guardian e-mails name the school's contact address.
 */
describe(`languages and server-written texts (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string;
  let menteeId: string, mentorId: string;
  let url: string;
  const sockets: Socket[] = [];
  let nextDay = 200;
  const users = () => t.db.getRepository(User);
  const languageOf = async (id: string) => (await users().findOneByOrFail({ id })).language;
  const setLanguage = (token: string, language: string) =>
    t.http().patch('/api/auth/me').set(bearer(token)).send({ language });
  const runDue = () => t.app.get(OutboxService).runDue(new Date());
  const inbox = async (token: string) =>
    (await t.http().get('/api/notifications').set(bearer(token)).expect(200)).body.notifications as {
      _id: string;
      kind: string;
      title: string;
      body: string;
    }[];

  beforeAll(async () => {
    t = await startTestApp({
      env: { MAIL_FROM: 'School Office <office@school.test>', OUTBOX_POLL_MS: '0', GUARDIAN_NOTICE_DELAY_MINUTES: '1' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    [admin, mentor, mentee] = await demoTokens(t);
    menteeId = (await users().findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    mentorId = (await users().findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    await runDue();
  });
  afterEach(async () => {
    await users().update({ language: 'hi' }, { language: 'en' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  describe('each user’s language', () => {
    it('is English at first, set by the user themselves, answered in their profile and stored', async () => {
      const me = await t.http().get('/api/auth/me').set(bearer(mentee)).expect(200);
      expect(me.body.language).toBe('en');
      const res = await setLanguage(mentee, 'hi').expect(200);
      expect(res.body.language).toBe('hi');
      expect(res.body.user._id).toBe(menteeId);
      expect(await languageOf(menteeId)).toBe('hi');
      expect((await t.http().get('/api/auth/me').set(bearer(mentee)).expect(200)).body.language).toBe('hi');
      // Only the caller's own: the mentor's account is untouched.
      expect(await languageOf(mentorId)).toBe('en');
    });

    it('refuses a language the portal does not have, a missing one and other fields, changing nothing', async () => {
      await setLanguage(mentor, 'hi').expect(200);
      for (const body of [
        { language: 'fr' },
        { language: null },
        {},
        { language: 'hi', role: 'admin' },
        { language: 7 },
      ])
        expect(await codeOf(t.http().patch('/api/auth/me').set(bearer(mentor)).send(body).expect(400))).toBe(
          ErrorCode.ValidationFailed,
        );
      expect(await languageOf(mentorId)).toBe('hi');
      expect((await users().findOneByOrFail({ id: mentorId })).role).toBe('mentor');
      await t.http().patch('/api/auth/me').send({ language: 'hi' }).expect(401);
    });
  });

  describe('notifications', () => {
    /** The mentee asks for a day off (a new day each time) and the mentor decides it; answers the day. */
    const decided = async (decision: 'approve' | 'reject', body: object = {}) => {
      const leave = await fileSickDay(t, mentee, nextDay++);
      await t.http().put(`/api/leaves/${leave._id}/${decision}`).set(bearer(mentor)).send(body).expect(200);
      return leave.day;
    };

    it('are written in the reader’s language when read, the automatic comment too; the stored row keeps its English', async () => {
      await setLanguage(mentee, 'hi').expect(200);
      const day = await decided('approve');
      const [hi, en] = [written(day, 'hi'), written(day, 'en')];
      const [hindi] = await inbox(mentee);
      expect(hindi).toMatchObject({
        kind: 'leave.decided',
        title: 'आपकी छुट्टी का अनुरोध स्वीकृत हुआ',
        body: `बीमारी की छुट्टी, ${hi} से ${hi} तक। टिप्पणी: स्वीकृत`,
      });
      const stored = await t.db.getRepository(Notification).findOneByOrFail({ id: hindi._id });
      expect(stored.title).toBe('Your leave request was approved');
      expect(stored.body).toBe(`Sick leave, ${en} to ${en}. Comment: Approved`);
      expect(stored.message?.title).toEqual({ key: 'notification.leaveDecided.titleApproved' });
      // The same row, read after switching back, is English: nothing was written in one language for good.
      await setLanguage(mentee, 'en').expect(200);
      const [english] = await inbox(mentee);
      expect(english).toMatchObject({ _id: hindi._id, title: stored.title, body: stored.body });
      // The mentor, reading in English, got the filing in English.
      const [filed] = await inbox(mentor);
      expect(filed).toMatchObject({ kind: 'leave.filed', title: `Jordan Rivera asked for sick leave` });
    });

    it("a person's own words stay as written inside a translated text", async () => {
      await setLanguage(mentee, 'hi').expect(200);
      const hi = written(await decided('reject', { mentorComments: 'Exams that week' }), 'hi');
      const [n] = await inbox(mentee);
      expect(n.title).toBe('आपकी छुट्टी का अनुरोध अस्वीकृत हुआ');
      expect(n.body).toBe(`बीमारी की छुट्टी, ${hi} से ${hi} तक। टिप्पणी: Exams that week`);
    });

    it('a row written before messages were kept is read in its stored English', async () => {
      await setLanguage(mentee, 'hi').expect(200);
      const old = await t.db.getRepository(Notification).save(
        t.db.getRepository(Notification).create({
          userId: menteeId,
          kind: 'mentor.assigned',
          title: 'You have a mentor',
          body: 'Your mentor is now Dr. Sarah Johnson.',
          message: null,
          link: '/dashboard',
          readAt: null,
          createdAt: new Date(Date.now() + 60_000),
        }),
      );
      const [n] = await inbox(mentee);
      expect(n).toMatchObject({
        _id: old.id,
        title: 'You have a mentor',
        body: 'Your mentor is now Dr. Sarah Johnson.',
      });
      await t.db.getRepository(Notification).delete({ id: old.id });
    });

    it('the socket push is in the recipient’s language', async () => {
      await setLanguage(mentee, 'hi').expect(200);
      // Pushes of the tests before have gone (to nobody listening).
      await runDue();
      const socket = await new Promise<Socket>((resolve, reject) => {
        const s = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: mentee },
          reconnection: false,
        });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
      const pushed = new Promise<{ notification: { title: string; body: string } }>((resolve) =>
        socket.once('notification', resolve),
      );
      await decided('approve', { mentorComments: 'Approved by admin' });
      await runDue();
      const { notification } = await pushed;
      expect(notification.title).toBe('आपकी छुट्टी का अनुरोध स्वीकृत हुआ');
      expect(notification.body).toMatch(/टिप्पणी: व्यवस्थापक द्वारा स्वीकृत$/);
    });

    it('e-mails are written in the recipient’s stored language when queued', async () => {
      await setLanguage(mentee, 'hi').expect(200);
      const day = await decided('approve');
      const mail = await t.db
        .getRepository(MailDelivery)
        .findOneOrFail({ where: { kind: 'leave.decided', userId: menteeId }, order: { createdAt: 'DESC' } });
      expect(mail.subject).toBe('आपकी छुट्टी का अनुरोध स्वीकृत हुआ');
      expect(mail.text).toContain('नमस्ते Jordan Rivera,');
      expect(mail.text).toContain(`बीमारी की छुट्टी, ${written(day, 'hi')} से ${written(day, 'hi')} तक। टिप्पणी: स्वीकृत`);
      expect(mail.text).toContain(`इसे पोर्टल में खोलें: ${t.config.mail.publicUrl}/leaves`);
      expect(mail.text).not.toMatch(/Hello|Open it in the portal/);
    });

    it('a password-reset e-mail is in the account’s language', async () => {
      await setLanguage(mentee, 'hi').expect(200);
      await t.http().post('/api/auth/forgot-password').send({ email: DEMO_ACCOUNTS.mentee }).expect(202);
      await runDue();
      const mail = await t.db
        .getRepository(MailDelivery)
        .findOneOrFail({ where: { kind: 'password.reset', userId: menteeId }, order: { createdAt: 'DESC' } });
      expect(mail.subject).toBe('अपने मेंटर पोर्टल का पासवर्ड रीसेट करें');
      expect(mail.text).toContain('किसी ने (आशा है आपने) आपके मेंटर पोर्टल खाते का पासवर्ड रीसेट करने का अनुरोध किया है।');
      expect(mail.text).toContain('/reset-password?token=');
    });
  });

  describe('chat subtitles', () => {
    it('are written in the reader’s language', async () => {
      const conversations = async (token: string) =>
        (await t.http().get('/api/messages/conversations').set(bearer(token)).expect(200)).body as Conversation[];
      const profile = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: menteeId });
      const mentorCard = (await conversations(mentee)).find((c) => c.otherUserId === mentorId)!;
      expect(mentorCard.subtitle).toMatch(/^Your mentor · /);
      const withJordan = (list: Conversation[]) => list.find((c) => c.otherUserId === menteeId)!;
      expect(withJordan(await conversations(mentor)).subtitle).toBe(
        `${profile.studentId} · Class ${profile.className}-${profile.section}`,
      );

      await setLanguage(mentee, 'hi').expect(200);
      await setLanguage(mentor, 'hi').expect(200);
      const department = mentorCard.subtitle.replace('Your mentor · ', '');
      expect((await conversations(mentee)).find((c) => c.otherUserId === mentorId)!.subtitle).toBe(
        `आपके मेंटर · ${department}`,
      );
      expect(withJordan(await conversations(mentor)).subtitle).toBe(
        `${profile.studentId} · कक्षा ${profile.className}-${profile.section}`,
      );
      const group = (await conversations(mentor)).find((c) => c.type === 'group');
      if (group) expect(group.subtitle).toMatch(/^\d+ सदस्य$/);
    });
  });

  describe('risk evidence', () => {
    it('is read in the reader’s language; a signal from before is upgraded at its next evaluation', async () => {
      // No contact logged since the student was assigned 100 days ago: the "no contact" rule holds.
      const since = new Date(Date.now() - 100 * 86_400_000);
      await t.db.getRepository(MentoringEntryRow).delete({ menteeId });
      await t.db.getRepository(MenteeProfile).update({ id: menteeId }, { mentorAssignedAt: since });
      await users().update({ id: menteeId }, { createdAt: since });
      const signals = t.db.getRepository(RiskSignalRow);
      await signals.delete({ menteeId });
      const old = await signals.save(
        signals.create({
          id: randomUUID(),
          menteeId,
          kind: 'noContact',
          audience: 'mentor',
          openKey: `${menteeId}:noContact`,
          evidence: 'No contact logged in 1 days',
          evidenceText: null,
          openedAt: new Date(),
          handledAt: null,
          closedAt: null,
        }),
      );
      await setLanguage(mentor, 'hi').expect(200);
      const evidence = async () => {
        const queue = (await t.http().get('/api/followup/queue').set(bearer(mentor)).expect(200))
          .body as FollowUpQueueEntry[];
        return queue.find((e) => e.menteeId === menteeId)!.signals.find((s) => s._id === old.id)!.evidence;
      };
      // Not yet re-evaluated: its stored English.
      expect(await evidence()).toBe('No contact logged in 1 days');

      await t.app.get(RiskEvaluation).evaluate([menteeId]);
      const row = await signals.findOneByOrFail({ id: old.id });
      expect(row.evidence).toMatch(/^No contact logged in \d+ days$/);
      expect(row.evidenceText).toMatchObject({ key: 'risk.noContactEver' });
      const days = row.evidence.match(/\d+/)![0];
      expect(await evidence()).toBe(`${days} दिनों में कोई संपर्क दर्ज नहीं`);
      await setLanguage(mentor, 'en').expect(200);
      expect(await evidence()).toBe(row.evidence);
    });

    it('a new signal’s digest notification is in the mentor’s language', async () => {
      const since = new Date(Date.now() - 100 * 86_400_000);
      await t.db.getRepository(MentoringEntryRow).delete({ menteeId });
      await t.db.getRepository(MenteeProfile).update({ id: menteeId }, { mentorAssignedAt: since });
      await t.db.getRepository(RiskSignalRow).delete({ menteeId });
      await setLanguage(mentor, 'hi').expect(200);
      await t.app.get(RiskEvaluation).evaluate([menteeId]);
      const digest = (await inbox(mentor)).find((n) => n.kind === 'risk.signal')!;
      expect(digest.title).toMatch(/^Jordan Rivera को फ़ॉलो-अप की ज़रूरत है: .*कोई संपर्क नहीं/);
      expect(digest.body).toContain('दिनों में कोई संपर्क दर्ज नहीं');
      expect(digest.body).not.toMatch(/No contact/);
    });
  });

  describe("the school's contact address", () => {
    let day = dayjs().format('YYYY-MM-DD');
    while (!isSchoolDay(day)) day = dayjs(day).subtract(1, 'day').format('YYYY-MM-DD');
    const month = { from: day.slice(0, 8) + '01', to: day };
    const absentAgain = async () => {
      // A fresh notice for the same day each time: the one per student and day goes first.
      await t.db.getRepository(MailDelivery).delete({ kind: 'guardian.absence' });
      await t
        .http()
        .post('/api/admin/attendance')
        .set(bearer(admin))
        .send({ date: day, attendanceData: { [menteeId]: { [day]: 'absent' } } })
        .expect(201);
      return t.db.getRepository(MailDelivery).findOneByOrFail({ kind: 'guardian.absence', menteeId });
    };

    it('is set by an admin, validated, audited, answered with the calendar, and named in guardian e-mails', async () => {
      // Unset: the sender's address, as before.
      expect((await t.http().get('/api/calendar').query(month).set(bearer(mentee)).expect(200)).body.contactEmail).toBe(
        null,
      );
      expect((await absentAgain()).text).toContain('please contact the school office at office@school.test.');

      for (const contactEmail of ['not an address', 'a@school.test, b@school.test', 42, 'x'.repeat(250) + '@a.b'])
        expect(
          await codeOf(t.http().put('/api/admin/calendar').set(bearer(admin)).send({ contactEmail }).expect(400)),
        ).toBe(ErrorCode.ValidationFailed);
      expect((await t.db.getRepository(SchoolSettings).findOneBy({ id: 1 }))?.contactEmail ?? null).toBeNull();
      await t.http().put('/api/admin/calendar').set(bearer(mentor)).send({ contactEmail: 'a@b.test' }).expect(403);

      const res = await t
        .http()
        .put('/api/admin/calendar')
        .set(bearer(admin))
        .send({ contactEmail: ' office-hours@school.test ' })
        .expect(200);
      expect(res.body.contactEmail).toBe('office-hours@school.test');
      expect((await t.db.getRepository(SchoolSettings).findOneByOrFail({ id: 1 })).contactEmail).toBe(
        'office-hours@school.test',
      );
      const audit = await t.db
        .getRepository(AuditEntry)
        .findOneOrFail({ where: { action: 'calendar.update' }, order: { createdAt: 'DESC' } });
      expect(audit.changes.contactEmail).toEqual({ from: null, to: 'office-hours@school.test' });
      expect((await t.http().get('/api/calendar').query(month).set(bearer(mentee)).expect(200)).body.contactEmail).toBe(
        'office-hours@school.test',
      );

      const mail = await absentAgain();
      expect(mail.text).toContain('please contact the school office at office-hours@school.test.');
      expect(mail.text).not.toContain('office@school.test');

      // The student reads Hindi: so does the notice to their guardian (guardians have no account of their own yet).
      await setLanguage(mentee, 'hi').expect(200);
      const hindi = await absentAgain();
      expect(hindi.subject).toBe(`अनुपस्थिति: Jordan Rivera, ${written(day, 'hi')}`);
      expect(hindi.text).toContain('कृपया स्कूल कार्यालय से office-hours@school.test पर संपर्क करें।');

      // null clears it: the sender's address again.
      await t.http().put('/api/admin/calendar').set(bearer(admin)).send({ contactEmail: null }).expect(200);
      expect((await t.db.getRepository(SchoolSettings).findOneByOrFail({ id: 1 })).contactEmail).toBeNull();
      await setLanguage(mentee, 'en').expect(200);
      expect((await absentAgain()).text).toContain('please contact the school office at office@school.test.');
    });
  });
});
