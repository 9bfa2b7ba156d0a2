import { attendancePercentages, monthlyPercentage, type AttendanceSummary } from '@portal/contracts';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { SchoolClosureDay, SchoolSettings } from '../src/calendar/calendar.entity';
import { Clock } from '../src/dates/clock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { User } from '../src/users/entities/user.entity';
import {
  bearer,
  codeOf,
  menteeOfAnotherMentor,
  startTestApp,
  demoTokens,
  tokenFor,
  type TestApp,
} from './support/test-app';

/**
 * Issue 19: the school calendar, four statuses, the school's time zone, and leave reconciled with the register. The
 * school's clock is set (Clock.now), never waited for; dates are in 2031, far from the demo seed's records.
 * 2031-03-09 and 2031-03-16 are Sundays; 2031-03-12 is a Wednesday.
 */
describe(`attendance, calendar and leave reconciliation (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string, otherMentee: string;
  let jordan: string;
  let now: jest.SpyInstance<Date, []>;
  const setNow = (iso: string) => now.mockReturnValue(new Date(iso));
  const records = () => t.db.getRepository(AttendanceRecord);
  const statusOn = async (date: string, menteeId = jordan) =>
    (await records().findOneBy({ menteeId, date }))?.status ?? 'unmarked';

  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor, mentee] = await demoTokens(t);
    otherMentee = await tokenFor(t, (await menteeOfAnotherMentor(t)).email, DEMO_PASSWORD);
    jordan = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    now = jest.spyOn(t.app.get(Clock), 'now');
    setNow('2031-03-12T10:00:00Z');
  });
  afterAll(async () => {
    now.mockRestore();
    await t.close();
  });

  it('the demo school agrees with its leave book: no day of an approved leave is marked absent, leave days name their leave', async () => {
    const approved = await t.db.getRepository(LeaveRequest).findBy({ status: 'approved' });
    expect(approved.length).toBeGreaterThan(0);
    for (const l of approved) {
      const days = await records()
        .createQueryBuilder('r')
        .where('r.menteeId = :m AND r.date BETWEEN :s AND :e', { m: l.menteeId, s: l.startDate, e: l.endDate })
        .getMany();
      expect(days.filter((d) => d.status === 'absent')).toEqual([]);
      for (const d of days.filter((x) => x.status === 'leave')) {
        expect(d).toMatchObject({ leaveId: l.id, previousStatus: 'absent' });
      }
    }
  });

  const save = (date: string, data: Record<string, string>, overrideReasons?: Record<string, string>, token = admin) =>
    t
      .http()
      .post('/api/admin/attendance')
      .set(bearer(token))
      .send({
        date,
        attendanceData: Object.fromEntries(Object.entries(data).map(([id, s]) => [id, { [date]: s }])),
        ...(overrideReasons ? { overrideReasons } : {}),
      });
  const calendar = (from = '2031-03-01', to = '2031-03-31', token = mentee) =>
    t.http().get(`/api/calendar?from=${from}&to=${to}`).set(bearer(token));
  const putCalendar = (body: unknown, token = admin) =>
    t
      .http()
      .put('/api/admin/calendar')
      .set(bearer(token))
      .send(body as object);
  const addClosures = (body: unknown, token = admin) =>
    t
      .http()
      .post('/api/admin/calendar/closures')
      .set(bearer(token))
      .send(body as object);
  const summary = async (): Promise<AttendanceSummary> =>
    (await t.http().get('/api/auth/me').set(bearer(mentee)).expect(200)).body.profile.attendance;
  const requestLeave = (body: object, token = mentee) => t.http().post('/api/leaves').set(bearer(token)).send(body);
  const decide = (id: string, action: 'approve' | 'reject', body: object = {}, token = mentor) =>
    t.http().put(`/api/leaves/${id}/${action}`).set(bearer(token)).send(body);
  const cancel = (id: string, token = mentee) => t.http().put(`/api/leaves/${id}/cancel`).set(bearer(token)).send({});

  describe('the calendar', () => {
    it('answers the defaults to any signed-in user: UTC, Sundays off, no term, no closures, no contact address', async () => {
      const res = await calendar().expect(200);
      expect(res.body).toEqual({
        timezone: 'UTC',
        today: '2031-03-12',
        weekendDays: [0],
        termStart: null,
        termEnd: null,
        closures: [],
        sickLeaveBackfillDays: 14,
        contactEmail: null,
        quietHours: null,
        guardianDigestAt: '18:00',
      });
      await calendar('2031-03-01', '2031-03-31', mentor).expect(200);
      await t.http().get('/api/calendar?from=2031-03-01&to=2031-03-31').expect(401);
    });

    it.each([
      ['/api/calendar?from=2031-03-01', 'VALIDATION_FAILED'],
      ['/api/calendar?from=2031-02-30&to=2031-03-01', 'VALIDATION_FAILED'],
      ['/api/calendar?from=2031-03-10&to=2031-03-01', 'INVALID_DATE_RANGE'],
      ['/api/calendar?from=2031-01-01&to=2032-01-02', 'INVALID_DATE_RANGE'],
      ['/api/calendar?from=2031-03-01&to=2031-03-02&x=1', 'VALIDATION_FAILED'],
    ])('GET %s is refused with %s', async (url, code) => {
      expect(await codeOf(t.http().get(url).set(bearer(mentee)).expect(400))).toBe(code);
    });

    it('a mentor or a mentee cannot change the calendar', async () => {
      for (const token of [mentor, mentee]) {
        await putCalendar({ weekendDays: [0, 6] }, token).expect(403);
        await addClosures({ closures: [{ date: '2031-03-14', reason: 'x' }] }, token).expect(403);
        await t.http().delete('/api/admin/calendar/closures/2031-03-14').set(bearer(token)).expect(403);
      }
      expect(await t.db.getRepository(SchoolSettings).count()).toBe(0);
      expect(await t.db.getRepository(SchoolClosureDay).count()).toBe(0);
    });

    it.each([
      [{}, 'NOTHING_TO_UPDATE'],
      [{ weekendDays: null }, 'VALIDATION_FAILED'],
      [{ weekendDays: ['sunday'] }, 'VALIDATION_FAILED'],
      [{ weekendDays: [7] }, 'VALIDATION_FAILED'],
      [{ weekendDays: [0, 1, 2, 3, 4, 5, 6] }, 'VALIDATION_FAILED'],
      [{ timezone: 'Mars/Olympus' }, 'VALIDATION_FAILED'],
      [{ timezone: null }, 'VALIDATION_FAILED'],
      [{ sickLeaveBackfillDays: '14' }, 'VALIDATION_FAILED'],
      [{ sickLeaveBackfillDays: -1 }, 'VALIDATION_FAILED'],
      [{ termStart: '2031-13-01' }, 'VALIDATION_FAILED'],
      [{ termStart: '2031-06-01', termEnd: '2031-03-01' }, 'INVALID_DATE_RANGE'],
      [{ weekendDays: [0], colour: 'red' }, 'VALIDATION_FAILED'],
    ])('PUT /admin/calendar %j is refused with %s and changes nothing', async (body, code) => {
      expect(await codeOf(putCalendar(body).expect(400))).toBe(code);
      expect(await t.db.getRepository(SchoolSettings).count()).toBe(0);
    });

    it.each([
      [{}, 'VALIDATION_FAILED'],
      [{ closures: null }, 'VALIDATION_FAILED'],
      [{ closures: [] }, 'VALIDATION_FAILED'],
      [{ closures: [{ date: '2031-02-30', reason: 'x' }] }, 'VALIDATION_FAILED'],
      [{ closures: [{ date: '2031-03-14' }] }, 'VALIDATION_FAILED'],
      [{ closures: [{ date: '2031-03-14', reason: 'x', extra: 1 }] }, 'VALIDATION_FAILED'],
      [
        {
          closures: [
            { date: '2031-03-14', reason: 'x' },
            { date: '2031-03-14', reason: 'y' },
          ],
        },
        'VALIDATION_FAILED',
      ],
    ])('POST /admin/calendar/closures %j is refused with %s and stores nothing', async (body, code) => {
      expect(await codeOf(addClosures(body).expect(400))).toBe(code);
      expect(await t.db.getRepository(SchoolClosureDay).count()).toBe(0);
    });

    it('closures are added in bulk, idempotently, renamed, listed by range, removed, and every change is audited', async () => {
      const list = {
        closures: [
          { date: '2031-03-14', reason: 'Founders day' },
          { date: '2031-03-25', reason: 'Holi' },
        ],
      };
      await addClosures(list).expect(201);
      await addClosures(list).expect(201);
      expect(await t.db.getRepository(SchoolClosureDay).count()).toBe(2);
      await addClosures({ closures: [{ date: '2031-03-25', reason: 'Holi (festival)' }] }).expect(201);
      const march = await calendar().expect(200);
      expect(march.body.closures).toEqual([
        { date: '2031-03-14', reason: 'Founders day' },
        { date: '2031-03-25', reason: 'Holi (festival)' },
      ]);
      expect((await calendar('2031-03-20', '2031-03-31').expect(200)).body.closures).toHaveLength(1);
      await addClosures({ closures: [{ date: '2031-04-01', reason: 'Spare' }] }).expect(201);
      await t.http().delete('/api/admin/calendar/closures/2031-04-01').set(bearer(admin)).expect(200);
      await t.http().delete('/api/admin/calendar/closures/2031-04-01').set(bearer(admin)).expect(200);
      expect(
        await codeOf(t.http().delete('/api/admin/calendar/closures/tomorrow').set(bearer(admin)).expect(400)),
      ).toBe('VALIDATION_FAILED');
      const audit = t.db.getRepository(AuditEntry);
      expect(await audit.countBy({ action: 'calendar.closures.add' })).toBe(4);
      expect(await audit.countBy({ action: 'calendar.closures.remove' })).toBe(1);
    });
  });

  describe('the register', () => {
    it('refuses weekends, closures and future days by the school’s today, storing nothing', async () => {
      expect(await codeOf(save('2031-03-09', { [jordan]: 'present' }).expect(400))).toBe('NOT_A_SCHOOL_DAY');
      expect(await codeOf(save('2031-03-14', { [jordan]: 'present' }).expect(400))).toBe('NOT_A_SCHOOL_DAY');
      expect(await codeOf(save('2031-03-13', { [jordan]: 'present' }).expect(400))).toBe('DATE_IN_FUTURE');
      expect(await records().countBy({ menteeId: jordan, date: '2031-03-13' })).toBe(0);
    });

    it('follows the school’s time zone at midnight, not the server’s (UTC+5:30 on a UTC server)', async () => {
      await putCalendar({ timezone: 'Asia/Kolkata' }).expect(200);
      // 00:15 on Thursday 13 March at the school; still Wednesday 12 March in UTC.
      setNow('2031-03-12T18:45:00Z');
      expect((await calendar().expect(200)).body.today).toBe('2031-03-13');
      await save('2031-03-13', { [jordan]: 'present' }).expect(201);
      expect(await codeOf(save('2031-03-15', { [jordan]: 'present' }).expect(400))).toBe('DATE_IN_FUTURE');
      // A closure in the future is refused as not a school day (the more useful answer).
      expect(await codeOf(save('2031-03-14', { [jordan]: 'present' }).expect(400))).toBe('NOT_A_SCHOOL_DAY');
      // 23:45 on Wednesday at the school (18:15 UTC): Thursday is still the future.
      setNow('2031-03-12T18:15:00Z');
      expect(await codeOf(save('2031-03-13', { [jordan]: 'absent' }).expect(400))).toBe('DATE_IN_FUTURE');
      // 07:00 at the school on Monday 17 March is 01:30 UTC: the day's register saves.
      setNow('2031-03-17T01:30:00Z');
      await save('2031-03-17', { [jordan]: 'present' }).expect(201);
      // Back in UTC, 18:45 on the 12th is still the 12th: the 13th is the future again.
      await putCalendar({ timezone: 'UTC' }).expect(200);
      setNow('2031-03-12T18:45:00Z');
      expect(await codeOf(save('2031-03-13', { [jordan]: 'absent' }).expect(400))).toBe('DATE_IN_FUTURE');
      await records().delete({ menteeId: jordan, date: '2031-03-13' });
      await records().delete({ menteeId: jordan, date: '2031-03-17' });
      setNow('2031-03-12T10:00:00Z');
    });

    it('marks late and leave; late counts as attended, leave as not attended, through attendancePercentages', async () => {
      const before = await summary();
      const res = await save('2031-03-04', { [jordan]: 'late' }).expect(201);
      expect(res.body).toMatchObject({ saved: 1, present: 0, absent: 0, late: 1, leave: 0 });
      await save('2031-03-05', { [jordan]: 'leave' }).expect(201);
      const after = await summary();
      const counts = {
        present: before.presentDays - before.lateDays,
        late: before.lateDays + 1,
        absent: before.absentDays,
        leave: before.leaveDays + 1,
      };
      expect(after).toEqual({
        totalDays: before.totalDays + 2,
        presentDays: before.presentDays + 1,
        lateDays: before.lateDays + 1,
        absentDays: before.absentDays,
        leaveDays: before.leaveDays + 1,
        ...attendancePercentages(counts),
      });
      expect(after.percentageExcludingLeave).not.toBeNull();
      const month = await t.http().get('/api/admin/attendance?month=3&year=2031').set(bearer(admin)).expect(200);
      const row = month.body.students.find((s: { _id: string }) => s._id === jordan);
      expect(row).toMatchObject({
        present: 0,
        late: 1,
        absent: 0,
        leave: 1,
        percentage: 50,
        percentageExcludingLeave: 100,
      });
      const csv = await t.http().get('/api/admin/attendance/export?month=3&year=2031').set(bearer(admin)).expect(200);
      expect(csv.text.split('\n')[0]).toContain('Late');
      expect(csv.text).toMatch(/Jordan Rivera.*,0,1,0,1,50,100/);
    });

    it('a holiday, a weekend day or a day outside the term is counted in no figure', async () => {
      await save('2031-03-07', { [jordan]: 'absent' }).expect(201);
      const marked = await summary();
      const monthRow = async () =>
        (
          await t.http().get('/api/admin/attendance?month=3&year=2031').set(bearer(admin)).expect(200)
        ).body.students.find((s: { _id: string }) => s._id === jordan);
      expect((await monthRow()).absent).toBe(1);
      await addClosures({ closures: [{ date: '2031-03-07', reason: 'Storm' }] }).expect(201);
      expect((await summary()).totalDays).toBe(marked.totalDays - 1);
      expect((await monthRow()).absent).toBe(0);
      await t.http().delete('/api/admin/calendar/closures/2031-03-07').set(bearer(admin)).expect(200);
      expect((await summary()).totalDays).toBe(marked.totalDays);
      // Fridays off: the day drops out again; then back.
      await putCalendar({ weekendDays: [0, 5] }).expect(200);
      expect((await monthRow()).absent).toBe(0);
      expect((await summary()).totalDays).toBeLessThan(marked.totalDays);
      expect(await codeOf(save('2031-03-07', { [jordan]: 'present' }).expect(400))).toBe('NOT_A_SCHOOL_DAY');
      await putCalendar({ weekendDays: [0] }).expect(200);
      // A term from March: only March's days count, and February cannot be marked.
      await putCalendar({ termStart: '2031-03-01', termEnd: '2031-07-31' }).expect(200);
      expect((await summary()).totalDays).toBe(3);
      expect(await codeOf(save('2031-02-27', { [jordan]: 'present' }).expect(400))).toBe('NOT_A_SCHOOL_DAY');
      await putCalendar({ termStart: null, termEnd: null }).expect(200);
      expect((await summary()).totalDays).toBe(marked.totalDays);
      await records().delete({ menteeId: jordan, date: '2031-03-07' });
    });

    it('refuses bad override reasons with a code, storing nothing', async () => {
      for (const overrideReasons of [{ [jordan]: '' }, { [jordan]: 5 }, { [jordan]: 'x'.repeat(501) }]) {
        const res = await save('2031-03-06', { [jordan]: 'present' }, overrideReasons as Record<string, string>);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      const res = await t
        .http()
        .post('/api/admin/attendance')
        .set(bearer(admin))
        .send({ date: '2031-03-06', attendanceData: { [jordan]: { '2031-03-06': 'present' } }, overrideReasons: null });
      expect(res.status).toBe(400);
      expect(await records().countBy({ menteeId: jordan, date: '2031-03-06' })).toBe(0);
    });
  });

  describe('leave reconciled with the register', () => {
    let sickId: string;

    it('counts school days only: a leave over a Sunday and a holiday', async () => {
      const res = await requestLeave({
        leaveType: 'casual',
        startDate: '2031-03-24',
        endDate: '2031-03-31',
        reason: 'Family visit',
      }).expect(201);
      // 8 calendar days less Sunday 30 March and the Holi closure on the 25th.
      expect(res.body).toMatchObject({ daysCount: 8, schoolDays: 6, status: 'pending', cancelledAt: null });
      expect(res.body.impact).toBeUndefined();
      // The mentee cancels the pending request.
      const cancelled = await cancel(res.body._id).expect(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
      expect(await codeOf(cancel(res.body._id).expect(409))).toBe('LEAVE_NOT_CANCELLABLE');
    });

    it('previews the impact for the mentee only', async () => {
      const s = await summary();
      const res = await t
        .http()
        .get('/api/leaves/impact?startDate=2031-03-24&endDate=2031-03-31')
        .set(bearer(mentee))
        .expect(200);
      const after = attendancePercentages({
        present: s.presentDays - s.lateDays,
        late: s.lateDays,
        absent: s.absentDays,
        leave: s.leaveDays + 6,
      }).percentage;
      // Six future days, unmarked: leave added, absences untouched, so the figure without leave stays.
      const excludingLeave = monthlyPercentage(s.presentDays, s.absentDays);
      expect(res.body).toEqual({
        schoolDays: 6,
        before: s.percentage,
        after,
        eligibleBefore: s.percentage >= 75,
        eligibleAfter: after >= 75,
        excludingLeaveBefore: excludingLeave,
        excludingLeaveAfter: excludingLeave,
      });
      await t.http().get('/api/leaves/impact?startDate=2031-03-24&endDate=2031-03-31').set(bearer(mentor)).expect(403);
      await t.http().get('/api/leaves/impact?startDate=2031-03-24&endDate=2031-03-31').set(bearer(admin)).expect(403);
      for (const q of [
        'startDate=2031-03-24',
        'startDate=2031-03-24&endDate=soon',
        'startDate=2031-03-24&endDate=2031-03-31&menteeId=x',
      ])
        expect(await codeOf(t.http().get(`/api/leaves/impact?${q}`).set(bearer(mentee)).expect(400))).toBe(
          'VALIDATION_FAILED',
        );
      expect(
        await codeOf(
          t.http().get('/api/leaves/impact?startDate=2031-03-24&endDate=2031-03-20').set(bearer(mentee)).expect(400),
        ),
      ).toBe('INVALID_DATE_RANGE');
    });

    it("a decider's list shows each pending leave's own impact and attended days, as its mentee's preview does", async () => {
      // Several pending leaves of two mentees in one list: each figure is its own mentee's, over its own dates.
      const other = await menteeOfAnotherMentor(t);
      await save('2031-03-03', { [jordan]: 'present' }).expect(201);
      await save('2031-03-06', { [jordan]: 'present', [other.id]: 'present' }).expect(201);
      const filed = [
        // Present on the 3rd and 6th, late on the 4th, leave on the 5th (earlier tests).
        { token: mentee, body: { leaveType: 'sick', startDate: '2031-03-03', endDate: '2031-03-06', reason: 'Flu' } },
        {
          token: mentee,
          body: { leaveType: 'casual', startDate: '2031-03-24', endDate: '2031-03-26', reason: 'Trip' },
        },
        {
          token: otherMentee,
          body: { leaveType: 'sick', startDate: '2031-03-05', endDate: '2031-03-06', reason: 'Cold' },
        },
      ];
      const ids: string[] = [];
      for (const f of filed) ids.push((await requestLeave(f.body, f.token).expect(201)).body._id);
      const list = (await t.http().get('/api/leaves/admin?status=pending').set(bearer(admin)).expect(200)).body as {
        _id: string;
        impact: unknown;
        presentDays: string[];
      }[];
      const shown = ids.map((id) => list.find((l) => l._id === id)!);
      expect(shown.map((l) => l.presentDays)).toEqual([['2031-03-03', '2031-03-04', '2031-03-06'], [], ['2031-03-06']]);
      for (const [i, f] of filed.entries()) {
        const preview = await t
          .http()
          .get(`/api/leaves/impact?startDate=${f.body.startDate}&endDate=${f.body.endDate}`)
          .set(bearer(f.token))
          .expect(200);
        expect(shown[i].impact).toEqual(preview.body);
      }
      // The mentor's list (jordan's two leaves only) agrees with the admin's.
      const mine = (await t.http().get('/api/leaves/mentor?status=pending').set(bearer(mentor)).expect(200)).body as {
        _id: string;
      }[];
      for (const l of shown.slice(0, 2))
        expect(mine.find((m) => m._id === l._id)).toMatchObject({ impact: l.impact, presentDays: l.presentDays });
      expect(mine.some((m) => m._id === ids[2])).toBe(false);
      for (const [i, f] of filed.entries()) await cancel(ids[i], f.token).expect(200);
      await records().delete({ menteeId: jordan, date: '2031-03-03' });
      await records().delete({ date: '2031-03-06' });
    });

    it('sick leave may start up to 14 days back (15 is refused); other leave not in the past', async () => {
      // Today is Wednesday 12 March: 26 February is 14 days back, 25 February 15.
      expect(
        await codeOf(
          requestLeave({ leaveType: 'sick', startDate: '2031-02-25', endDate: '2031-02-25', reason: 'Flu' }).expect(
            400,
          ),
        ),
      ).toBe('LEAVE_BACKDATED_TOO_FAR');
      expect(
        await codeOf(
          requestLeave({ leaveType: 'casual', startDate: '2031-03-11', endDate: '2031-03-12', reason: 'x' }).expect(
            400,
          ),
        ),
      ).toBe('LEAVE_BACKDATED_TOO_FAR');
      const edge = await requestLeave({
        leaveType: 'sick',
        startDate: '2031-02-26',
        endDate: '2031-02-26',
        reason: 'Flu',
      }).expect(201);
      await cancel(edge.body._id).expect(200);
      // The school's window: 20 days lets the 15th day back through.
      await putCalendar({ sickLeaveBackfillDays: 20 }).expect(200);
      const wider = await requestLeave({
        leaveType: 'sick',
        startDate: '2031-02-25',
        endDate: '2031-02-25',
        reason: 'Flu',
      }).expect(201);
      await cancel(wider.body._id).expect(200);
      await putCalendar({ sickLeaveBackfillDays: 14 }).expect(200);
    });

    it('approving marks absent and unmarked days leave; days marked present are a conflict the approver resolves', async () => {
      // Monday absent, Tuesday present, Wednesday unmarked.
      await save('2031-03-10', { [jordan]: 'absent' }).expect(201);
      await save('2031-03-11', { [jordan]: 'present' }).expect(201);
      const filed = await requestLeave({
        leaveType: 'sick',
        startDate: '2031-03-10',
        endDate: '2031-03-12',
        reason: 'Fever, note attached',
      }).expect(201);
      sickId = filed.body._id;
      expect(filed.body.schoolDays).toBe(3);
      const pending = (
        await t.http().get('/api/leaves/mentor?status=pending').set(bearer(mentor)).expect(200)
      ).body.find((l: { _id: string }) => l._id === sickId);
      expect(pending.presentDays).toEqual(['2031-03-11']);
      expect(pending.impact).toMatchObject({ schoolDays: 3 });
      const asAdmin = (await t.http().get(`/api/leaves/${sickId}`).set(bearer(admin)).expect(200)).body;
      expect(asAdmin.impact).toEqual(pending.impact);
      expect((await t.http().get(`/api/leaves/${sickId}`).set(bearer(mentee)).expect(200)).body.impact).toBeUndefined();

      expect(await codeOf(decide(sickId, 'approve').expect(409))).toBe('LEAVE_ATTENDANCE_CONFLICT');
      expect(await t.db.getRepository(LeaveRequest).findOneByOrFail({ id: sickId })).toMatchObject({
        status: 'pending',
      });
      expect([await statusOn('2031-03-10'), await statusOn('2031-03-11'), await statusOn('2031-03-12')]).toEqual([
        'absent',
        'present',
        'unmarked',
      ]);
      expect(await codeOf(decide(sickId, 'approve', { presentDays: 'sometimes' }).expect(400))).toBe(
        'VALIDATION_FAILED',
      );
      expect(await codeOf(decide(sickId, 'approve', { presentDays: null }).expect(400))).toBe('VALIDATION_FAILED');

      const approved = await decide(sickId, 'approve', { presentDays: 'keep' }).expect(200);
      expect(approved.body.status).toBe('approved');
      expect([await statusOn('2031-03-10'), await statusOn('2031-03-11'), await statusOn('2031-03-12')]).toEqual([
        'leave',
        'present',
        'leave',
      ]);
      const day = await t.http().get('/api/admin/attendance?date=2031-03-10').set(bearer(admin)).expect(200);
      expect(day.body.attendanceData[jordan]).toEqual({ '2031-03-10': 'leave' });
      expect(day.body.onLeave).toContain(jordan);
      expect(day.body.overrideReasons).toEqual({});
    });

    it('marking a student on approved leave otherwise needs a reason, which is kept', async () => {
      expect(await codeOf(save('2031-03-10', { [jordan]: 'absent' }).expect(400))).toBe('OVERRIDE_REASON_REQUIRED');
      expect(await statusOn('2031-03-10')).toBe('leave');
      // Keeping them on leave needs no reason.
      await save('2031-03-10', { [jordan]: 'leave' }).expect(201);
      await save('2031-03-10', { [jordan]: 'present' }, { [jordan]: 'Came in for the exam' }).expect(201);
      const day = await t.http().get('/api/admin/attendance?date=2031-03-10').set(bearer(admin)).expect(200);
      expect(day.body.attendanceData[jordan]).toEqual({ '2031-03-10': 'present' });
      expect(day.body.overrideReasons).toEqual({ [jordan]: 'Came in for the exam' });
      expect((await records().findOneByOrFail({ menteeId: jordan, date: '2031-03-10' })).overrideReason).toBe(
        'Came in for the exam',
      );
    });

    it('an approved leave that has started cannot be cancelled; someone else’s leave is not theirs to cancel', async () => {
      expect(await codeOf(cancel(sickId).expect(409))).toBe('LEAVE_NOT_CANCELLABLE');
      expect(await codeOf(cancel(sickId, otherMentee).expect(403))).toBe('NOT_OWNER');
      await cancel(sickId, mentor).expect(403);
      await cancel(sickId, admin).expect(403);
      expect(await codeOf(decide(sickId, 'reject').expect(409))).toBe('LEAVE_NOT_PENDING');
      expect(await t.db.getRepository(LeaveRequest).findOneByOrFail({ id: sickId })).toMatchObject({
        status: 'approved',
      });
    });

    it('cancelling a future approved leave restores each day exactly: unmarked, and a present day overwritten', async () => {
      // On Wednesday 19 March the register marks Jordan present; then the school's clock is back on the 17th.
      setNow('2031-03-19T09:00:00Z');
      await save('2031-03-19', { [jordan]: 'present' }).expect(201);
      setNow('2031-03-17T09:00:00Z');
      const filed = await requestLeave({
        leaveType: 'casual',
        startDate: '2031-03-18',
        endDate: '2031-03-20',
        reason: 'Wedding',
      }).expect(201);
      expect(await codeOf(decide(filed.body._id, 'approve', {}, admin).expect(409))).toBe('LEAVE_ATTENDANCE_CONFLICT');
      await decide(filed.body._id, 'approve', { presentDays: 'overwrite' }, admin).expect(200);
      expect([await statusOn('2031-03-18'), await statusOn('2031-03-19'), await statusOn('2031-03-20')]).toEqual([
        'leave',
        'leave',
        'leave',
      ]);
      expect(await codeOf(cancel(filed.body._id, otherMentee).expect(403))).toBe('NOT_OWNER');
      const res = await cancel(filed.body._id).expect(200);
      expect(res.body.status).toBe('cancelled');
      expect([await statusOn('2031-03-18'), await statusOn('2031-03-19'), await statusOn('2031-03-20')]).toEqual([
        'unmarked',
        'present',
        'unmarked',
      ]);
      expect(await records().countBy({ leaveId: filed.body._id })).toBe(0);
      setNow('2031-03-12T10:00:00Z');
    });

    it('a leave over days marked absent keeps the headline and shows the figure excluding leave', async () => {
      const s = await summary();
      expect(s.leaveDays).toBeGreaterThan(0);
      expect(s.percentageExcludingLeave).toBe(
        attendancePercentages({
          present: s.presentDays - s.lateDays,
          late: s.lateDays,
          absent: s.absentDays,
          leave: s.leaveDays,
        }).percentageExcludingLeave,
      );
    });
  });
});
