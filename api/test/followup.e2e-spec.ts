import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { DEFAULT_RISK_SETTINGS, ErrorCode, type FollowUpQueueEntry, type RecordChangedEvent } from '@portal/contracts';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { Clock } from '../src/dates/clock';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import {
  ActionItemRow,
  MentoringEntryRow,
  RiskDismissalRow,
  RiskSignalRow,
} from '../src/followup/entities/followup.entity';
import { RiskEvaluation, lastSchoolDays } from '../src/followup/risk-evaluation.service';
import { Grievance } from '../src/grievances/entities/grievance.entity';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, menteeOfAnotherMentor, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Issue 20: risk signals at their boundaries, the follow-up queue's rules (a follow-up clears, a new signal returns, a
 * dismissal is kept) and the mentoring log's privacy. The school's clock is set to March 2031, far from the demo seed's
 * records; 2031-03-09 is a Sunday (the default calendar's only day off). The outbox is run by the test (no poller).
 */
describe(`follow-up (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string, otherMentor: string, otherMentee: string;
  let jordan: string, second: string, foreign: string;
  let mentorId: string;
  let now: jest.SpyInstance<Date, []>;
  const setNow = (iso: string) => now.mockReturnValue(new Date(iso));
  /** Runs what is due by the clock (set to 2031), and what that wrote, until nothing is left (at most 5 rounds). */
  const runOutbox = async () => {
    for (let round = 0; round < 5; round++)
      if (!(await t.app.get(OutboxService).runDue(new Date(t.app.get(Clock).now().getTime() + 1000)))) return;
  };
  const rules = { weekendDays: [0], termStart: null, termEnd: null, closures: [] };
  const sockets: Socket[] = [];
  let url: string;
  /** A signed-in socket of this user and every follow-up change it is told of. */
  const listen = (token: string) =>
    new Promise<{ events: RecordChangedEvent[]; next: () => Promise<RecordChangedEvent> }>((resolve, reject) => {
      const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(s);
      const events: RecordChangedEvent[] = [];
      s.on('recordChanged', (e: RecordChangedEvent) => e.type === 'followup' && events.push(e));
      const next = () =>
        new Promise<RecordChangedEvent>((done) =>
          s.on('recordChanged', (e: RecordChangedEvent) => e.type === 'followup' && done(e)),
        );
      s.once('connect', () => resolve({ events, next }));
      s.once('connect_error', reject);
    });

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    const users = t.db.getRepository(User);
    jordan = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    mentorId = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    const mine = await t.db.getRepository(MenteeProfile).find({ where: { mentorId }, relations: { user: true } });
    second = mine.find((p) => p.id !== jordan)!.id;
    const theirs = await menteeOfAnotherMentor(t);
    foreign = theirs.id;
    [admin, mentor, mentee, otherMentee] = await Promise.all([
      tokenFor(t, DEMO_ACCOUNTS.admin),
      tokenFor(t, DEMO_ACCOUNTS.mentor),
      tokenFor(t, DEMO_ACCOUNTS.mentee),
      tokenFor(t, theirs.email),
    ]);
    otherMentor = await tokenFor(t, 'r.menon@example.edu');
    // The students of this test start clean in 2031: known since March 1st (no "no contact" yet), no seeded records.
    for (const id of [jordan, second]) {
      await t.db.getRepository(AttendanceRecord).delete({ menteeId: id });
      await t.db.getRepository(LeaveRequest).delete({ menteeId: id });
      await t.db.getRepository(Grievance).delete({ menteeId: id });
    }
    await users
      .createQueryBuilder()
      .update()
      .set({ createdAt: new Date('2031-03-01T00:00:00Z') })
      .execute();
    now = jest.spyOn(t.app.get(Clock), 'now');
    setNow('2031-03-12T10:00:00Z');
    // Twenty school days present before Monday 10 March (jordan) ; the second student's four days come later.
    const before = lastSchoolDays('2031-03-08', 20, rules);
    await t.db.getRepository(AttendanceRecord).insert(
      before.map((date) => ({
        id: randomUUID(),
        menteeId: jordan,
        date,
        status: 'present' as const,
        markedById: null,
      })),
    );
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    now.mockRestore();
    await t.close();
  });

  const save = (date: string, data: Record<string, string>) =>
    t
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date, attendanceData: Object.fromEntries(Object.entries(data).map(([id, s]) => [id, { [date]: s }])) })
      .expect(201);
  const queue = async (token = mentor): Promise<FollowUpQueueEntry[]> =>
    (await t.http().get('/api/followup/queue').set(bearer(token)).expect(200)).body;
  const entryOf = async (id: string, token = mentor) => (await queue(token)).find((e) => e.menteeId === id);
  const kindsOf = async (id: string) => (await entryOf(id))?.signals.map((s) => s.kind) ?? [];
  const log = (id: string, body: object, token = mentor) =>
    t.http().post(`/api/followup/mentees/${id}/log`).set(bearer(token)).send(body);
  const dismiss = (id: string, body: object, token = mentor) =>
    t.http().post(`/api/followup/mentees/${id}/dismiss`).set(bearer(token)).send(body);

  describe('signals at their boundaries', () => {
    it('2 unexcused absences in a row are not a signal; the 3rd opens one, with its evidence, for the mentor', async () => {
      await save('2031-03-10', { [jordan]: 'absent' });
      setNow('2031-03-11T10:00:00Z');
      await save('2031-03-11', { [jordan]: 'absent' });
      await runOutbox();
      expect(await kindsOf(jordan)).not.toContain('consecutiveAbsences');

      setNow('2031-03-12T10:00:00Z');
      const [mine, theirs] = await Promise.all([listen(mentor), listen(otherMentor)]);
      const pushed = mine.next();
      await save('2031-03-12', { [jordan]: 'absent' });
      await runOutbox();
      // Live: the mentor's sockets are told (the queue refetches); another mentor's are not.
      expect(await pushed).toEqual({ type: 'followup', id: jordan });
      expect(theirs.events).toEqual([]);
      const entry = await entryOf(jordan);
      expect(entry?.signals).toEqual([
        expect.objectContaining({
          kind: 'consecutiveAbsences',
          evidence: '3 absences in a row: 10 Mar 2031 to 12 Mar 2031',
          handledAt: null,
        }),
      ]);
      // 20 of 23 marked days attended (87 %): no low-attendance signal.
      const stored = await t.db.getRepository(RiskSignalRow).findBy({ menteeId: jordan });
      expect(stored.map((s) => [s.kind, s.closedAt, s.openKey])).toEqual([
        ['consecutiveAbsences', null, `${jordan}:consecutiveAbsences`],
      ]);
      const told = await t.db.getRepository(Notification).findBy({ userId: mentorId, kind: 'risk.signal' });
      expect(told.map((n) => n.body)).toContain('3 absences in a row: 10 Mar 2031 to 12 Mar 2031');
      // Another mentor's queue never shows someone else's mentee.
      expect((await queue(otherMentor)).some((e) => e.menteeId === jordan)).toBe(false);
    });

    it('attendance of exactly 75 % is not a signal; below it is', async () => {
      const days = lastSchoolDays('2031-03-08', 3, rules);
      await t.db.getRepository(AttendanceRecord).insert(
        days.map((date, i) => ({
          id: randomUUID(),
          menteeId: second,
          date,
          status: i === 0 ? ('absent' as const) : ('late' as const),
          markedById: null,
        })),
      );
      await save('2031-03-10', { [second]: 'present' }); // 3 of 4 attended (late counts): exactly 75 %
      await runOutbox();
      expect(await kindsOf(second)).not.toContain('lowAttendance');
      await save('2031-03-11', { [second]: 'absent' }); // 3 of 5: 60 %
      await runOutbox();
      expect((await entryOf(second))?.signals.find((s) => s.kind === 'lowAttendance')?.evidence).toBe(
        'Attendance 60% over the last 30 school days (5 marked), below 75%',
      );
      await save('2031-03-11', { [second]: 'present' }); // corrected: 80 %, the signal closes
      await runOutbox();
      expect(await kindsOf(second)).not.toContain('lowAttendance');
      const closed = await t.db
        .getRepository(RiskSignalRow)
        .findOneByOrFail({ menteeId: second, kind: 'lowAttendance' });
      expect(closed.closedAt).not.toBeNull();
      expect(closed.openKey).toBeNull();
    });
  });
  describe('the queue', () => {
    it('refuses a bad log entry with a code and stores nothing', async () => {
      const count = () => t.db.getRepository(MentoringEntryRow).countBy({ menteeId: jordan });
      const before = await count();
      expect(await codeOf(log(jordan, { date: '2031-03-13', mode: 'call', summary: 'x' }).expect(400))).toBe(
        ErrorCode.DateInFuture,
      );
      expect(await codeOf(log(jordan, { date: '2031-03-12', mode: 'fax', summary: 'x' }).expect(400))).toBe(
        ErrorCode.ValidationFailed,
      );
      expect(await codeOf(log(jordan, { date: '2031-03-12', mode: 'call', summary: '  ' }).expect(400))).toBe(
        ErrorCode.ValidationFailed,
      );
      await log(jordan, { date: '2031-03-12', mode: 'call', summary: 'x', actionItems: [{ text: '' }] }).expect(400);
      expect(await count()).toBe(before);
      expect(await kindsOf(jordan)).toEqual(['consecutiveAbsences']);
    });

    it('a follow-up logged after the signal appeared takes the student out of the queue', async () => {
      const res = await log(jordan, {
        date: '2031-03-12',
        mode: 'inPerson',
        summary: 'Met Jordan and his father; he was unwell.',
        actionItems: [{ text: 'Bring the medical note', dueDate: '2031-03-14' }],
      }).expect(201);
      expect(res.body).toMatchObject({
        menteeId: jordan,
        mode: 'inPerson',
        private: false,
        actionItems: [{ text: 'Bring the medical note', dueDate: '2031-03-14', done: false }],
        author: { _id: mentorId },
      });
      expect(await entryOf(jordan)).toBeUndefined();
      const signal = await t.db
        .getRepository(RiskSignalRow)
        .findOneByOrFail({ menteeId: jordan, kind: 'consecutiveAbsences' });
      expect(signal.handledAt).not.toBeNull();
      expect(signal.closedAt).toBeNull();
      // Still absent the next day: the same signal (evidence updated), not a new one: the student stays out.
      setNow('2031-03-13T10:00:00Z');
      await save('2031-03-13', { [jordan]: 'absent' });
      await runOutbox();
      expect(await entryOf(jordan)).toBeUndefined();
      expect((await t.db.getRepository(RiskSignalRow).findOneByOrFail({ id: signal.id })).evidence).toBe(
        '4 absences in a row: 10 Mar 2031 to 13 Mar 2031',
      );
      const contacts = (await t.http().get('/api/followup/contacts').set(bearer(mentor)).expect(200)).body;
      expect(contacts[jordan]).toBe('2031-03-12');
    });

    it('a new signal puts the student back; a dismissal needs a reason, takes them out and is kept', async () => {
      const filed = await t
        .http()
        .post('/api/grievances')
        .set(bearer(mentee))
        .send({
          name: 'Jordan',
          email: 'j@x.co',
          rollNo: '1',
          subject: 'Bus',
          grievanceType: 'other',
          dateOfIncident: '2026-01-05',
          description: 'The bus is late',
        })
        .expect(201);
      // Filed 11 days before the school's today (2031-03-12): open over 7 days at the sweep.
      await t.db
        .getRepository(Grievance)
        .update({ id: filed.body._id }, { createdAt: new Date('2031-03-01T09:00:00Z') });
      await t.app.get(RiskEvaluation).sweep();
      const back = await entryOf(jordan);
      expect(back?.signals.map((s) => s.kind)).toEqual(['grievanceOpen']);

      expect(await codeOf(dismiss(jordan, { reason: ' ' }).expect(400))).toBe(ErrorCode.ValidationFailed);
      expect(await entryOf(jordan)).toBeDefined();
      const res = await dismiss(jordan, { reason: 'Known: the bus company was told' }).expect(201);
      expect(res.body.dismissals).toEqual([
        expect.objectContaining({
          reason: 'Known: the bus company was told',
          kinds: ['grievanceOpen'],
          by: expect.objectContaining({ _id: mentorId }),
        }),
      ]);
      expect(await entryOf(jordan)).toBeUndefined();
      expect(await codeOf(dismiss(jordan, { reason: 'again' }).expect(409))).toBe(ErrorCode.NothingToFollowUp);
      // Kept: the dismissal stays on record after its signal has closed.
      await t.app.get(RiskEvaluation).sweep();
      expect(await t.db.getRepository(RiskDismissalRow).countBy({ menteeId: jordan })).toBe(1);
    });
  });

  describe('privacy', () => {
    let privateItem: string, sharedItem: string;

    beforeAll(async () => {
      const p = await log(jordan, {
        date: '2031-03-13',
        mode: 'call',
        summary: 'PRIVATE: family matters discussed',
        private: true,
        actionItems: [{ text: 'PRIVATE: call the counsellor' }],
      }).expect(201);
      privateItem = p.body.actionItems[0]._id;
      const shared = await log(jordan, {
        date: '2031-03-13',
        mode: 'chat',
        summary: 'Agreed a plan for the test week',
        actionItems: [{ text: 'Revise chapter 3', dueDate: null }],
      }).expect(201);
      sharedItem = shared.body.actionItems[0]._id;
    });

    it('the student sees their meetings and action items, never a private note', async () => {
      const res = await t.http().get('/api/followup/me').set(bearer(mentee)).expect(200);
      expect(JSON.stringify(res.body)).not.toContain('PRIVATE');
      expect(res.body.meetings.map((m: { summary: string }) => m.summary)).toEqual([
        'Agreed a plan for the test week',
        'Met Jordan and his father; he was unwell.',
      ]);
      // Their own action item: done by them; a private one is not theirs to see.
      expect(
        (
          await t
            .http()
            .put(`/api/followup/action-items/${sharedItem}`)
            .set(bearer(mentee))
            .send({ done: true })
            .expect(200)
        ).body.done,
      ).toBe(true);
      expect(
        await codeOf(
          t
            .http()
            .put(`/api/followup/action-items/${privateItem}`)
            .set(bearer(mentee))
            .send({ done: true })
            .expect(404),
        ),
      ).toBe(ErrorCode.MentoringEntryNotFound);
      expect((await t.db.getRepository(ActionItemRow).findOneByOrFail({ id: privateItem })).done).toBe(false);
      // The page of the mentor's is not the student's.
      await t.http().get(`/api/followup/mentees/${jordan}`).set(bearer(mentee)).expect(403);
    });

    it('another mentee sees nothing of it; another mentor is refused everything of a student not theirs', async () => {
      const theirs = await t.http().get('/api/followup/me').set(bearer(otherMentee)).expect(200);
      expect(theirs.body.meetings).toEqual([]);
      await t
        .http()
        .put(`/api/followup/action-items/${sharedItem}`)
        .set(bearer(otherMentee))
        .send({ done: false })
        .expect(404);
      for (const call of [
        t.http().get(`/api/followup/mentees/${jordan}`).set(bearer(otherMentor)),
        log(jordan, { date: '2031-03-13', mode: 'call', summary: 'x' }, otherMentor),
        dismiss(jordan, { reason: 'x' }, otherMentor),
        t.http().put(`/api/followup/action-items/${privateItem}`).set(bearer(otherMentor)).send({ done: true }),
      ])
        expect(await codeOf(call.expect(403))).toBe(ErrorCode.NotOwner);
      expect((await t.db.getRepository(ActionItemRow).findOneByOrFail({ id: sharedItem })).done).toBe(true);
      expect(await t.db.getRepository(MentoringEntryRow).countBy({ menteeId: jordan })).toBe(3);
      // The demo mentor cannot read the other mentor's mentee either.
      await t.http().get(`/api/followup/mentees/${foreign}`).set(bearer(mentor)).expect(403);
    });

    it("a private note stays its author's: the student's next mentor does not read it", async () => {
      const assign = (mentorOf: string) =>
        t
          .http()
          .put('/api/admin/assign-mentor')
          .set(bearer(admin))
          .send({ menteeId: jordan, mentorId: mentorOf })
          .expect(200);
      const rahul = (await t.db.getRepository(User).findOneByOrFail({ email: 'r.menon@example.edu' })).id;
      await assign(rahul);
      try {
        const res = await t.http().get(`/api/followup/mentees/${jordan}`).set(bearer(otherMentor)).expect(200);
        expect(JSON.stringify(res.body)).not.toContain('PRIVATE');
        expect(res.body.log).toHaveLength(2);
        await t
          .http()
          .put(`/api/followup/action-items/${privateItem}`)
          .set(bearer(otherMentor))
          .send({ done: true })
          .expect(404);
      } finally {
        await assign(mentorId);
      }
    });

    it('the mentor and admins see the whole log, private notes included, with the outcome of each follow-up', async () => {
      for (const token of [mentor, admin]) {
        const res = await t.http().get(`/api/followup/mentees/${jordan}`).set(bearer(token)).expect(200);
        expect(res.body.log).toHaveLength(3);
        expect(res.body.log.filter((e: { private: boolean }) => e.private)).toHaveLength(1);
        expect(res.body.lastContactDate).toBe('2031-03-13');
        const first = res.body.outcomes.find((o: { date: string }) => o.date === '2031-03-12');
        // Before 12 March: 20 present and 2 absent of the 30 school days; after: 13 March (absent), today.
        expect(first.before).toEqual({ percentage: 90.9, markedDays: 22, schoolDays: 30 });
        expect(first.after).toEqual({ percentage: 0, markedDays: 1, schoolDays: 1 });
      }
    });
  });

  describe('admin', () => {
    it('changes the thresholds (audited, bounded) and every student is re-evaluated', async () => {
      expect((await t.http().get('/api/admin/followup/settings').set(bearer(admin)).expect(200)).body).toEqual(
        DEFAULT_RISK_SETTINGS,
      );
      expect(
        await codeOf(
          t.http().put('/api/admin/followup/settings').set(bearer(admin)).send({ consecutiveAbsences: 0 }).expect(400),
        ),
      ).toBe(ErrorCode.ValidationFailed);
      await t.http().put('/api/admin/followup/settings').set(bearer(admin)).send({}).expect(400);
      const res = await t
        .http()
        .put('/api/admin/followup/settings')
        .set(bearer(admin))
        .send({ lowAttendancePercent: 95 })
        .expect(200);
      expect(res.body.lowAttendancePercent).toBe(95);
      expect(await t.db.getRepository(AuditEntry).countBy({ action: 'followup.settings.update' })).toBe(1);
      await runOutbox();
      // Jordan at 20 of 25 marked days (80 %) is now below 95 %: a new signal, back in the queue.
      expect(await kindsOf(jordan)).toEqual(['lowAttendance']);
    });

    it('shows mentors whose students waited longest, counts per class, and the outcomes as CSV', async () => {
      const overview = (await t.http().get('/api/admin/followup/overview').set(bearer(admin)).expect(200)).body;
      const helen = overview.mentors.find((m: { mentorId: string }) => m.mentorId === mentorId);
      expect(helen.waiting).toBeGreaterThanOrEqual(1);
      const jp = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: jordan });
      expect(overview.classes).toContainEqual(expect.objectContaining({ class: jp.className, section: jp.section }));
      const outcomes = (
        await t.http().get(`/api/admin/followup/outcomes?mentorId=${mentorId}`).set(bearer(admin)).expect(200)
      ).body;
      expect(outcomes.filter((o: { menteeId: string }) => o.menteeId === jordan)).toHaveLength(3);
      await t.http().get('/api/admin/followup/outcomes?mentorId=nope').set(bearer(admin)).expect(400);
      const csv = await t
        .http()
        .get(`/api/admin/followup/outcomes/export?mentorId=${mentorId}`)
        .set(bearer(admin))
        .expect(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const lines = csv.text.trim().split(/\r?\n/);
      expect(lines[0]).toMatch(/^Mentor,Student,Student ID,Date,Mode,Attendance before/);
      expect(lines).toHaveLength(4);
      expect(lines.some((l) => l.includes('2031-03-12') && l.includes('90.9,22,30'))).toBe(true);
    });
  });
});
