import { NOT_A_SCHOOL_DAY_MESSAGE } from '@portal/contracts';
import dayjs from 'dayjs';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`attendance (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, otherMentor: string, mentee: string;
  let ids: string[];
  let jordan: string;
  const records = () => t.db.getRepository(AttendanceRecord);
  // A week in the past that the demo seed did not cover: its Wednesday, Tuesday and Monday (Sundays are refused).
  const WEEK = dayjs().subtract(30, 'week');
  const DAY = WEEK.day(3).format('YYYY-MM-DD');

  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor, otherMentor, mentee] = await Promise.all([
      tokenFor(t, DEMO_ACCOUNTS.admin),
      tokenFor(t, DEMO_ACCOUNTS.mentor),
      tokenFor(t, 'r.menon@example.edu'),
      tokenFor(t, DEMO_ACCOUNTS.mentee),
    ]);
    ids = (await t.db.getRepository(MenteeProfile).find({ order: { id: 'ASC' } })).map((m) => m.id);
    jordan = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
  });
  afterAll(() => t.close());

  const save = (data: Record<string, string>, date = DAY, token = admin) =>
    t
      .http()
      .post('/api/admin/attendance')
      .set(bearer(token))
      .send({ date, attendanceData: Object.fromEntries(Object.entries(data).map(([id, s]) => [id, { [date]: s }])) });

  it('saves a whole day, reads it back as the map, and logs it', async () => {
    const data = Object.fromEntries(ids.map((id, i) => [id, i % 4 === 0 ? 'absent' : 'present']));
    const res = await save(data).expect(201);
    expect(res.body).toEqual({
      message: 'Attendance saved successfully',
      date: DAY,
      saved: 40,
      present: 30,
      absent: 10,
      late: 0,
      leave: 0,
    });
    expect(await records().countBy({ date: DAY })).toBe(40);
    const day = await t.http().get(`/api/admin/attendance?date=${DAY}`).set(bearer(admin)).expect(200);
    expect(day.body.attendanceData[ids[0]]).toEqual({ [DAY]: 'absent' });
    expect(Object.keys(day.body.attendanceData)).toHaveLength(40);
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'attendance.save' })).toBe(1);
  });

  it('says which days have a register and how many students are marked on them, before a day is closed', async () => {
    const monday = WEEK.day(1).format('YYYY-MM-DD');
    const tuesday = WEEK.day(2).format('YYYY-MM-DD');
    await save({ [ids[0]]: 'late', [ids[1]]: 'absent' }, tuesday).expect(201);
    const recorded = (dates: string) =>
      t.http().get(`/api/admin/attendance/recorded?dates=${dates}`).set(bearer(admin));
    // DAY holds the 40 of the test above; Tuesday 2 of them; Monday none.
    expect((await recorded(`${monday},${DAY},${tuesday},${DAY}`).expect(200)).body).toEqual({
      days: [tuesday, DAY],
      students: 40,
    });
    expect((await recorded(tuesday).expect(200)).body).toEqual({ days: [tuesday], students: 2 });
    expect((await recorded(monday).expect(200)).body).toEqual({ days: [], students: 0 });
    // Bad input: a 400 with the rule broken; a mentor may not ask.
    for (const bad of ['', '2026-02-30', 'tomorrow', `${monday};${DAY}`]) {
      const res = await recorded(bad);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const tooMany = Array.from({ length: 367 }, (_, i) => WEEK.subtract(i, 'day').format('YYYY-MM-DD')).join(',');
    expect((await recorded(tooMany).expect(400)).body.message).toEqual(['dates may list at most 366 days']);
    await t.http().get(`/api/admin/attendance/recorded?dates=${DAY}`).set(bearer(mentor)).expect(403);
    await records().delete({ date: tuesday });
  });

  it('saving the same day again changes the records and never double-counts', async () => {
    const before = (await t.http().get('/api/auth/me').set(bearer(mentee))).body.profile.attendance;
    await save({ [jordan]: 'absent' }).expect(201);
    await save({ [jordan]: 'present' }).expect(201);
    await save({ [jordan]: 'present' }).expect(201);
    expect(await records().countBy({ date: DAY, menteeId: jordan })).toBe(1);
    const after = (await t.http().get('/api/auth/me').set(bearer(mentee))).body.profile.attendance;
    expect(after.totalDays).toBe(before.totalDays);
    expect((await records().findOneByOrFail({ date: DAY, menteeId: jordan })).status).toBe('present');
  });

  it("the mentee's summary and dashboard percentage follow the records", async () => {
    const newDay = WEEK.day(2).format('YYYY-MM-DD');
    const before = (await t.http().get('/api/mentees/dashboard').set(bearer(mentee))).body.attendance;
    await save({ [jordan]: 'present' }, newDay).expect(201);
    const after = (await t.http().get('/api/mentees/dashboard').set(bearer(mentee))).body;
    expect(after.attendance.totalDays).toBe(before.totalDays + 1);
    expect(after.attendance.presentDays).toBe(before.presentDays + 1);
    // One decimal, as every figure (attendancePercentages).
    expect(after.attendancePercentage).toBe(
      Math.round(((before.presentDays + 1) / (before.totalDays + 1)) * 1000) / 10,
    );
  });

  it.each([
    [{ date: '2026-02-30', attendanceData: {} }, 'date must be a real date'],
    [{ date: '2026/01/05', attendanceData: {} }, 'date must be a real date'],
    // A Wednesday of the coming week: a school day (a Sunday would be refused as not one), never today.
    [{ date: dayjs().add(1, 'week').day(3).format('YYYY-MM-DD'), attendanceData: { X: {} } }, 'future date'],
    [{ date: DAY, attendanceData: [] }, 'attendanceData must map'],
    [{ date: DAY, attendanceData: {} }, 'mark at least one student'],
    [{ date: DAY, attendanceData: { 'not-an-id': { [DAY]: 'present' } } }, 'is not a mentee id'],
  ])('refuses %j', async (body, message) => {
    const res = await t.http().post('/api/admin/attendance').set(bearer(admin)).send(body).expect(400);
    expect(JSON.stringify(res.body.message)).toContain(message);
  });

  it('rolls back the whole day when one row is bad: an unknown mentee or a wrong status', async () => {
    const day = WEEK.day(1).format('YYYY-MM-DD');
    const unknown = '6b1d2c1e-0000-4000-8000-000000000000';
    const res = await save({ [ids[0]]: 'present', [ids[1]]: 'present', [unknown]: 'absent' }, day).expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining(`Unknown mentee id: ${unknown}`),
    });
    expect(await codeOf(save({ [ids[0]]: 'present', [ids[1]]: 'excused' }, day).expect(400))).toBe('VALIDATION_FAILED');
    await t
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: day, attendanceData: { [ids[0]]: { [DAY]: 'present' } } })
      .expect(400);
    expect(await records().countBy({ date: day })).toBe(0);
  });

  it('refuses a Sunday with NOT_A_SCHOOL_DAY and stores nothing; the Saturday of that week is a school day', async () => {
    const sunday = WEEK.day(0).format('YYYY-MM-DD');
    const saturday = WEEK.day(6).format('YYYY-MM-DD');
    const audits = await t.db.getRepository(AuditEntry).countBy({ action: 'attendance.save' });
    const res = await save({ [ids[0]]: 'present', [ids[1]]: 'absent' }, sunday).expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'NOT_A_SCHOOL_DAY',
      message: NOT_A_SCHOOL_DAY_MESSAGE,
    });
    expect(await records().countBy({ date: sunday })).toBe(0);
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'attendance.save' })).toBe(audits);
    await save({ [ids[2]]: 'present' }, saturday).expect(201);
    expect(await records().countBy({ date: saturday })).toBe(1);
  });

  it('monthly view: present, absent and the percentage with one decimal', async () => {
    const d = dayjs(DAY);
    const res = await t
      .http()
      .get(`/api/admin/attendance?month=${d.month() + 1}&year=${d.year()}`)
      .set(bearer(admin))
      .expect(200);
    expect(res.body.students).toHaveLength(40);
    const rows = await records()
      .createQueryBuilder('a')
      .where('a.date BETWEEN :from AND :to', {
        from: d.startOf('month').format('YYYY-MM-DD'),
        to: d.endOf('month').format('YYYY-MM-DD'),
      })
      .getMany();
    for (const s of res.body.students) {
      const mine = rows.filter((r) => r.menteeId === s._id);
      const present = mine.filter((r) => r.status === 'present').length;
      expect([s.present, s.absent]).toEqual([present, mine.length - present]);
      expect(s.percentage).toBe(mine.length ? Math.round((present / mine.length) * 1000) / 10 : 0);
    }
    expect(
      res.body.students.some(
        (s: { percentage: number }) => s.percentage % 1 !== 0 || s.percentage === 0 || s.percentage === 100,
      ),
    ).toBe(true);
    const empty = await t.http().get('/api/admin/attendance?month=1&year=2001').set(bearer(admin)).expect(200);
    expect(
      empty.body.students.every((s: { percentage: number; present: number }) => s.percentage === 0 && s.present === 0),
    ).toBe(true);
    await t.http().get('/api/admin/attendance?month=13&year=2026').set(bearer(admin)).expect(400);
    expect(await codeOf(t.http().get('/api/admin/attendance').set(bearer(admin)).expect(400))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('exports the monthly register as CSV', async () => {
    const d = dayjs(DAY);
    const res = await t
      .http()
      .get(`/api/admin/attendance/export?month=${d.month() + 1}&year=${d.year()}`)
      .set(bearer(admin))
      .expect(200);
    const { parse } = await import('csv-parse/sync');
    const rows = parse(res.text) as string[][];
    expect(rows[0]).toEqual([
      'Student',
      'Student ID',
      'Class',
      'Section',
      'Present',
      'Late',
      'Absent',
      'Leave',
      'Percentage',
      'Percentage excluding leave',
    ]);
    expect(rows).toHaveLength(41);
  });

  it('mentee details: the own mentor and admins only, with the monthly history', async () => {
    const res = await t.http().get(`/api/mentees/${jordan}/details`).set(bearer(mentor)).expect(200);
    expect(res.body).toMatchObject({ _id: jordan, fullName: 'Jordan Rivera', email: DEMO_ACCOUNTS.mentee });
    expect(res.body.attendanceHistory.length).toBeGreaterThanOrEqual(3);
    expect(res.body.attendanceHistory.every((h: { month: string }) => /^\d{4}-\d{2}$/.test(h.month))).toBe(true);
    await t.http().get(`/api/mentees/${jordan}/details`).set(bearer(admin)).expect(200);
    expect(await codeOf(t.http().get(`/api/mentees/${jordan}/details`).set(bearer(otherMentor)).expect(403))).toBe(
      'NOT_OWNER',
    );
    await t.http().get(`/api/mentees/${jordan}/details`).set(bearer(mentee)).expect(403);
  });

  it('parallel saves of one register in opposite orders: never a 5xx, 201 or 409 CHANGED_CONCURRENTLY, one whole register kept', async () => {
    const day = WEEK.subtract(1, 'week').day(3).format('YYYY-MM-DD');
    const students = ids.slice(0, 30);
    // Save k marks its first k + 1 students absent (so each save is told apart), half of them listing the students
    // backwards: on MariaDB, rows written in the order sent lock the register's keys in opposite orders.
    const registers = Array.from({ length: 24 }, (_, k) => {
      const marks = students.map((id, i) => [id, i <= k ? 'absent' : 'present'] as const);
      return Object.fromEntries(k % 2 ? marks.reverse() : marks);
    });
    const answers = await Promise.all(registers.map((r) => save(r, day)));
    const outcomes = answers.map((res) => [res.status, res.status === 201 ? null : res.body.code]);
    expect(
      outcomes.filter(([status, code]) => !(status === 201 || (status === 409 && code === 'CHANGED_CONCURRENTLY'))),
    ).toEqual([]);
    for (const res of answers.filter((r) => r.status === 409)) expect(res.body.message).toMatch(/save again/i);
    const stored = Object.fromEntries(
      (await records().findBy({ date: day })).map((r) => [r.menteeId, r.status as string]),
    );
    const saved = registers.filter((_, k) => answers[k].status === 201);
    expect(saved.length).toBeGreaterThan(0);
    expect(
      saved.some((r) => JSON.stringify(Object.entries(r).sort()) === JSON.stringify(Object.entries(stored).sort())),
    ).toBe(true);
  });

  it("a mentor sees only their own mentees' attendance through their groups and mentee list", async () => {
    const groups = (await t.http().get('/api/groups').set(bearer(mentor)).expect(200)).body;
    const mine = new Set(
      (
        await t.db
          .getRepository(MenteeProfile)
          .findBy({ mentorId: (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id })
      ).map((m) => m.id),
    );
    for (const g of groups) for (const m of g.mentees) expect(mine.has(m._id)).toBe(true);
    expect(groups[0].averageAttendance).toBe(
      Math.round(
        groups[0].mentees.reduce(
          (s: number, m: { attendance: { percentage: number } }) => s + m.attendance.percentage,
          0,
        ) / groups[0].mentees.length,
      ),
    );
    const list = (await t.http().get('/api/mentors/mentees').set(bearer(mentor)).expect(200)).body;
    expect(new Set(list.map((m: { _id: string }) => m._id))).toEqual(mine);
    await t.http().get(`/api/admin/attendance?date=${DAY}`).set(bearer(mentor)).expect(403);
    expect(await codeOf(save({ [jordan]: 'absent' }, DAY, mentor).expect(403))).toBe('FORBIDDEN');
  });
});
