import dayjs from 'dayjs';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { KEEPS_READ_CACHE } from '../src/read-cache/read-cache.hook';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

// The heavy reads are kept until the next write through the API (src/read-cache). A change made behind the API's back
// (straight into the database) shows whether an answer came from the cache.
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

  it('a refused write retires the entries too, and a sign-in or a chat message does not', async () => {
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
    expect((await dashboard()).stats.pendingLeaves).toBe(before.stats.pendingLeaves + 1);
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

  it('names only routes that exist among the writes that keep the cache', () => {
    const routes = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    expect([...KEEPS_READ_CACHE].filter((r) => !routes.has(r))).toEqual([]);
  });

  it('never answers a role the route refuses, even when an answer is kept', async () => {
    await dashboard();
    await t.http().get('/api/admin/dashboard').set(bearer(mentor)).expect(403);
    await t.http().get('/api/admin/dashboard').expect(401);
  });
});
