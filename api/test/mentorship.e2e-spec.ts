import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Group } from '../src/groups/entities/group.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`admin mentorship (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string;
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
  });
  afterAll(() => t.close());

  it('GET /api/admin/mentors lists every mentor with mentee and group counts', async () => {
    const res = await t.http().get('/api/admin/mentors').set(bearer(admin)).expect(200);
    expect(res.body).toHaveLength(4);
    const helen = res.body.find((m: { fullName: string }) => m.fullName === 'Dr. Helen Carter');
    expect(helen).toMatchObject({
      employeeId: 'EMP-101',
      department: 'Mathematics',
      userId: { email: DEMO_ACCOUNTS.mentor },
      stats: { menteeCount: 10, groupCount: 2 },
    });
    const search = await t.http().get('/api/admin/mentors?search=physics').set(bearer(admin)).expect(200);
    expect(search.body.map((m: { fullName: string }) => m.fullName)).toEqual(['Rahul Menon']);
  });

  it('GET /api/admin/mentees lists mentees with mentor, attendance and search by class-section', async () => {
    const res = await t.http().get('/api/admin/mentees').set(bearer(admin)).expect(200);
    expect(res.body).toHaveLength(40);
    const jordan = res.body.find((m: { userId: { email: string } }) => m.userId.email === DEMO_ACCOUNTS.mentee);
    expect(jordan).toMatchObject({
      studentId: 'STU-2026001',
      class: '9',
      section: 'A',
      mentorId: { fullName: 'Dr. Helen Carter', department: 'Mathematics' },
    });
    expect(jordan.attendance.totalDays).toBe(60);
    const nineA = await t.http().get('/api/admin/mentees?search=9-A').set(bearer(admin)).expect(200);
    expect(nineA.body.length).toBe(10);
    expect(nineA.body.every((m: { class: string; section: string }) => `${m.class}-${m.section}` === '9-A')).toBe(true);
    const ofHelen = await t
      .http()
      .get(`/api/admin/mentees?mentorId=${await idOf(DEMO_ACCOUNTS.mentor)}`)
      .set(bearer(admin))
      .expect(200);
    expect(ofHelen.body).toHaveLength(10);
  });

  it('PUT /api/admin/assign-mentor moves a mentee, returns both counts, leaves old groups and logs it', async () => {
    const helen = await idOf(DEMO_ACCOUNTS.mentor);
    const rahul = await idOf('r.menon@example.edu');
    const mentee = await idOf(DEMO_ACCOUNTS.mentee);
    const groupsBefore = await t.db
      .getRepository(Group)
      .find({ where: { mentorId: helen }, relations: { mentees: true } });
    expect(groupsBefore.some((g) => g.mentees!.some((m) => m.id === mentee))).toBe(true);

    const res = await t
      .http()
      .put('/api/admin/assign-mentor')
      .set(bearer(admin))
      .send({ menteeId: mentee, mentorId: rahul })
      .expect(200);
    expect(res.body.mentee.mentorId).toMatchObject({ _id: rahul, fullName: 'Rahul Menon' });
    expect(res.body.mentorCounts).toEqual({ [helen]: 9, [rahul]: 11 });
    expect((await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: mentee })).mentorId).toBe(rahul);
    const groupsAfter = await t.db
      .getRepository(Group)
      .find({ where: { mentorId: helen }, relations: { mentees: true } });
    expect(groupsAfter.some((g) => g.mentees!.some((m) => m.id === mentee))).toBe(false);
    const [entry] = await t.db
      .getRepository(AuditEntry)
      .find({ where: { action: 'mentor.assign' }, order: { createdAt: 'DESC' } });
    expect(entry.changes).toEqual({ mentor: { from: 'Dr. Helen Carter', to: 'Rahul Menon' } });
    // The old mentor no longer sees the mentee; the new one does.
    const helenDash = await t
      .http()
      .get('/api/mentors/dashboard')
      .set(bearer(await tokenFor(t, DEMO_ACCOUNTS.mentor)))
      .expect(200);
    expect(helenDash.body.mentees.map((m: { _id: string }) => m._id)).not.toContain(mentee);
  });

  it('unassigns with mentorId null', async () => {
    const mentee = await idOf('student02@example.edu');
    const res = await t
      .http()
      .put('/api/admin/assign-mentor')
      .set(bearer(admin))
      .send({ menteeId: mentee, mentorId: null })
      .expect(200);
    expect(res.body.mentee.mentorId).toBeNull();
  });

  it.each([
    [{ menteeId: 'nope', mentorId: null }, 400, 'VALIDATION_FAILED'],
    [{ mentorId: null }, 400, 'VALIDATION_FAILED'],
    [{ menteeId: '6b1d2c1e-0000-4000-8000-000000000000', mentorId: null }, 404, 'MENTEE_NOT_FOUND'],
    [{ menteeId: 'MENTEE', mentorId: '6b1d2c1e-0000-4000-8000-000000000000' }, 404, 'MENTOR_NOT_FOUND'],
    [{ menteeId: 'MENTEE', mentorId: 'MENTEE' }, 404, 'MENTOR_NOT_FOUND'],
    [{ menteeId: 'MENTEE', mentorId: null, note: 'x' }, 400, 'VALIDATION_FAILED'],
  ])('refuses %j with %i and changes nothing', async (body, status, code) => {
    const mentee = await idOf('student03@example.edu');
    const before = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: mentee });
    const payload = JSON.parse(JSON.stringify(body).replace(/"MENTEE"/g, JSON.stringify(mentee)));
    expect(
      (await t.http().put('/api/admin/assign-mentor').set(bearer(admin)).send(payload).expect(status)).body.code,
    ).toBe(code);
    expect(await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: mentee })).toEqual(before);
  });

  it('mentor assignment racing group edits: only 2xx, 409 or "not your mentee", and no group keeps another mentor\'s mentee', async () => {
    const helen = await idOf(DEMO_ACCOUNTS.mentor);
    const rahul = await idOf('r.menon@example.edu');
    const mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    const profiles = t.db.getRepository(MenteeProfile);
    const helens = (await profiles.find({ where: { mentorId: helen }, order: { id: 'ASC' } })).map((p) => p.id);
    const racers = helens.slice(0, 6);
    const group = (
      await t.http().post('/api/groups').set(bearer(mentor)).send({ name: 'Race', menteeIds: racers }).expect(201)
    ).body._id;

    // 25 rounds, each the six assignments and the group edit at once: they race each other, while the requests in
    // flight stay within the connection pool (all 175 at once waited past its acquisition limit on a busy machine).
    const answers: { status: number; body: { code?: string } }[] = [];
    for (let round = 0; round < 25; round++) {
      const calls: Promise<{ status: number; body: { code?: string } }>[] = [];
      for (const [i, id] of racers.entries()) {
        const to = (round + i) % 2 === 0 ? rahul : helen;
        calls.push(t.http().put('/api/admin/assign-mentor').set(bearer(admin)).send({ menteeId: id, mentorId: to }));
      }
      const members = racers.filter((_, i) => (round + i) % 3 !== 0);
      calls.push(
        t
          .http()
          .put(`/api/groups/${group}`)
          .set(bearer(mentor))
          .send({ name: `Race ${round}`, menteeIds: members }),
      );
      answers.push(...(await Promise.all(calls)));
    }
    const unexpected = answers
      .filter((r) => !(r.status < 300 || r.status === 409 || (r.status === 403 && r.body.code === 'NOT_OWNER')))
      .map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(unexpected).toEqual([]);

    const members = await t.db
      .getRepository(Group)
      .createQueryBuilder('g')
      .innerJoin('g.mentees', 'm')
      .select('m.id', 'id')
      .where('g.id = :group', { group })
      .getRawMany<{ id: string }>();
    for (const { id } of members) expect((await profiles.findOneByOrFail({ id })).mentorId).toBe(helen);
    // Put the demo data back for the tests that follow.
    for (const id of racers)
      await t
        .http()
        .put('/api/admin/assign-mentor')
        .set(bearer(admin))
        .send({ menteeId: id, mentorId: helen })
        .expect(200);
  });
});
