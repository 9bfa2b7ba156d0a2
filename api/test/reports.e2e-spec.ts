import dayjs from 'dayjs';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
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

  it('averages attendance over the records of the period, and compares this month with the last', async () => {
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
    expect(d90.changeFromLastMonth.avgAttendance).toBe(Math.round((pct(inLast(30)) - pct(before)) * 10) / 10);
  });

  it('counts leave requests of the period by status, and sign-ins as activity', async () => {
    const d = await overview('90d');
    const leaves = await t.db.getRepository(LeaveRequest).find();
    for (const status of ['pending', 'approved', 'rejected']) {
      expect(d.leaveStats.find((s: { _id: string }) => s._id === status)?.count ?? 0).toBe(
        leaves.filter((l) => l.status === status).length,
      );
    }
    expect(d.stats.activeUsers).toBe(1); // only the admin has signed in
    expect(d.engagement).toMatchObject({
      activeMentors: 0,
      activeMentees: 0,
      signedInUsers: 1,
      activityRate: Math.round((1 / d.stats.totalUsers) * 100),
    });
    await tokenFor(t, DEMO_ACCOUNTS.mentor);
    expect((await overview('7d')).engagement.activeMentors).toBe(1);
  });

  it('refuses an unknown period', async () => {
    await t.http().get('/api/admin/reports/overview?period=2w').set(bearer(admin)).expect(400);
  });
});
