import dayjs from 'dayjs';
import { randomUUID } from 'node:crypto';
import { In, IsNull, Not } from 'typeorm';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { PairingChange } from '../src/users/entities/pairing-change.entity';
import { SignIn } from '../src/users/entities/sign-in.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`admin analytics (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
  });
  afterAll(() => t.close());
  const overview = async (period?: string) =>
    (
      await t
        .http()
        .get(`/api/admin/reports/overview${period ? `?period=${period}` : ''}`)
        .set(bearer(admin))
        .expect(200)
    ).body;

  it('defaults to 30 days and computes every figure for the period sent', async () => {
    const d30 = await overview();
    expect(d30.period).toBe('30d');
    const d7 = await overview('7d');
    const y = await overview('1y');
    // The demo school's accounts were created over ~120 days: the periods see different registrations.
    const count = (p: { userTrends: { count: number }[] }) => p.userTrends.reduce((s, r) => s + r.count, 0);
    const users = await t.db.getRepository(User).find();
    const since = (days: number) =>
      users.filter((u) => dayjs(u.createdAt).isAfter(dayjs().subtract(days, 'day'))).length;
    expect(count(d7)).toBe(since(7));
    expect(count(d30)).toBe(since(30));
    expect(count(y)).toBe(users.length);
    expect(y.userTrends[0]._id).toMatch(/^\d{4}-\d{2}$/);
    expect(d7.userTrends.every((r: { _id: string }) => /^\d{4}-\d{2}-\d{2}$/.test(r._id))).toBe(true);
    expect(d30.stats.totalUsers).toBe(users.length);
    expect(d30.stats.mentorMenteePairs).toBe(40);
  });

  it('averages attendance over the records of the period, and compares it with the period before', async () => {
    const records = await t.db.getRepository(AttendanceRecord).find();
    const inLast = (days: number) =>
      records.filter((r) => r.date >= dayjs().subtract(days, 'day').format('YYYY-MM-DD'));
    const pct = (rs: AttendanceRecord[]) =>
      Math.round((rs.filter((r) => r.status === 'present').length / rs.length) * 1000) / 10;
    const d7 = await overview('7d');
    expect(d7.stats.avgAttendance).toBe(pct(inLast(7)));
    const d90 = await overview('90d');
    expect(d90.stats.avgAttendance).toBe(pct(records));
    expect(d90.attendanceStats).toEqual({ avgAttendance: pct(records), totalStudents: 40, recordedDays: 60 });
    const before = records.filter(
      (r) =>
        r.date < dayjs().subtract(30, 'day').format('YYYY-MM-DD') &&
        r.date >= dayjs().subtract(60, 'day').format('YYYY-MM-DD'),
    );
    // The 90-day period is compared with the 90 days before it; the demo's records span 60 days: nothing to compare.
    expect(d90.changeFromPreviousPeriod.avgAttendance).toBeNull();
    const d30 = await overview('30d');
    expect(d30.changeFromPreviousPeriod.avgAttendance).toBe(Math.round((pct(inLast(30)) - pct(before)) * 10) / 10);
  });

  it('counts leave requests of the period by status, and sign-ins as activity', async () => {
    const d = await overview('90d');
    const leaves = await t.db.getRepository(LeaveRequest).find();
    for (const status of ['pending', 'approved', 'rejected']) {
      expect(d.leaveStats.find((s: { _id: string }) => s._id === status)?.count ?? 0).toBe(
        leaves.filter((l) => l.status === status).length,
      );
    }
    expect(d.stats.signedInUsers).toBe(1); // only the admin has signed in
    expect(d.engagement).toMatchObject({
      activeMentors: 0,
      activeMentees: 0,
      signedInUsers: 1,
      activityRate: Math.round((1 / d.stats.totalUsers) * 100),
    });
    await tokenFor(t, DEMO_ACCOUNTS.mentor);
    expect((await overview('7d')).engagement.activeMentors).toBe(1);
  });

  it("Avg Performance is the mean of each student's own attendance rate over the period", async () => {
    const records = await t.db.getRepository(AttendanceRecord).find();
    for (const [period, days] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const since = dayjs().subtract(days, 'day').format('YYYY-MM-DD');
      const byStudent = new Map<string, { total: number; present: number }>();
      for (const r of records.filter((x) => x.date >= since)) {
        const s = byStudent.get(r.menteeId) ?? { total: 0, present: 0 };
        s.total += 1;
        if (r.status === 'present') s.present += 1;
        byStudent.set(r.menteeId, s);
      }
      const rates = [...byStudent.values()].map((s) => s.present / s.total);
      const mean = Math.round((rates.reduce((a, b) => a + b, 0) / rates.length) * 1000) / 10;
      const q = (await overview(period)).quickStats;
      expect(q).toMatchObject({ avgPerformance: mean, studentsRated: byStudent.size, totalStudents: 40 });
    }
  });

  it('compares sign-ins, accounts and pairs with the previous period of the same length', async () => {
    const users = t.db.getRepository(User);
    const ago = (days: number) => dayjs().subtract(days, 'day').toDate();
    // Six students with sign-ins at known distances from now (the admin and the mentor signed in above, just now).
    const students = (await users.find({ where: { role: 'mentee' }, order: { email: 'ASC' } }))
      .filter((u) => u.email !== DEMO_ACCOUNTS.mentee)
      .slice(0, 6);
    const signIns: [number, number[]][] = [
      [0, [3, 45]],
      [1, [10]],
      [2, [45]],
      [3, [75]],
      [4, [120]],
      [5, [10]],
    ];
    for (const [i, days] of signIns) {
      await t.db
        .getRepository(SignIn)
        .insert(days.map((d) => ({ id: randomUUID(), userId: students[i].id, at: ago(d) })));
      await users.update({ id: students[i].id }, { lastLogin: ago(Math.min(...days)) });
    }
    // A real unassignment now (recorded by the API), and two pairings made 20 and 60 days ago.
    const paired = await t.db.getRepository(MenteeProfile).find({ where: { mentorId: Not(IsNull()) }, take: 3 });
    await t
      .http()
      .put('/api/admin/assign-mentor')
      .set(bearer(admin))
      .send({ menteeId: paired[0].id, mentorId: null })
      .expect(200);
    expect(await t.db.getRepository(PairingChange).findBy({ menteeId: paired[0].id })).toMatchObject([{ delta: -1 }]);
    await t.db.getRepository(PairingChange).insert([
      { id: randomUUID(), menteeId: paired[1].id, delta: 1, at: ago(20) },
      { id: randomUUID(), menteeId: paired[2].id, delta: 1, at: ago(60) },
    ]);

    const all = await users.find();
    const createdBy = (days: number) => all.filter((u) => !dayjs(u.createdAt).isAfter(ago(days))).length;
    const change = (now: number, before: number) => Math.round(((now - before) / before) * 1000) / 10;
    const d7 = await overview('7d');
    const d30 = await overview('30d');
    const d90 = await overview('90d');
    // Signed in: 7 days: admin, mentor, student 0 vs students 1 and 5 in the 7 days before.
    expect([d7.stats.signedInUsers, d30.stats.signedInUsers, d90.stats.signedInUsers]).toEqual([3, 5, 7]);
    expect(d7.changeFromPreviousPeriod.signedInUsers).toBe(50); // 3 vs 2
    expect(d30.changeFromPreviousPeriod.signedInUsers).toBe(150); // 5 vs students 0 and 2, 45 days ago
    expect(d90.changeFromPreviousPeriod.signedInUsers).toBe(600); // 7 vs student 4, 120 days ago
    // Pairs: 39 now; 40 a week ago (before the unassignment); 39 a month ago; 38 ninety days ago.
    expect(d7.stats.mentorMenteePairs).toBe(39);
    expect(d7.changeFromPreviousPeriod.mentorMenteePairs).toBe(change(39, 40));
    expect(d30.changeFromPreviousPeriod.mentorMenteePairs).toBe(0);
    expect(d90.changeFromPreviousPeriod.mentorMenteePairs).toBe(change(39, 38));
    // Accounts: now against those that existed when the period began.
    for (const [d, days] of [
      [d7, 7],
      [d30, 30],
      [d90, 90],
    ] as const) {
      expect(d.changeFromPreviousPeriod.totalUsers).toBe(createdBy(days) ? change(all.length, createdBy(days)) : null);
      expect(dayjs(d.from).diff(dayjs(d.previousFrom), 'day')).toBe(days);
    }
  });

  it("keeps every sign-in, and a deleted mentor's pairs as ended", async () => {
    const before = await t.db.getRepository(SignIn).count();
    await tokenFor(t, DEMO_ACCOUNTS.mentor);
    expect(await t.db.getRepository(SignIn).count()).toBe(before + 1);
    const mentor = await t.db.getRepository(User).findOneByOrFail({ email: 'r.menon@example.edu' });
    const mentees = await t.db.getRepository(MenteeProfile).findBy({ mentorId: mentor.id });
    expect(mentees.length).toBeGreaterThan(0);
    const pairsBefore = (await overview('7d')).stats.mentorMenteePairs;
    await t.http().delete(`/api/admin/users/${mentor.id}`).set(bearer(admin)).expect(200);
    const ended = await t.db.getRepository(PairingChange).findBy({ menteeId: In(mentees.map((m) => m.id)) });
    expect(ended.filter((c) => c.delta === -1)).toHaveLength(mentees.length);
    const d7 = await overview('7d');
    expect(d7.stats.mentorMenteePairs).toBe(pairsBefore - mentees.length);
  });

  it('refuses an unknown period', async () => {
    await t.http().get('/api/admin/reports/overview?period=2w').set(bearer(admin)).expect(400);
  });
});
