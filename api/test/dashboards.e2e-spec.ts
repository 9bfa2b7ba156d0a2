import type { MenteeDashboardResponse } from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { In, IsNull, Not } from 'typeorm';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Grievance } from '../src/grievances/entities/grievance.entity';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { ReadCache } from '../src/read-cache/read-cache.service';
import { Scope } from '../src/read-cache/read-scopes';
import { DashboardsService } from '../src/dashboards/dashboards.service';
import { TokenUsersCache } from '../src/users/token-users.cache';
import { UserSessionsService } from '../src/users/user-sessions.service';
import { bearer, startTestApp, demoTokens, tokenFor, type TestApp } from './support/test-app';

describe(`dashboards (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor, mentee] = await demoTokens(t);
  });
  afterAll(() => t.close());

  it('GET /api/admin/dashboard counts what is stored', async () => {
    const res = await t.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200);
    const users = t.db.getRepository(User);
    expect(res.body.stats).toEqual({
      totalUsers: await users.count(),
      activeUsers: await users.countBy({ isActive: true }),
      totalMentors: 4,
      totalMentees: 40,
      totalGroups: 3,
      pendingLeaves: await t.db.getRepository(LeaveRequest).countBy({ status: 'pending' }),
      pendingGrievances: await t.db.getRepository(Grievance).countBy({ status: 'pending' }),
      pendingApprovals: await users.countBy({ pendingApproval: true }),
      escalatedGrievances: await t.db
        .getRepository(Grievance)
        .countBy({ status: In(['pending', 'in-progress']), escalatedAt: Not(IsNull()) }),
    });
    expect(res.body.recentUsers).toHaveLength(5);
    expect(res.body.recentUsers[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        email: expect.any(String),
        role: expect.any(String),
        createdAt: expect.any(String),
      }),
    );
    expect(res.body.recentLeaves[0].menteeId.fullName).toEqual(expect.any(String));
  });

  it("GET /api/mentors/dashboard shows only the mentor's own mentees, with attendance from the records", async () => {
    const res = await t.http().get('/api/mentors/dashboard').set(bearer(mentor)).expect(200);
    const me = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
    const own = await t.db.getRepository(MenteeProfile).findBy({ mentorId: me.id });
    expect(res.body.totalMentees).toBe(own.length);
    expect(res.body.mentees.map((m: { _id: string }) => m._id).sort()).toEqual(own.map((m) => m.id).sort());
    expect(res.body.totalGroups).toBe(2);
    const first = res.body.mentees[0];
    const records = await t.db.getRepository(AttendanceRecord).findBy({ menteeId: first._id });
    const present = records.filter((r) => r.status === 'present').length;
    expect(first.attendance).toEqual({
      totalDays: records.length,
      presentDays: present,
      lateDays: 0,
      absentDays: records.length - present,
      leaveDays: 0,
      percentage: Math.round((present / records.length) * 1000) / 10,
      percentageExcludingLeave: null,
    });
    for (const leave of res.body.recentLeaves) expect(own.map((m) => m.id)).toContain(leave.menteeId._id);
  });

  /** Rows written here behind the API's back: the student's kept dashboard is told, as the API's writes tell it. */
  const wroteFor = (menteeId: string) => t.app.get(ReadCache).retireNow([Scope.menteeDashboard(menteeId)]);

  it('students opening their dashboards at once each get their own (token checks and parts asked together)', async () => {
    // Students of different mentors, with different attendance, leaves and grievances (the demo school's first ten
    // have leaves and grievances); each with a fresh sign-in so their token rows are not kept yet.
    const emails = [DEMO_ACCOUNTS.mentee, 'student02@example.edu', 'student05@example.edu', 'student09@example.edu'];
    const users = await t.db.getRepository(User).find({ where: { email: In(emails) } });
    expect(users).toHaveLength(emails.length);
    const tokens = await Promise.all(emails.map((e) => tokenFor(t, e)));
    const fresh = () => Promise.all(users.map((u) => wroteFor(u.id)));
    await fresh();
    const together = await Promise.all(
      tokens.map((tok) => t.http().get('/api/mentees/dashboard').set(bearer(tok)).expect(200)),
    );
    await fresh();
    const oneByOne: MenteeDashboardResponse[] = [];
    for (const tok of tokens)
      oneByOne.push((await t.http().get('/api/mentees/dashboard').set(bearer(tok)).expect(200)).body);
    expect(together.map((r) => r.body)).toEqual(oneByOne);
    // And each is that student's: their mentor and their grievance count from the stored rows.
    const byEmail = new Map(users.map((u) => [u.email, u.id]));
    for (const [i, email] of emails.entries()) {
      const id = byEmail.get(email)!;
      const profile = await t.db
        .getRepository(MenteeProfile)
        .findOneOrFail({ where: { id }, relations: { mentor: { user: true } } });
      expect(oneByOne[i].mentor).toEqual({
        _id: profile.mentorId,
        fullName: profile.mentor!.user!.fullName,
        department: profile.mentor!.department,
      });
      expect(oneByOne[i].totalGrievances).toBe(await t.db.getRepository(Grievance).countBy({ menteeId: id }));
      const leaves = t.db.getRepository(LeaveRequest);
      expect([oneByOne[i].pendingLeaves, oneByOne[i].approvedLeaves]).toEqual([
        await leaves.countBy({ menteeId: id, status: 'pending' }),
        await leaves.countBy({ menteeId: id, status: 'approved' }),
      ]);
      const latest = await leaves.find({ where: { menteeId: id }, order: { createdAt: 'DESC', id: 'DESC' }, take: 5 });
      expect(oneByOne[i].recentLeaves.map((l) => l._id)).toEqual(latest.map((l) => l.id));
    }
    // Not all alike: the comparison above would not notice answers handed to the wrong student otherwise.
    expect(new Set(oneByOne.map((d) => JSON.stringify(d))).size).toBe(emails.length);
    // Asked in one turn for certain (HTTP requests may or may not be read in the same one): one statement per part.
    const dashboards = t.app.get(DashboardsService);
    const inOneTurn = await Promise.all(users.map((u) => dashboards.mentee(u.id)));
    expect(inOneTurn.map((d) => JSON.parse(JSON.stringify(d)))).toEqual(
      users.map((u) => oneByOne[emails.indexOf(u.email)]),
    );
    // The token rows asked in one turn: each session's own account, and none for a session that does not exist.
    await t.app.get(TokenUsersCache).retire();
    const sids = tokens.map((tok) => (jwt.decode(tok) as { sid: string }).sid);
    const rows = await Promise.all([
      ...sids.map((sid) => t.app.get(UserSessionsService).tokenSession(sid)),
      t.app.get(UserSessionsService).tokenSession(randomUUID()),
    ]);
    expect(rows.map((r) => r?.email)).toEqual([...emails, undefined]);
  });

  it('GET /api/mentees/dashboard reflects a change in attendance and leaves at once', async () => {
    const before = (await t.http().get('/api/mentees/dashboard').set(bearer(mentee)).expect(200)).body;
    expect(before.mentor).toMatchObject({ fullName: 'Dr. Helen Carter' });
    const me = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    await t.db.getRepository(AttendanceRecord).update({ menteeId: me.id }, { status: 'present' });
    const leaves = t.db.getRepository(LeaveRequest);
    await leaves.save(
      leaves.create({
        menteeId: me.id,
        leaveType: 'casual',
        startDate: '2030-01-02',
        endDate: '2030-01-02',
        daysCount: 1,
        reason: 'Trip',
        status: 'pending',
        mentorComments: '',
      }),
    );
    await wroteFor(me.id);
    const after = (await t.http().get('/api/mentees/dashboard').set(bearer(mentee)).expect(200)).body;
    expect(after.attendancePercentage).toBe(100);
    expect(after.attendance).toEqual({
      totalDays: 60,
      presentDays: 60,
      lateDays: 0,
      absentDays: 0,
      leaveDays: 0,
      percentage: 100,
      percentageExcludingLeave: null,
    });
    expect(after.pendingLeaves).toBe(before.pendingLeaves + 1);
  });

  it("the mentee dashboard's leave figures are the mentee's leave book: counts by status and the five latest", async () => {
    const me = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    const leaves = t.db.getRepository(LeaveRequest);
    // More than five, of every status, so the counts cover rows the five latest leave out.
    for (const [i, status] of (
      ['approved', 'approved', 'rejected', 'pending', 'cancelled', 'approved', 'pending'] as const
    ).entries())
      await leaves.save(
        leaves.create({
          menteeId: me.id,
          leaveType: 'casual',
          startDate: `2030-02-${String(10 + i).padStart(2, '0')}`,
          endDate: `2030-02-${String(10 + i).padStart(2, '0')}`,
          daysCount: 1,
          reason: `Book ${i}`,
          status,
          mentorComments: '',
        }),
      );
    await wroteFor(me.id);
    const dash = (await t.http().get('/api/mentees/dashboard').set(bearer(mentee)).expect(200)).body;
    expect(dash.pendingLeaves).toBe(await leaves.countBy({ menteeId: me.id, status: 'pending' }));
    expect(dash.approvedLeaves).toBe(await leaves.countBy({ menteeId: me.id, status: 'approved' }));
    expect(dash.approvedLeaves).toBeGreaterThanOrEqual(3);
    const list = (await t.http().get('/api/leaves/mentee').set(bearer(mentee)).expect(200)).body;
    expect(dash.recentLeaves).toHaveLength(5);
    expect(dash.recentLeaves.map((l: { _id: string }) => l._id)).toEqual(
      [...list]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
        .slice(0, 5)
        .map((l: { _id: string }) => l._id),
    );
    expect(dash.recentLeaves[0]).toEqual(list.find((l: { _id: string }) => l._id === dash.recentLeaves[0]._id));
    // Without any leave: no row to carry the counts, so 0 and 0.
    await leaves.delete({ menteeId: me.id });
    await wroteFor(me.id);
    const empty = (await t.http().get('/api/mentees/dashboard').set(bearer(mentee)).expect(200)).body;
    expect(empty).toMatchObject({ pendingLeaves: 0, approvedLeaves: 0, recentLeaves: [] });
  });

  it.each([
    ['/api/admin/dashboard', ['mentor', 'mentee']],
    ['/api/mentors/dashboard', ['admin', 'mentee']],
    ['/api/mentees/dashboard', ['admin', 'mentor']],
  ])('%s is refused to %j (403) and to anonymous callers (401)', async (path, roles) => {
    const tokens: Record<string, string> = { admin, mentor, mentee };
    for (const role of roles) await t.http().get(path).set(bearer(tokens[role])).expect(403);
    await t.http().get(path).expect(401);
  });
});
