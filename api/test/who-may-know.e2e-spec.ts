import dayjs from 'dayjs';
import { type Socket } from 'socket.io-client';
import type { FollowUpOverview, FollowUpQueueEntry, MailLogResponse, NotificationResponse } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { RiskEvaluation } from '../src/followup/risk-evaluation.service';
import { RiskSignalRow } from '../src/followup/entities/followup.entity';
import { Grievance } from '../src/grievances/entities/grievance.entity';
import { MailDelivery, Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { In, Not } from 'typeorm';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { feedsWatched, openSocket, roundTrip, waitUntil } from './support/sockets';
import { bearer, demoGrievanceForm, startTestApp, demoTokens, tokenFor, type TestApp } from './support/test-app';

/**
 * Issue 35: where confidential grievances, early warning and notifications meet. A confidential complaint (or one
 * whose student withheld their name) past the early-warning threshold must never reach the mentor by any path: queue,
 * student view, inbox, socket or e-mail; the delivery log must not name a student who withheld their name.
 */
describe(`who may know (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string;
  let menteeId: string, mentorId: string;
  const sockets: Socket[] = [];
  let url: string;
  const runOutbox = async () => {
    for (let round = 0; round < 5; round++)
      if (!(await t.app.get(OutboxService).runDue(new Date(Date.now() + 1000)))) return;
  };
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  /** Every socket event this user's socket receives, by name (`socket`: the socket itself). */
  const listen = async (token: string) => {
    const s = await openSocket(url, token);
    sockets.push(s);
    const got: { event: string; payload: unknown }[] = [];
    s.onAny((event: string, payload: unknown) => got.push({ event, payload }));
    return Object.assign(got, { socket: s });
  };
  /** Files a grievance as the demo mentee and ages it past the early-warning threshold (7 days by default). */
  const fileAged = async (over: object) => {
    const g = (
      await t
        .http()
        .post('/api/grievances')
        .set(bearer(mentee))
        .send(demoGrievanceForm({ dateOfIncident: dayjs().subtract(12, 'day').format('YYYY-MM-DD'), ...over }))
        .expect(201)
    ).body as { _id: string; ticketNumber: string };
    await t.db.getRepository(Grievance).update({ id: g._id }, { createdAt: dayjs().subtract(10, 'day').toDate() });
    return g;
  };
  const mentorQueue = async (): Promise<FollowUpQueueEntry[]> =>
    (await t.http().get('/api/followup/queue').set(bearer(mentor)).expect(200)).body;
  const mentorInbox = () => t.db.getRepository(Notification).findBy({ userId: mentorId });
  const mentorMail = () => t.db.getRepository(MailDelivery).findBy({ userId: mentorId });

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    [admin, mentor, mentee] = await demoTokens(t);
    menteeId = await idOf(DEMO_ACCOUNTS.mentee);
    mentorId = await idOf(DEMO_ACCOUNTS.mentor);
    // The demo student starts with no grievance, signal or notification of its own: only this test's count.
    await t.db.getRepository(Grievance).delete({ menteeId });
    await t.db.getRepository(RiskSignalRow).delete({ menteeId });
    // A meeting today: the student has no "no contact" signal, so any signal about them here stems from a grievance.
    await t
      .http()
      .post(`/api/followup/mentees/${menteeId}/log`)
      .set(bearer(mentor))
      .send({ date: dayjs().format('YYYY-MM-DD'), mode: 'inPerson', summary: 'Weekly check-in' })
      .expect(201);
    await runOutbox();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  describe.each([
    ['confidential (about the mentor)', { aboutMentor: true, subject: 'My mentor shouts at me' }, 'admins'],
    ['ordinary, name withheld', { withholdName: true, subject: 'Bullying in class' }, 'nobody'],
  ])('a %s grievance open past the threshold', (_label, over, audience) => {
    let g: { _id: string; ticketNumber: string };
    let mentorEvents: Awaited<ReturnType<typeof listen>>;
    let inboxIds: Set<string>, mailIds: Set<string>;

    beforeAll(async () => {
      await t.db.getRepository(Grievance).delete({ menteeId });
      await t.db.getRepository(RiskSignalRow).delete({ menteeId });
      await runOutbox();
      inboxIds = new Set((await mentorInbox()).map((n) => n.id));
      mailIds = new Set((await mentorMail()).map((m) => m.id));
      mentorEvents = await listen(mentor);
      g = await fileAged(over);
      await t.app.get(RiskEvaluation).evaluate([menteeId]);
      await runOutbox();
      // The pushes the jobs made (during the runs) have reached the mentor's socket.
      await roundTrip(mentorEvents.socket);
    });

    it("never reaches the mentor's queue or the student's follow-up view", async () => {
      const entry = (await mentorQueue()).find((e) => e.menteeId === menteeId);
      expect(entry?.signals.map((s) => s.kind) ?? []).not.toContain('grievanceOpen');
      const view = (await t.http().get(`/api/followup/mentees/${menteeId}`).set(bearer(mentor)).expect(200)).body;
      expect(view.signals.map((s: { kind: string }) => s.kind)).not.toContain('grievanceOpen');
      expect(JSON.stringify(view)).not.toMatch(/grievance/i);
    });

    it("never reaches the mentor's inbox, e-mail or sockets as a signal about the student", async () => {
      const inbox = (await mentorInbox()).filter((n) => !inboxIds.has(n.id));
      const mail = (await mentorMail()).filter((m) => !mailIds.has(m.id));
      expect(inbox.filter((n) => n.kind === 'risk.signal')).toEqual([]);
      if (audience === 'admins') {
        // A confidential grievance does not exist for any mentor.
        expect(inbox).toEqual([]);
        expect(mail).toEqual([]);
        expect(mentorEvents.filter((e) => JSON.stringify(e.payload).includes(g._id))).toEqual([]);
      } else {
        // The mentor handles it (its ticket only): the notice names neither the student nor, by e-mail, the subject.
        expect(inbox.map((n) => n.kind)).toEqual(['grievance.filed']);
        expect(JSON.stringify(inbox)).not.toContain('Jordan');
        for (const m of mail) {
          expect(`${m.subject}\n${m.text}`).not.toMatch(/Jordan|Bullying/);
          expect(m.withheldRef).toBe(g._id);
        }
      }
      // No follow-up change about the student reaches the mentor's sockets.
      expect(
        mentorEvents.filter((e) => e.event === 'recordChanged' && (e.payload as { id: string }).id === menteeId),
      ).toEqual([]);
      expect(mentorEvents.filter((e) => JSON.stringify(e.payload).includes('Jordan'))).toEqual([]);
    });

    it(`shows in the admins' follow-up view only when confidential (here: ${audience})`, async () => {
      const overview: FollowUpOverview = (
        await t.http().get('/api/admin/followup/overview').set(bearer(admin)).expect(200)
      ).body;
      const entry = overview.adminQueue.find((e) => e.menteeId === menteeId);
      if (audience === 'admins')
        expect(entry?.signals).toEqual([
          expect.objectContaining({ kind: 'grievanceOpen', evidence: expect.stringMatching(/^Confidential: /) }),
        ]);
      else expect(entry).toBeUndefined();
      // And the stored rows: no signal for the mentor's audience stems from it.
      const rows = await t.db.getRepository(RiskSignalRow).findBy({ menteeId, kind: 'grievanceOpen' });
      expect(rows.map((r) => r.audience)).toEqual(audience === 'admins' ? ['admins'] : []);
    });
  });

  it('an ordinary grievance past the threshold is still the mentor’s signal', async () => {
    await t.db.getRepository(Grievance).delete({ menteeId });
    await fileAged({ subject: 'Broken projector' });
    await t.app.get(RiskEvaluation).evaluate([menteeId]);
    const entry = (await mentorQueue()).find((e) => e.menteeId === menteeId);
    expect(entry?.signals.map((s) => s.kind)).toContain('grievanceOpen');
  });

  describe('the delivery log and e-mails of a name-withheld grievance', () => {
    it('hide the student until the audited reveal, and e-mails say the ticket number only', async () => {
      const g = (
        await t
          .http()
          .post('/api/grievances')
          .set(bearer(mentee))
          .send(demoGrievanceForm({ withholdName: true, subject: 'Someone took my phone' }))
          .expect(201)
      ).body as { _id: string; ticketNumber: string };
      const stored = await t.db.getRepository(MailDelivery).findBy({ withheldRef: g._id });
      // The student's acknowledgement and the mentor's notice: both e-mails carry the ticket number only.
      expect(stored.length).toBeGreaterThanOrEqual(1);
      for (const m of stored) {
        expect(m.subject).toContain(g.ticketNumber);
        expect(`${m.subject} ${m.text}`).not.toContain('Someone took my phone');
        expect(m.text).not.toContain('Jordan');
      }
      const log = async (): Promise<MailLogResponse> =>
        (await t.http().get('/api/admin/mail-log?limit=100').set(bearer(admin)).expect(200)).body;
      const before = (await log()).deliveries.filter((d) => stored.some((s) => s.id === d._id));
      expect(before).toHaveLength(stored.length);
      for (const d of before) {
        expect(d).toMatchObject({ withheld: true, to: '', text: '' });
        expect(JSON.stringify(d)).not.toMatch(/Jordan|mentee@example\.edu|Someone took/);
      }
      await t
        .http()
        .post(`/api/admin/grievances/${g._id}/reveal`)
        .set(bearer(admin))
        .send({ reason: 'Safeguarding concern: the student may be at risk' })
        .expect((res) => expect([200, 201]).toContain(res.status));
      const after = (await log()).deliveries.filter((d) => stored.some((s) => s.id === d._id));
      expect(after.map((d) => d.withheld)).toEqual(after.map(() => false));
      expect(after.map((d) => d.to)).toContain(DEMO_ACCOUNTS.mentee);
    });
  });

  describe('the notification map: new work tells those who must act, and only them', () => {
    const inboxOf = async (userId: string): Promise<Notification[]> =>
      t.db.getRepository(Notification).find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    /** What this user's inbox got during `act`, oldest first. */
    const during = async (userIds: string[], act: () => Promise<unknown>) => {
      const before = new Map<string, Set<string>>();
      for (const id of userIds) before.set(id, new Set((await inboxOf(id)).map((n) => n.id)));
      await act();
      const got = new Map<string, Notification[]>();
      for (const id of userIds) got.set(id, (await inboxOf(id)).filter((n) => !before.get(id)!.has(n.id)).reverse());
      return got;
    };

    it('a leave filed and cancelled tells the student’s mentor and nobody else, live within 5 s', async () => {
      const rahul = await idOf('r.menon@example.edu');
      const adminId = await idOf(DEMO_ACCOUNTS.admin);
      const events = await listen(mentor);
      const day = dayjs().add(9, 'day');
      const date = (day.day() === 0 ? day.add(1, 'day') : day).format('YYYY-MM-DD');
      let leave: { _id: string } = { _id: '' };
      const filed = await during([mentorId, rahul, adminId, menteeId], async () => {
        leave = (
          await t
            .http()
            .post('/api/leaves')
            .set(bearer(mentee))
            .send({ leaveType: 'sick', startDate: date, endDate: date, reason: 'Dentist' })
            .expect(201)
        ).body;
      });
      expect(filed.get(mentorId)).toEqual([
        expect.objectContaining({ kind: 'leave.filed', title: 'Jordan Rivera asked for sick leave', link: '/leaves' }),
      ]);
      expect([filed.get(rahul), filed.get(adminId), filed.get(menteeId)]).toEqual([[], [], []]);
      await runOutbox();
      const told = () =>
        events.find(
          (e) =>
            e.event === 'notification' &&
            (e.payload as { notification: NotificationResponse }).notification.kind === 'leave.filed',
        );
      await waitUntil(told, { what: "the mentor's socket hearing of the leave" });
      // The outbox run above pushed the record's change too: in once what was sent before a round trip is.
      await roundTrip(events.socket);
      expect(events).toContainEqual({ event: 'recordChanged', payload: { type: 'leave', id: leave._id } });
      const cancelled = await during([mentorId, rahul], () =>
        t.http().put(`/api/leaves/${leave._id}/cancel`).set(bearer(mentee)).expect(200),
      );
      expect(cancelled.get(mentorId)?.map((n) => n.kind)).toEqual(['leave.cancelled']);
      expect(cancelled.get(rahul)).toEqual([]);
    });

    it('an ordinary grievance tells its mentor and acknowledges the student; a confidential one the admins only', async () => {
      const adminId = await idOf(DEMO_ACCOUNTS.admin);
      let ordinary: { ticketNumber: string } = { ticketNumber: '' };
      const first = await during([mentorId, menteeId, adminId], async () => {
        ordinary = (await t.http().post('/api/grievances').set(bearer(mentee)).send(demoGrievanceForm()).expect(201))
          .body;
      });
      expect(first.get(mentorId)).toEqual([
        expect.objectContaining({
          kind: 'grievance.filed',
          title: `New grievance ${ordinary.ticketNumber} "Broken projector"`,
        }),
      ]);
      expect(first.get(menteeId)?.map((n) => n.kind)).toEqual(['grievance.received']);
      expect(first.get(adminId)).toEqual([]);

      let confidential: { ticketNumber: string } = { ticketNumber: '' };
      const second = await during([mentorId, menteeId, adminId], async () => {
        confidential = (
          await t
            .http()
            .post('/api/grievances')
            .set(bearer(mentee))
            .send(demoGrievanceForm({ aboutMentor: true, subject: 'About my mentor' }))
            .expect(201)
        ).body;
      });
      expect(second.get(adminId)).toEqual([
        expect.objectContaining({
          kind: 'grievance.filed',
          title: `New grievance ${confidential.ticketNumber} "About my mentor"`,
        }),
      ]);
      expect(second.get(menteeId)?.map((n) => n.kind)).toEqual(['grievance.received']);
      expect(second.get(mentorId)).toEqual([]);
      // Its e-mails (the admins', the student's) carry the ticket number only.
      const mails = await t.db
        .getRepository(MailDelivery)
        .find({ where: { kind: In(['grievance.filed', 'grievance.received']) } });
      const about = mails.filter((m) => m.subject.includes(confidential.ticketNumber));
      expect(about.length).toBeGreaterThanOrEqual(2);
      for (const m of about) expect(`${m.subject}\n${m.text}`).not.toContain('About my mentor');
    });

    it('a group announcement tells its members alone; a student outside it learns of it by no path', async () => {
      const [rahul, adminId] = await Promise.all([idOf('r.menon@example.edu'), idOf(DEMO_ACCOUNTS.admin)]);
      const member = await t.db
        .getRepository(MenteeProfile)
        .findOneOrFail({ where: { mentorId, id: Not(menteeId) }, relations: { user: true } });
      const group = (
        await t
          .http()
          .post('/api/groups')
          .set(bearer(mentor))
          .send({ name: 'Quiz team', menteeIds: [member.id] })
          .expect(201)
      ).body as { _id: string };
      const outside = await listen(mentee);
      outside.socket.emit('watchAnnouncements');
      await feedsWatched(t, outside.socket, 1);
      let posted = { _id: '', title: 'Quiz practice moved' };
      const told = await during([member.id, menteeId, mentorId, adminId, rahul], async () => {
        posted = (
          await t
            .http()
            .post('/api/announcements')
            .set(bearer(mentor))
            .send({ title: posted.title, content: 'Tuesday, lab 2', targetAudience: 'group', groupId: group._id })
            .expect(201)
        ).body;
        await runOutbox();
      });
      expect([...told].map(([id, rows]) => [id, rows.map((n) => n.kind)])).toEqual([
        [member.id, ['announcement.new']],
        [menteeId, []],
        [mentorId, []],
        [adminId, []],
        [rahul, []],
      ]);
      const memberToken = await tokenFor(t, member.user!.email);
      await t
        .http()
        .post(`/api/announcements/${posted._id}/comments`)
        .set(bearer(memberToken))
        .send({ content: 'OK' })
        .expect(201);
      await t.http().post(`/api/announcements/${posted._id}/likes`).set(bearer(memberToken)).expect(200);
      const list = (await t.http().get('/api/announcements').set(bearer(mentee)).expect(200)).body as { _id: string }[];
      expect(list.map((a) => a._id)).not.toContain(posted._id);
      await t.http().get(`/api/announcements/${posted._id}/comments`).set(bearer(mentee)).expect(403);
      await runOutbox();
      await roundTrip(outside.socket);
      // Nothing about it: not the announcement, its comment, its likes, nor a notification of it.
      const text = JSON.stringify(outside);
      expect([text.includes(posted._id), text.includes(posted.title)]).toEqual([false, false]);
    });

    it('a mentor change tells the student and both mentors, once each', async () => {
      const rahul = await idOf('r.menon@example.edu');
      const got = await during([menteeId, mentorId, rahul], () =>
        t.http().put('/api/admin/assign-mentor').set(bearer(admin)).send({ menteeId, mentorId: rahul }).expect(200),
      );
      expect(got.get(menteeId)?.map((n) => [n.kind, n.title])).toEqual([
        ['mentor.assigned', 'Your mentor has changed'],
      ]);
      expect(got.get(rahul)?.map((n) => [n.kind, n.title])).toEqual([
        ['mentor.assigned', 'Jordan Rivera is now your mentee'],
      ]);
      expect(got.get(mentorId)?.map((n) => [n.kind, n.title])).toEqual([
        ['mentor.assigned', 'Jordan Rivera is no longer your mentee'],
      ]);
      await t.http().put('/api/admin/assign-mentor').set(bearer(admin)).send({ menteeId, mentorId }).expect(200);
      expect((await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: menteeId })).mentorId).toBe(mentorId);
    });
  });
});
