import { randomUUID } from 'node:crypto';
import { DEFAULT_RISK_SETTINGS, ErrorCode, type FollowUpQueueEntry } from '@portal/contracts';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { Clock } from '../src/calendar/clock';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import {
  ActionItemRow,
  MentoringEntryRow,
  RiskDismissalRow,
  RiskSignalRow,
} from '../src/followup/entities/followup.entity';
import { lastSchoolDays } from '../src/followup/followup.service';
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
  const runOutbox = () => t.app.get(OutboxService).runDue(new Date(Date.now() + 1000));
  const rules = { weekendDays: [0], termStart: null, termEnd: null, closures: [] };

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
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
    await users.createQueryBuilder().update().set({ createdAt: new Date('2031-03-01T00:00:00Z') }).execute();
    now = jest.spyOn(t.app.get(Clock), 'now');
    setNow('2031-03-12T10:00:00Z');
    // Twenty school days present before Monday 10 March (jordan) ; the second student's four days come later.
    const before = lastSchoolDays('2031-03-08', 20, rules);
    await t.db
      .getRepository(AttendanceRecord)
      .insert(before.map((date) => ({ id: randomUUID(), menteeId: jordan, date, status: 'present' as const, markedById: null })));
  });
  afterAll(async () => {
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
      await save('2031-03-12', { [jordan]: 'absent' });
      await runOutbox();
      const entry = await entryOf(jordan);
      expect(entry?.signals).toEqual([
        expect.objectContaining({
          kind: 'consecutiveAbsences',
          evidence: '3 absences in a row: 2031-03-10 to 2031-03-12',
          handledAt: null,
        }),
      ]);
      // 20 of 23 marked days attended (87 %): no low-attendance signal.
      const stored = await t.db.getRepository(RiskSignalRow).findBy({ menteeId: jordan });
      expect(stored.map((s) => [s.kind, s.closedAt, s.openKey])).toEqual([
        ['consecutiveAbsences', null, `${jordan}:consecutiveAbsences`],
      ]);
      const told = await t.db.getRepository(Notification).findBy({ userId: mentorId, kind: 'risk.signal' });
      expect(told.map((n) => n.body)).toContain('3 absences in a row: 2031-03-10 to 2031-03-12');
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
      const closed = await t.db.getRepository(RiskSignalRow).findOneByOrFail({ menteeId: second, kind: 'lowAttendance' });
      expect(closed.closedAt).not.toBeNull();
      expect(closed.openKey).toBeNull();
    });
  });
});
