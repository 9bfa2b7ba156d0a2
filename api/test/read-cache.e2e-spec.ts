import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import { Not, type EntitySubscriberInterface } from 'typeorm';
import type {
  AdminDashboardResponse,
  DailyAttendanceResponse,
  LeaveResponse,
  MenteeDashboardResponse,
  MentorDashboardResponse,
  MonthlyAttendanceResponse,
} from '@portal/contracts';
import { Announcement, AnnouncementLike } from '../src/announcements/entities/announcement.entity';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { DashboardsService } from '../src/dashboards/dashboards.service';
import { GrievancesService } from '../src/grievances/grievances.service';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { MetricsService } from '../src/observability/metrics.service';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { MentorProfile } from '../src/users/entities/mentor-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp, fileDemoGrievance } from './support/test-app';
import { nextEvent, openSocket } from './support/sockets';
import { LeavesService } from '../src/leaves/leaves.service';

// The heavy reads are kept until a write through the API changes them (src/read-cache). A change made behind the
// API's back (straight into the database) shows whether an answer came from the cache.
describe(`cached reads (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string, otherMentor: string;
  const leaves = () => t.db.getRepository(LeaveRequest);
  const dashboard = async () =>
    (
      await t
        .http()
        .get('/api/admin/dashboard')
        .set(bearer(admin))
        .expect(200)
        .expect('content-type', /application\/json/)
    ).body;
  /** Turns one decided leave back to pending without the API knowing. */
  const sneakPending = async () => {
    const decided = await leaves().findOneOrFail({ where: { status: 'approved' }, order: { id: 'ASC' } });
    await leaves().update(decided.id, { status: 'pending' });
  };
  const day = dayjs().add(120, 'day').format('YYYY-MM-DD');

  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor, mentee, otherMentor] = await Promise.all([
      tokenFor(t, DEMO_ACCOUNTS.admin),
      tokenFor(t, DEMO_ACCOUNTS.mentor),
      tokenFor(t, DEMO_ACCOUNTS.mentee),
      tokenFor(t, 'r.menon@example.edu'),
    ]);
  });
  afterAll(() => t.close());

  it('answers the admin dashboard from memory until a write through the API, then from the database again', async () => {
    const first = await dashboard();
    await sneakPending();
    expect((await dashboard()).stats.pendingLeaves).toBe(first.stats.pendingLeaves); // kept: nothing went through the API
    await t
      .http()
      .post('/api/leaves')
      .set(bearer(mentee))
      .send({ leaveType: 'sick', startDate: day, endDate: day, reason: 'Fever' })
      .expect(201);
    const after = await dashboard();
    expect(after.stats.pendingLeaves).toBe(await leaves().countBy({ status: 'pending' }));
    expect(after.stats.pendingLeaves).toBe(first.stats.pendingLeaves + 2);
    expect(after.recentLeaves[0].reason).toBe('Fever');
  });

  it('a write refused by validation, a sign-in or a chat message retires nothing', async () => {
    const before = await dashboard();
    await sneakPending();
    await t.http().post('/api/auth/login').send({ email: DEMO_ACCOUNTS.mentee, password: 'Demo@2026' }).expect(200);
    const jordan = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    await t
      .http()
      .post('/api/messages')
      .set(bearer(mentor))
      .send({ conversationType: 'individual', conversationId: jordan.id, content: 'Hello' })
      .expect(201);
    expect((await dashboard()).stats.pendingLeaves).toBe(before.stats.pendingLeaves);
    await t.http().post('/api/leaves').set(bearer(mentee)).send({ leaveType: 'sick' }).expect(400);
    expect((await dashboard()).stats.pendingLeaves).toBe(before.stats.pendingLeaves);
  });

  it('a failed write retires everything once it ran a statement that writes; refused before any, nothing', async () => {
    const before = await dashboard();
    await sneakPending();
    // Refused by validation, and a body that does not parse: no statement ran, nothing can have changed.
    await t.http().put('/api/mentors/profile').set(bearer(mentor)).send({ phone: 7 }).expect(400);
    await t
      .http()
      .put('/api/mentors/profile')
      .set({ ...bearer(mentor), 'Content-Type': 'application/json' })
      .send('{"phone":')
      .expect(400);
    expect((await dashboard()).stats.pendingLeaves).toBe(before.stats.pendingLeaves);
    // The profile write (it declares nothing) fails after its UPDATE ran: rolled back, but it could have been partial.
    const failing: EntitySubscriberInterface<MentorProfile> = {
      listenTo: () => MentorProfile,
      afterUpdate: () => {
        throw new Error('fails after the statement');
      },
    };
    t.db.subscribers.push(failing);
    try {
      await t.http().put('/api/mentors/profile').set(bearer(mentor)).send({ qualifications: 'M.Ed.' }).expect(500);
    } finally {
      t.db.subscribers.splice(t.db.subscribers.indexOf(failing), 1);
    }
    const stored = await leaves().countBy({ status: 'pending' });
    expect(stored).toBeGreaterThan(before.stats.pendingLeaves);
    expect((await dashboard()).stats.pendingLeaves).toBe(stored);
  });

  it('keeps one entry per mentor: each sees only their own mentees', async () => {
    const [mine, theirs] = await Promise.all([
      t.http().get('/api/mentors/dashboard').set(bearer(mentor)).expect(200),
      t.http().get('/api/mentors/dashboard').set(bearer(otherMentor)).expect(200),
    ]);
    for (const [res, email] of [
      [mine, DEMO_ACCOUNTS.mentor],
      [theirs, 'r.menon@example.edu'],
    ] as const) {
      const me = await t.db.getRepository(User).findOneByOrFail({ email });
      const own = (await t.db.getRepository(MenteeProfile).findBy({ mentorId: me.id })).map((m) => m.id).sort();
      expect(res.body.mentees.map((m: { _id: string }) => m._id).sort()).toEqual(own);
    }
    // Again, now from memory: still each their own.
    const again = await t.http().get('/api/mentors/dashboard').set(bearer(otherMentor)).expect(200);
    expect(again.body).toEqual(theirs.body);
  });

  it("a mentor's leave list judges pending leaves by the mentor's kept attendance summaries: a register save moves them at once", async () => {
    const list = async () =>
      (await t.http().get('/api/leaves/mentor').set(bearer(mentor)).expect(200)).body as LeaveResponse[];
    const pending = (await list()).find((l) => l.status === 'pending' && l.impact);
    expect(pending).toBeDefined();
    const menteeId = pending!.menteeId!._id;
    const present = await t.db
      .getRepository(AttendanceRecord)
      .findOneOrFail({ where: { menteeId, status: 'present' }, order: { date: 'DESC' } });
    await t
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: present.date, attendanceData: { [menteeId]: { [present.date]: 'absent' } } })
      .expect(201);
    const after = (await list()).find((l) => l._id === pending!._id)!;
    expect(after.impact!.before).toBeLessThan(pending!.impact!.before);
    // The same figure the student's own dashboard computes from their records.
    const student = await t.db.getRepository(User).findOneByOrFail({ id: menteeId });
    const own = (
      await t
        .http()
        .get('/api/mentees/dashboard')
        .set(bearer(await tokenFor(t, student.email)))
        .expect(200)
    ).body as MenteeDashboardResponse;
    expect(after.impact!.before).toBe(own.attendance.percentage);
  });

  it("a push of a change comes once the kept reads it changes are retired: the mentor's list, read at once, shows it", async () => {
    const list = async () =>
      (await t.http().get('/api/leaves/mentor').set(bearer(mentor)).expect(200)).body as LeaveResponse[];
    await list(); // kept from here on
    const leaves = t.app.get(LeavesService) as unknown as { one(id: string): Promise<LeaveResponse> };
    const answer = leaves.one.bind(leaves);
    // The filing's work after its commit, slowed: a push sent at the commit would arrive long before the retirement.
    const slowed = jest.spyOn(leaves, 'one').mockImplementation(async (id) => {
      await new Promise((r) => setTimeout(r, 300));
      return answer(id);
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(await t.app.getUrl(), mentor);
    try {
      const reason = `Pushed ${randomUUID()}`;
      const later = dayjs().add(125, 'day').format('YYYY-MM-DD');
      const pushed = nextEvent<{ type: string }>(socket, 'recordChanged', (p) => p.type === 'leave');
      const filing = t
        .http()
        .post('/api/leaves')
        .set(bearer(mentee))
        .send({ leaveType: 'casual', startDate: later, endDate: later, reason })
        .then((res) => res);
      await pushed;
      expect((await list()).map((l) => l.reason)).toContain(reason);
      expect((await filing).status).toBe(201);
    } finally {
      slowed.mockRestore();
      socket.close();
    }
  });

  it('a saved day of attendance shows in the day view at once', async () => {
    const date = dayjs().subtract(300, 'day').day(3).format('YYYY-MM-DD'); // a Wednesday: Sundays are refused
    const jordan = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    const read = async () =>
      (await t.http().get(`/api/admin/attendance?date=${date}`).set(bearer(admin)).expect(200)).body.attendanceData;
    expect((await read())[jordan.id]).toBeUndefined();
    for (const status of ['absent', 'present']) {
      await t
        .http()
        .post('/api/admin/attendance')
        .set(bearer(admin))
        .send({ date, attendanceData: { [jordan.id]: { [date]: status } } })
        .expect(201);
      expect((await read())[jordan.id]).toEqual({ [date]: status });
    }
  });

  it("keeps the first page of announcements per audience (a mentor's own); a like or a comment retires only that announcement's likes and count", async () => {
    const feed = async (token: string, query = '') =>
      (
        await t
          .http()
          .get(`/api/announcements${query}`)
          .set(bearer(token))
          .expect(200)
          .expect('content-type', /application\/json/)
      ).body as { _id: string; title: string; likes: unknown[]; commentCount: number }[];
    const posted = (
      await t
        .http()
        .post('/api/announcements')
        .set(bearer(mentor))
        .send({ title: 'Sports day', content: 'Friday', targetAudience: 'mentees' })
        .expect(201)
    ).body;
    const shows = async (token: string) => (await feed(token)).find((a) => a._id === posted._id);
    // Each audience its own entry: the author (a mentor) sees it, another mentor does not; mentees and admins do.
    expect(await shows(mentor)).toBeDefined();
    expect(await shows(otherMentor)).toBeUndefined();
    expect((await shows(mentee))!.title).toBe('Sports day');
    expect(await shows(admin)).toBeDefined();
    // Renamed behind the API's back: the kept pages still show the old title, a later page (not kept) the new one.
    await t.db.getRepository(Announcement).update(posted._id, { title: 'Sports day (moved)' });
    expect((await shows(mentee))!.title).toBe('Sports day');
    expect((await shows(mentor))!.title).toBe('Sports day');
    expect((await feed(mentee, '?limit=50')).find((a) => a._id === posted._id)!.title).toBe('Sports day (moved)');
    // A like or a comment through the API shows at once, to all; the pages stay kept (the rename still hidden).
    const jordan = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    await t.http().post(`/api/announcements/${posted._id}/likes`).set(bearer(mentee)).expect(200);
    for (const token of [mentee, mentor, admin])
      expect(await shows(token)).toMatchObject({ title: 'Sports day', likes: [{ userId: { _id: jordan.id } }] });
    await t
      .http()
      .post(`/api/announcements/${posted._id}/comments`)
      .set(bearer(mentee))
      .send({ content: 'Yes!' })
      .expect(201);
    for (const token of [mentee, mentor, admin])
      expect(await shows(token)).toMatchObject({ title: 'Sports day', commentCount: 1, likes: [expect.anything()] });
    // The answer is the one `list` computes (a later page is never kept), field for field and in the same order, but
    // for what the rename behind the API's back changed.
    const fresh = (await feed(mentee, '?limit=50')).find((a) => a._id === posted._id)!;
    const kept = (await shows(mentee)) as typeof fresh & { updatedAt: string };
    expect(JSON.stringify({ ...fresh, title: kept.title, updatedAt: kept.updatedAt })).toBe(JSON.stringify(kept));
    // A like taken back shows at once too.
    await t.http().post(`/api/announcements/${posted._id}/likes`).set(bearer(mentee)).expect(200);
    expect((await shows(mentee))!.likes).toEqual([]);
    // An edit and a delete retire every page.
    await t
      .http()
      .patch(`/api/announcements/${posted._id}`)
      .set(bearer(mentor))
      .send({ title: 'Sports day, 3 pm' })
      .expect(200);
    expect((await shows(mentee))!.title).toBe('Sports day, 3 pm');
    await t.http().delete(`/api/announcements/${posted._id}`).set(bearer(mentor)).expect(204);
    expect(await shows(mentee)).toBeUndefined();
    expect(await shows(mentor)).toBeUndefined();
    // A new announcement shows at once too.
    const next = (
      await t
        .http()
        .post('/api/announcements')
        .set(bearer(mentor))
        .send({ title: 'Exams', content: 'Monday' })
        .expect(201)
    ).body;
    expect((await feed(mentee))[0]._id).toBe(next._id);
  });

  it("keeps a student's page in two parts, their role's and their own: a group announcement shows to its members only", async () => {
    type Item = { _id: string; title: string };
    const feed = async (token: string, query = '') =>
      (await t.http().get(`/api/announcements${query}`).set(bearer(token)).expect(200)).body as Item[];
    const kept = async (token: string) => {
      const before = await cacheCounts(t, 'announcements');
      const body = await feed(token);
      return { body, kept: (await cacheCounts(t, 'announcements')).hit === before.hit + 1 };
    };
    const [jordan, helen] = await Promise.all(
      [DEMO_ACCOUNTS.mentee, DEMO_ACCOUNTS.mentor].map((email) => t.db.getRepository(User).findOneByOrFail({ email })),
    );
    const classmate = await t.db
      .getRepository(MenteeProfile)
      .findOneOrFail({ where: { mentorId: helen.id, id: Not(jordan.id) }, relations: { user: true } });
    const classmateToken = await tokenFor(t, classmate.user!.email);
    const group = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Chess club', menteeIds: [jordan.id] })
        .expect(201)
    ).body as { _id: string };
    const posted = (
      await t
        .http()
        .post('/api/announcements')
        .set(bearer(mentor))
        .send({ title: 'Chess at four', content: 'Room 12', targetAudience: 'group', groupId: group._id })
        .expect(201)
    ).body as Item;
    expect((await feed(mentee))[0]).toMatchObject({ _id: posted._id, title: 'Chess at four' });
    expect((await feed(classmateToken)).map((a) => a._id)).not.toContain(posted._id);
    // Renamed behind the API's back: both students' pages come from memory, the member's still with it, the
    // classmate's (the same role part, their own part empty) still without it; a later page (never kept) reads afresh.
    await t.db.getRepository(Announcement).update(posted._id, { title: 'Chess at five' });
    const member = await kept(mentee);
    expect(member.kept).toBe(true);
    expect(member.body[0]).toMatchObject({ _id: posted._id, title: 'Chess at four' });
    const other = await kept(classmateToken);
    expect(other.kept).toBe(true);
    expect(other.body.map((a) => a._id)).not.toContain(posted._id);
    expect((await feed(mentee, '?limit=50'))[0].title).toBe('Chess at five');
    expect((await feed(classmateToken, '?limit=50')).map((a) => a._id)).not.toContain(posted._id);
    // An announcement for everyone retires both parts: it heads both pages; the group's stays the member's alone.
    const next = (
      await t
        .http()
        .post('/api/announcements')
        .set(bearer(mentor))
        .send({ title: 'Assembly', content: 'Hall, 9 am' })
        .expect(201)
    ).body as Item;
    const [mine, theirs] = [await kept(mentee), await kept(classmateToken)];
    expect([mine.kept, theirs.kept]).toEqual([false, false]);
    expect(mine.body.slice(0, 2).map((a) => [a._id, a.title])).toEqual([
      [next._id, 'Assembly'],
      [posted._id, 'Chess at five'],
    ]);
    expect(theirs.body[0]._id).toBe(next._id);
    expect(theirs.body.map((a) => a._id)).not.toContain(posted._id);
    for (const { _id } of [posted, next])
      await t.http().delete(`/api/announcements/${_id}`).set(bearer(mentor)).expect(204);
  });

  it('never answers a role the route refuses, even when an answer is kept', async () => {
    await dashboard();
    await t.http().get('/api/admin/dashboard').set(bearer(mentor)).expect(403);
    await t.http().get('/api/admin/dashboard').expect(401);
  });
});

/** Any of the kept answers (each test reads the fields of the one it asked for). */
type Answer = AdminDashboardResponse &
  MentorDashboardResponse &
  MenteeDashboardResponse &
  DailyAttendanceResponse &
  MonthlyAttendanceResponse;

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// A Redis database of its own: another spec's writes (in a parallel worker) retire nothing here.
const REDIS_DB_URL = `${REDIS_URL.replace(/\/\d*$/, '')}/${1 + (process.pid % 15)}`;

/** Whether each kept read was answered from memory: the read-cache counter of the instance that answered it. */
/**
 * The instance's kept-read lookups, the routes' own: a mentor dashboard computed afresh also looks up its mentees'
 * attendance (`mentor-attendance`), counted apart with `read`.
 */
async function cacheCounts(t: TestApp, read?: string): Promise<{ hit: number; miss: number }> {
  const metric = t.app.get(MetricsService).registry.getSingleMetric('read_cache_requests_total');
  const values = (await metric!.get()).values.filter((v) =>
    read ? v.labels.read === read : v.labels.read !== 'mentor-attendance',
  );
  const of = (result: string) => values.filter((v) => v.labels.result === result).reduce((n, v) => n + v.value, 0);
  return { hit: of('hit'), miss: of('miss') };
}

// Two instances sharing a database and Redis: a write through either retires, on both and before it answers, exactly
// the kept reads it can change; the others stay kept (proved by the instance's hit counter).
describe(`scoped invalidation across two instances (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string, mentor: string, otherMentor: string, mentee: string, otherMentee: string;
  let jordanId: string;
  // Past Wednesdays (Sundays are refused) in two different months, and future ones for leave.
  const d1 = dayjs().subtract(200, 'day').day(3).format('YYYY-MM-DD');
  const d2 = dayjs().subtract(270, 'day').day(3).format('YYYY-MM-DD');
  const month = (date: string) => `month=${Number(date.slice(5, 7))}&year=${date.slice(0, 4)}`;

  /** The kept reads this spec follows, each as a request through one instance. */
  const reads = {
    admin: (t: TestApp) => t.http().get('/api/admin/dashboard').set(bearer(admin)),
    mentor: (t: TestApp) => t.http().get('/api/mentors/dashboard').set(bearer(mentor)),
    otherMentor: (t: TestApp) => t.http().get('/api/mentors/dashboard').set(bearer(otherMentor)),
    mentee: (t: TestApp) => t.http().get('/api/mentees/dashboard').set(bearer(mentee)),
    otherMentee: (t: TestApp) => t.http().get('/api/mentees/dashboard').set(bearer(otherMentee)),
    day: (date: string) => (t: TestApp) => t.http().get(`/api/admin/attendance?date=${date}`).set(bearer(admin)),
    month: (date: string) => (t: TestApp) =>
      t
        .http()
        .get(`/api/admin/attendance?${month(date)}`)
        .set(bearer(admin)),
  };
  type Read = (t: TestApp) => ReturnType<ReturnType<TestApp['http']>['get']>;

  /** One read through `t`: its body, and whether it was answered from memory. */
  async function served(t: TestApp, read: Read): Promise<{ kept: boolean; body: Answer }> {
    const before = await cacheCounts(t);
    const res = await read(t).expect(200);
    const after = await cacheCounts(t);
    expect(after.hit + after.miss).toBe(before.hit + before.miss + 1);
    return { kept: after.hit === before.hit + 1, body: res.body };
  }

  /** Reads each twice through both instances: afterwards each is kept by both (the second read proves it). */
  async function warm(...list: Read[]): Promise<void> {
    for (const t of [a, b])
      for (const read of list) {
        await read(t).expect(200);
        expect((await served(t, read)).kept).toBe(true);
      }
  }

  /** Each read, through both instances, was (retired: false) or was not (kept: true) answered from memory. */
  async function expectKept(kept: boolean, ...list: Read[]): Promise<Answer[]> {
    const bodies = [];
    for (const t of [a, b])
      for (const read of list) {
        const r = await served(t, read);
        expect(r.kept).toBe(kept);
        bodies.push(r.body);
      }
    return bodies;
  }

  const mine = (dash: Answer) => dash.mentees.find((m: { _id: string }) => m._id === jordanId);
  const inMonth = (m: Answer) => m.students.find((s: { _id: string }) => s._id === jordanId);
  const file = async (startDate: string, endDate = startDate) =>
    (
      await a
        .http()
        .post('/api/leaves')
        .set(bearer(mentee))
        .send({ leaveType: 'casual', startDate, endDate, reason: 'Family event' })
        .expect(201)
    ).body;

  /** The demo mentee files a grievance through instance b. */
  const fileGrievance = (subject: string, grievanceType: string, description: string) =>
    fileDemoGrievance(b, mentee, { subject, grievanceType, description });

  beforeAll(async () => {
    a = await startTestApp({ env: { REDIS_URL: REDIS_DB_URL } });
    b = await startTestApp({ seed: false, shareWith: a, env: { REDIS_URL: REDIS_DB_URL } });
    [admin, mentor, otherMentor, mentee] = await Promise.all([
      tokenFor(a, DEMO_ACCOUNTS.admin),
      tokenFor(a, DEMO_ACCOUNTS.mentor),
      tokenFor(a, 'r.menon@example.edu'),
      tokenFor(a, DEMO_ACCOUNTS.mentee),
    ]);
    jordanId = (await a.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    const another = (await a.db.getRepository(User).find({ where: { role: 'mentee' }, order: { email: 'ASC' } })).find(
      (u) => u.id !== jordanId,
    )!;
    otherMentee = await tokenFor(a, another.email);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a register save retires that day, that month and the students' mentor's dashboard on both; nothing else", async () => {
    await warm(
      reads.admin,
      reads.mentor,
      reads.otherMentor,
      reads.day(d1),
      reads.month(d1),
      reads.day(d2),
      reads.month(d2),
    );
    const [dashBefore] = await expectKept(true, reads.mentor);
    const [monthBefore] = await expectKept(true, reads.month(d1));
    expect((await served(a, reads.day(d1))).body.attendanceData[jordanId]).toBeUndefined();
    await a
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: d1, attendanceData: { [jordanId]: { [d1]: 'absent' } } })
      .expect(201);
    for (const day of await expectKept(false, reads.day(d1)))
      expect(day.attendanceData[jordanId]).toEqual({ [d1]: 'absent' });
    for (const m of await expectKept(false, reads.month(d1)))
      expect(inMonth(m)?.absent).toBe(inMonth(monthBefore)!.absent + 1);
    for (const dash of await expectKept(false, reads.mentor))
      expect(mine(dash)?.attendance.absentDays).toBe(mine(dashBefore)!.attendance.absentDays + 1);
    // Another mentor's students, another day and month, and the admin dashboard (no attendance there) stay kept.
    await expectKept(true, reads.otherMentor, reads.admin, reads.day(d2), reads.month(d2));

    // Saved again through the other instance: the first one shows the correction at once.
    await b
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: d1, attendanceData: { [jordanId]: { [d1]: 'present' } } })
      .expect(201);
    for (const day of await expectKept(false, reads.day(d1)))
      expect(day.attendanceData[jordanId]).toEqual({ [d1]: 'present' });
    for (const dash of await expectKept(false, reads.mentor))
      expect(mine(dash)?.attendance.absentDays).toBe(mine(dashBefore)!.attendance.absentDays);
    await expectKept(true, reads.otherMentor, reads.admin, reads.month(d2));
  });

  it('a leave filed and then rejected retires the dashboards (admin, that mentor) on both and keeps all attendance', async () => {
    const day = dayjs().add(150, 'day').format('YYYY-MM-DD');
    await warm(reads.admin, reads.mentor, reads.otherMentor, reads.day(day), reads.month(day), reads.day(d1));
    const [adminBefore, mentorBefore] = [(await served(a, reads.admin)).body, (await served(a, reads.mentor)).body];
    const leave = await file(day);
    for (const dash of await expectKept(false, reads.admin))
      expect(dash.stats.pendingLeaves).toBe(adminBefore.stats.pendingLeaves + 1);
    for (const dash of await expectKept(false, reads.mentor))
      expect(dash.pendingLeaves).toBe(mentorBefore.pendingLeaves + 1);
    await expectKept(true, reads.otherMentor, reads.day(day), reads.month(day), reads.day(d1));

    await b.http().put(`/api/leaves/${leave._id}/reject`).set(bearer(mentor)).send({}).expect(200);
    for (const dash of await expectKept(false, reads.admin))
      expect(dash.stats.pendingLeaves).toBe(adminBefore.stats.pendingLeaves);
    for (const dash of await expectKept(false, reads.mentor)) {
      expect(dash.pendingLeaves).toBe(mentorBefore.pendingLeaves);
      expect(dash.recentLeaves[0]).toMatchObject({ _id: leave._id, status: 'rejected' });
    }
    await expectKept(true, reads.otherMentor, reads.day(day), reads.month(day), reads.day(d1));
  });

  it("keeps a mentor's leave list per filter and page, retired on both with that mentor's dashboard: a leave filed, decided, a register save", async () => {
    const list =
      (token: string, query = '') =>
      (t: TestApp) =>
        t.http().get(`/api/leaves/mentor${query}`).set(bearer(token));
    const all = list(mentor);
    const pendingFirst = list(mentor, '?status=pending&limit=2');
    const theirs = list(otherMentor);
    /** One page read through `t`: its rows, its total, and whether it was answered from memory. */
    const page = async (t: TestApp, read: Read) => {
      const before = await cacheCounts(t, 'mentor-leaves');
      const res = await read(t)
        .expect(200)
        .expect('content-type', /application\/json/);
      const kept = (await cacheCounts(t, 'mentor-leaves')).hit === before.hit + 1;
      return { kept, rows: res.body as LeaveResponse[], total: Number(res.headers['x-total-count']) };
    };
    await warm(all, pendingFirst, theirs);
    const before = await page(a, pendingFirst);
    expect(before.kept).toBe(true);
    expect(before.rows.length).toBeLessThanOrEqual(2);
    expect(before.rows.every((l) => l.status === 'pending')).toBe(true);
    // Kept apart: the whole list is another entry, with every status.
    expect((await page(a, all)).rows.length).toBeGreaterThan(before.rows.length);

    const day = dayjs().add(170, 'day').format('YYYY-MM-DD');
    const leave = await file(day);
    for (const t of [a, b]) {
      const after = await page(t, pendingFirst);
      expect(after).toMatchObject({ kept: false, total: before.total + 1 });
      expect(after.rows[0]).toMatchObject({ _id: leave._id, status: 'pending' });
      expect(after.rows[0].impact?.schoolDays).toBe(1);
      expect((await page(t, all)).rows[0]._id).toBe(leave._id);
      expect((await page(t, theirs)).kept).toBe(true);
    }

    await b.http().put(`/api/leaves/${leave._id}/reject`).set(bearer(mentor)).send({}).expect(200);
    for (const t of [a, b]) {
      const after = await page(t, pendingFirst);
      expect(after).toMatchObject({ kept: false, total: before.total });
      expect(after.rows.map((l) => l._id)).not.toContain(leave._id);
      const whole = await page(t, all);
      expect(whole.kept).toBe(false);
      expect(whole.rows.find((l) => l._id === leave._id)?.status).toBe('rejected');
      expect((await page(t, theirs)).kept).toBe(true);
    }

    // The register: a pending leave's figures come from the students' attendance.
    await a
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: d2, attendanceData: { [jordanId]: { [d2]: 'late' } } })
      .expect(201);
    for (const t of [a, b]) {
      expect((await page(t, all)).kept).toBe(false);
      expect((await page(t, theirs)).kept).toBe(true);
    }
  });

  it("a leave filed retires the mentor's dashboard but keeps its students' attendance; a register save retires both", async () => {
    /** One mentor dashboard read through `t`: whether it was kept, and whether its attendance summaries were. */
    const mentorRead = async (t: TestApp) => {
      const before = await cacheCounts(t, 'mentor-attendance');
      const r = await served(t, reads.mentor);
      const after = await cacheCounts(t, 'mentor-attendance');
      return { ...r, attendance: after.hit > before.hit ? 'kept' : after.miss > before.miss ? 'computed' : 'not read' };
    };
    await warm(reads.mentor);
    const before = (await served(a, reads.mentor)).body;
    await file(dayjs().add(160, 'day').format('YYYY-MM-DD'));
    for (const t of [a, b]) {
      const r = await mentorRead(t);
      expect(r).toMatchObject({ kept: false, attendance: 'kept' });
      expect(r.body.pendingLeaves).toBe(before.pendingLeaves + 1);
      expect(mine(r.body)?.attendance).toEqual(mine(before)?.attendance);
    }
    const d3 = dayjs().subtract(230, 'day').day(3).format('YYYY-MM-DD');
    await b
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: d3, attendanceData: { [jordanId]: { [d3]: 'absent' } } })
      .expect(201);
    for (const t of [a, b]) {
      const r = await mentorRead(t);
      expect(r).toMatchObject({ kept: false, attendance: 'computed' });
      expect(mine(r.body)?.attendance.absentDays).toBe(mine(before)!.attendance.absentDays + 1);
      expect(await mentorRead(t)).toMatchObject({ kept: true, attendance: 'not read' });
    }
  });

  it("a student's dashboard is kept per student: their leave, grievance or register retires it on both, not another's", async () => {
    await warm(reads.mentee, reads.otherMentee);
    const before = (await served(a, reads.mentee)).body;
    await file(dayjs().add(165, 'day').format('YYYY-MM-DD'));
    for (const dash of await expectKept(false, reads.mentee)) expect(dash.pendingLeaves).toBe(before.pendingLeaves + 1);
    await expectKept(true, reads.mentee, reads.otherMentee);

    await fileGrievance('Lockers', 'other', 'My locker in the east corridor does not lock.');
    for (const dash of await expectKept(false, reads.mentee))
      expect(dash.totalGrievances).toBe(before.totalGrievances + 1);
    await expectKept(true, reads.otherMentee);

    const d4 = dayjs().subtract(240, 'day').day(3).format('YYYY-MM-DD');
    await a
      .http()
      .post('/api/admin/attendance')
      .set(bearer(admin))
      .send({ date: d4, attendanceData: { [jordanId]: { [d4]: 'absent' } } })
      .expect(201);
    for (const dash of await expectKept(false, reads.mentee))
      expect(dash.attendance.absentDays).toBe(before.attendance.absentDays + 1);
    await expectKept(true, reads.otherMentee);
  });

  it("an approved leave also retires its days and their month (the day view lists who is on leave), not other days'", async () => {
    const from = dayjs().add(180, 'day').day(3);
    const [first, second] = [from.format('YYYY-MM-DD'), from.add(1, 'day').format('YYYY-MM-DD')];
    const leave = await file(first, second);
    await warm(
      reads.admin,
      reads.mentor,
      reads.otherMentor,
      reads.day(first),
      reads.day(second),
      reads.month(first),
      reads.day(d1),
      reads.month(d1),
    );
    for (const day of await expectKept(true, reads.day(first))) expect(day.onLeave).not.toContain(jordanId);
    await a.http().put(`/api/leaves/${leave._id}/approve`).set(bearer(admin)).send({}).expect(200);
    for (const day of await expectKept(false, reads.day(first), reads.day(second)))
      expect(day.onLeave).toContain(jordanId);
    for (const dash of await expectKept(false, reads.mentor))
      expect(dash.recentLeaves.find((l: { _id: string }) => l._id === leave._id)?.status).toBe('approved');
    await expectKept(false, reads.admin, reads.month(first));
    await expectKept(true, reads.otherMentor, reads.day(d1), reads.month(d1));

    // Cancelled by the student before it starts: its days are put back, through the other instance.
    await b.http().put(`/api/leaves/${leave._id}/cancel`).set(bearer(mentee)).send({}).expect(200);
    for (const day of await expectKept(false, reads.day(first))) expect(day.onLeave).not.toContain(jordanId);
    await expectKept(true, reads.otherMentor, reads.day(d1));
  });

  it("a grievance retires the admin dashboard and its mentor's on both; the escalation sweep (no request) the admin's", async () => {
    await warm(reads.admin, reads.mentor, reads.otherMentor, reads.day(d1));
    const before = (await served(a, reads.admin)).body.stats;
    await fileGrievance('Broken projector', 'technical-issues', 'The projector in room 12 has not worked for a week.');
    for (const dash of await expectKept(false, reads.admin))
      expect(dash.stats.pendingGrievances).toBe(before.pendingGrievances + 1);
    await expectKept(false, reads.mentor);
    await expectKept(true, reads.otherMentor, reads.day(d1));

    const escalated = await a.app.get(GrievancesService).escalateDue(dayjs().add(400, 'day').toDate());
    expect(escalated).toBeGreaterThan(0);
    for (const dash of await expectKept(false, reads.admin))
      expect(dash.stats.escalatedGrievances).toBe(before.escalatedGrievances + escalated);
    await expectKept(true, reads.mentor, reads.otherMentor, reads.day(d1));
  });

  it("a group retires its mentor's dashboard and the admin's; a chat message or a sign-in retires nothing", async () => {
    await warm(reads.admin, reads.mentor, reads.otherMentor, reads.month(d1));
    const before = (await served(a, reads.mentor)).body.totalGroups;
    await b.http().post('/api/groups').set(bearer(mentor)).send({ name: 'Robotics', menteeIds: [] }).expect(201);
    for (const dash of await expectKept(false, reads.mentor)) expect(dash.totalGroups).toBe(before + 1);
    await expectKept(false, reads.admin);
    await expectKept(true, reads.otherMentor, reads.month(d1));

    await a
      .http()
      .post('/api/messages')
      .set(bearer(mentor))
      .send({ conversationType: 'individual', conversationId: jordanId, content: 'Hello' })
      .expect(201);
    await b.http().post('/api/auth/login').send({ email: DEMO_ACCOUNTS.mentee, password: 'Demo@2026' }).expect(200);
    await expectKept(true, reads.admin, reads.mentor, reads.otherMentor, reads.month(d1));
  });

  it('a write that declares nothing (here a renamed student) retires everything on both: never stale', async () => {
    await warm(reads.admin, reads.mentor, reads.otherMentor, reads.day(d1), reads.month(d1));
    await a
      .http()
      .put(`/api/admin/users/${jordanId}/profile`)
      .set(bearer(admin))
      .send({ fullName: 'Jordan Rivera-Lee' })
      .expect(200);
    for (const dash of await expectKept(false, reads.mentor)) expect(mine(dash)?.fullName).toBe('Jordan Rivera-Lee');
    for (const m of await expectKept(false, reads.month(d1))) expect(inMonth(m)?.fullName).toBe('Jordan Rivera-Lee');
    await expectKept(false, reads.admin, reads.otherMentor, reads.day(d1));
  });

  it('an answer computed while a write landed is not kept: the next read computes afresh', async () => {
    await b.http().post('/api/groups').set(bearer(mentor)).send({ name: 'Chess', menteeIds: [] }).expect(201);
    const dashboards = a.app.get(DashboardsService);
    const compute = dashboards.admin.bind(dashboards);
    let loaded!: () => void;
    let release!: () => void;
    const read = new Promise<void>((resolve) => (loaded = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = jest.spyOn(dashboards, 'admin').mockImplementationOnce(async () => {
      const answer = await compute();
      loaded();
      await gate; // answered from the database as it was before the write below
      return answer;
    });
    try {
      const slow = served(a, reads.admin);
      await read;
      await b.http().post('/api/groups').set(bearer(mentor)).send({ name: 'Drama', menteeIds: [] }).expect(201);
      release();
      const before = (await slow).body.stats.totalGroups;
      const next = await served(a, reads.admin);
      expect(next.kept).toBe(false);
      expect(next.body.stats.totalGroups).toBe(before + 1);
      expect((await served(a, reads.admin)).kept).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("a like or a comment through either retires that announcement's likes and count on both; the pages stay kept", async () => {
    type Item = { _id: string; title: string; likes: { userId: { _id: string } }[]; commentCount: number };
    const post = async (title: string) =>
      (
        await a
          .http()
          .post('/api/announcements')
          .set(bearer(mentor))
          .send({ title, content: 'Details', targetAudience: 'mentees' })
          .expect(201)
      ).body as Item;
    const first = await post('Science fair');
    const second = await post('Library week');
    /** The feed through `t`: the two announcements, whether the page and every likes-and-count part were kept. */
    const feed = async (t: TestApp) => {
      const [page, social] = [await cacheCounts(t, 'announcements'), await cacheCounts(t, 'announcement-social')];
      const body = (await t.http().get('/api/announcements').set(bearer(mentee)).expect(200)).body as Item[];
      const [pageAfter, socialAfter] = [
        await cacheCounts(t, 'announcements'),
        await cacheCounts(t, 'announcement-social'),
      ];
      return {
        first: body.find((x) => x._id === first._id)!,
        second: body.find((x) => x._id === second._id)!,
        pageKept: pageAfter.hit === page.hit + 1,
        socialKept: socialAfter.hit === social.hit + 1,
      };
    };
    for (const t of [a, b]) {
      await feed(t);
      expect(await feed(t)).toMatchObject({ pageKept: true, socialKept: true });
    }
    // Behind the API's back: the first renamed, a like on the second. Kept answers show neither.
    await a.db.getRepository(Announcement).update(first._id, { title: 'Science fair (moved)' });
    const other = (await a.db.getRepository(User).find({ where: { role: 'mentee' }, order: { email: 'DESC' } }))[0];
    await a.db.getRepository(AnnouncementLike).save({ id: randomUUID(), announcementId: second._id, userId: other.id });

    await b.http().post(`/api/announcements/${first._id}/likes`).set(bearer(mentee)).expect(200);
    for (const t of [a, b]) {
      const seen = await feed(t);
      expect(seen).toMatchObject({ pageKept: true, socialKept: false });
      expect(seen.first).toMatchObject({ title: 'Science fair', likes: [{ userId: { _id: jordanId } }] });
      expect(seen.second.likes).toEqual([]);
      expect(await feed(t)).toMatchObject({ pageKept: true, socialKept: true });
    }

    await a
      .http()
      .post(`/api/announcements/${second._id}/comments`)
      .set(bearer(mentee))
      .send({ content: 'Count me in' })
      .expect(201);
    for (const t of [a, b]) {
      const seen = await feed(t);
      expect(seen).toMatchObject({ pageKept: true, socialKept: false });
      expect(seen.second).toMatchObject({ commentCount: 1, likes: [{ userId: { _id: other.id } }] });
      expect(seen.first.title).toBe('Science fair');
    }

    // An edit retires every page on both: the rename behind the API's back shows now.
    await b
      .http()
      .patch(`/api/announcements/${second._id}`)
      .set(bearer(mentor))
      .send({ content: 'All week' })
      .expect(200);
    for (const t of [a, b]) {
      const seen = await feed(t);
      expect(seen.pageKept).toBe(false);
      expect(seen.first.title).toBe('Science fair (moved)');
    }
    for (const { _id } of [first, second])
      await a.http().delete(`/api/announcements/${_id}`).set(bearer(mentor)).expect(204);
  });

  it("a mentor reassignment retires both mentors' dashboards on both instances, and nothing else", async () => {
    const helen = (await a.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    const rahul = (await a.db.getRepository(User).findOneByOrFail({ email: 'r.menon@example.edu' })).id;
    const move = async (via: TestApp, mentorId: string) =>
      via.http().put('/api/admin/assign-mentor').set(bearer(admin)).send({ menteeId: jordanId, mentorId }).expect(200);
    await warm(reads.admin, reads.mentor, reads.otherMentor, reads.day(d1), reads.month(d1));
    await move(b, rahul);
    for (const dash of await expectKept(false, reads.mentor)) expect(mine(dash)).toBeUndefined();
    for (const dash of await expectKept(false, reads.otherMentor)) expect(mine(dash)).toBeDefined();
    await expectKept(true, reads.admin, reads.day(d1), reads.month(d1));
    await move(a, helen);
    for (const dash of await expectKept(false, reads.mentor)) expect(mine(dash)).toBeDefined();
    for (const dash of await expectKept(false, reads.otherMentor)) expect(mine(dash)).toBeUndefined();
  });

  // Last: the calendar retires its scopes once more a few seconds later. The other instance trusts its copy of the
  // calendar for CALENDAR_CACHE_MS (src/calendar): it recomputes at once, and shows the change within that time.
  it("a calendar change retires every month and every mentor's dashboard (school days), not the days or the admin's", async () => {
    await warm(reads.admin, reads.mentor, reads.otherMentor, reads.day(d1), reads.month(d1), reads.month(d2));
    const [before] = await expectKept(true, reads.month(d1));
    for (const [writer, other] of [
      [b, a],
      [a, b],
    ]) {
      const closing = writer === b;
      if (closing)
        await b
          .http()
          .post('/api/admin/calendar/closures')
          .set(bearer(admin))
          .send({ closures: [{ date: d1, reason: 'Flooded' }] })
          .expect(201);
      else await a.http().delete(`/api/admin/calendar/closures/${d1}`).set(bearer(admin)).expect(200);
      const month = await served(writer, reads.month(d1));
      expect(month.kept).toBe(false);
      expect(month.body.schoolDays).toBe(before.schoolDays - (closing ? 1 : 0));
      expect((await served(other, reads.month(d1))).kept).toBe(false);
      await expectKept(false, reads.mentor, reads.otherMentor, reads.month(d2));
      await expectKept(true, reads.admin, reads.day(d1));
    }
  });
});

describe(`READ_CACHE=off (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { READ_CACHE: 'off' } });
  });
  afterAll(() => t.close());

  it("computes every heavy read afresh: a change behind the API's back shows at once, each read counted a miss", async () => {
    const admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    const pending = async () =>
      (await t.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200)).body.stats.pendingLeaves;
    const before = await pending();
    const decided = await t.db
      .getRepository(LeaveRequest)
      .findOneOrFail({ where: { status: 'approved' }, order: { id: 'ASC' } });
    await t.db.getRepository(LeaveRequest).update(decided.id, { status: 'pending' });
    expect(await pending()).toBe(before + 1);
    expect(await cacheCounts(t)).toEqual({ hit: 0, miss: 2 });
  });
});
