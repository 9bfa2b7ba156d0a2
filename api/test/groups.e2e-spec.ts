import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Group } from '../src/groups/entities/group.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`groups (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, otherMentor: string, mentee: string;
  let own: string[], theirs: string[];
  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor, otherMentor, mentee] = await Promise.all([
      tokenFor(t, DEMO_ACCOUNTS.admin),
      tokenFor(t, DEMO_ACCOUNTS.mentor),
      tokenFor(t, 'r.menon@example.edu'),
      tokenFor(t, DEMO_ACCOUNTS.mentee),
    ]);
    const users = t.db.getRepository(User);
    const helen = await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
    const rahul = await users.findOneByOrFail({ email: 'r.menon@example.edu' });
    own = (await t.db.getRepository(MenteeProfile).find({ where: { mentorId: helen.id }, order: { id: 'ASC' } })).map(
      (m) => m.id,
    );
    theirs = (
      await t.db.getRepository(MenteeProfile).find({ where: { mentorId: rahul.id }, order: { id: 'ASC' } })
    ).map((m) => m.id);
  });
  afterAll(() => t.close());

  it('a mentor creates a group of their own mentees with the default colour', async () => {
    const res = await t
      .http()
      .post('/api/groups')
      .set(bearer(mentor))
      .send({ name: 'Debate Club', menteeIds: own.slice(0, 3) })
      .expect(201);
    expect(res.body).toMatchObject({
      name: 'Debate Club',
      color: '#3B82F6',
      description: '',
      mentorId: { fullName: 'Dr. Helen Carter' },
    });
    expect(res.body.menteeIds.sort()).toEqual(own.slice(0, 3).sort());
    const stored = await t.db
      .getRepository(Group)
      .findOneOrFail({ where: { id: res.body._id }, relations: { mentees: true } });
    expect(stored.mentees!.map((m) => m.id).sort()).toEqual(own.slice(0, 3).sort());
  });

  it("refuses another mentor's mentee (403) and bad input (400), storing nothing", async () => {
    const before = await t.db.getRepository(Group).count();
    expect(
      await codeOf(
        t
          .http()
          .post('/api/groups')
          .set(bearer(mentor))
          .send({ name: 'Mixed', menteeIds: [own[0], theirs[0]] })
          .expect(403),
      ),
    ).toBe('NOT_OWNER');
    expect(
      await codeOf(t.http().post('/api/groups').set(bearer(mentor)).send({ name: '', menteeIds: [] }).expect(400)),
    ).toBe('VALIDATION_FAILED');
    await t
      .http()
      .post('/api/groups')
      .set(bearer(mentor))
      .send({ name: 'X', color: 'blue', menteeIds: [] })
      .expect(400);
    await t
      .http()
      .post('/api/groups')
      .set(bearer(mentor))
      .send({ name: 'X', menteeIds: [own[0], own[0]] })
      .expect(400);
    await t
      .http()
      .post('/api/groups')
      .set(bearer(mentor))
      .send({ name: 'X', menteeIds: own.slice(0, 1), mentorId: 'x' })
      .expect(400);
    await t.http().post('/api/groups').set(bearer(mentee)).send({ name: 'X', menteeIds: [] }).expect(403);
    expect(await t.db.getRepository(Group).count()).toBe(before);
  });

  it('edits name and members in one go; only the owner may', async () => {
    const g = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Robotics', menteeIds: own.slice(0, 2) })
        .expect(201)
    ).body;
    const res = await t
      .http()
      .put(`/api/groups/${g._id}`)
      .set(bearer(mentor))
      .send({ name: 'Robotics Team', color: '#10B981', menteeIds: own.slice(1, 4) })
      .expect(200);
    expect(res.body).toMatchObject({ name: 'Robotics Team', color: '#10B981' });
    expect(res.body.menteeIds.sort()).toEqual(own.slice(1, 4).sort());
    expect(
      await codeOf(
        t
          .http()
          .put(`/api/groups/${g._id}`)
          .set(bearer(otherMentor))
          .send({ name: 'Hijack', menteeIds: theirs.slice(0, 1) })
          .expect(403),
      ),
    ).toBe('NOT_OWNER');
    expect(
      await codeOf(
        t
          .http()
          .put(`/api/groups/${g._id}`)
          .set(bearer(mentor))
          .send({ name: 'Robotics Team', menteeIds: [theirs[0]] })
          .expect(403),
      ),
    ).toBe('NOT_OWNER');
    const stored = await t.db
      .getRepository(Group)
      .findOneOrFail({ where: { id: g._id }, relations: { mentees: true } });
    expect(stored.name).toBe('Robotics Team');
    expect(stored.mentees!.map((m) => m.id).sort()).toEqual(own.slice(1, 4).sort());
  });

  it('details: personal data for the mentor and admins; members see names only; outsiders are refused', async () => {
    const g = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Chess', menteeIds: [own[0], own[1]] })
        .expect(201)
    ).body;
    const asMentor = (await t.http().get(`/api/groups/${g._id}/details`).set(bearer(mentor)).expect(200)).body;
    expect(asMentor.members[0]).toEqual(
      expect.objectContaining({ email: expect.any(String), phone: expect.any(String) }),
    );
    expect(asMentor.mentor).toMatchObject({ fullName: 'Dr. Helen Carter', email: DEMO_ACCOUNTS.mentor });
    await t.http().get(`/api/groups/${g._id}/details`).set(bearer(admin)).expect(200);
    await t.http().get(`/api/groups/${g._id}/details`).set(bearer(otherMentor)).expect(403);
    const memberEmail = (await t.db.getRepository(User).findOneByOrFail({ id: own[0] })).email;
    const asMember = (
      await t
        .http()
        .get(`/api/groups/${g._id}/details`)
        .set(bearer(await tokenFor(t, memberEmail)))
        .expect(200)
    ).body;
    expect(asMember.members[0]).not.toHaveProperty('email');
    expect(asMember.members[0]).not.toHaveProperty('phone');
    const outsider = (await t.db.getRepository(User).findOneByOrFail({ id: own[5] })).email;
    expect(
      await codeOf(
        t
          .http()
          .get(`/api/groups/${g._id}/details`)
          .set(bearer(await tokenFor(t, outsider)))
          .expect(403),
      ),
    ).toBe('NOT_A_MEMBER');
  });

  it('archiving keeps the row but removes it from every list; only the owner archives', async () => {
    const g = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Old Club', menteeIds: [own[0]] })
        .expect(201)
    ).body;
    await t.http().delete(`/api/groups/${g._id}`).set(bearer(otherMentor)).expect(403);
    expect((await t.http().delete(`/api/groups/${g._id}`).set(bearer(mentor)).expect(200)).body.message).toBe(
      'Group archived successfully',
    );
    expect((await t.db.getRepository(Group).findOneByOrFail({ id: g._id })).archivedAt).not.toBeNull();
    const lists = [
      (await t.http().get('/api/groups').set(bearer(mentor))).body,
      (await t.http().get('/api/admin/groups').set(bearer(admin))).body,
    ];
    for (const list of lists) expect(list.map((x: { _id: string }) => x._id)).not.toContain(g._id);
  });

  it('archived groups: their mentor lists and reads them (members and history stay); members and other mentors cannot', async () => {
    const members = own.slice(0, 2);
    const g = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Chess Club', menteeIds: members })
        .expect(201)
    ).body;
    const said = await t
      .http()
      .post('/api/messages')
      .set(bearer(mentor))
      .send({ conversationType: 'group', conversationId: g._id, content: 'Final meeting notes' })
      .expect(201);
    await t.http().delete(`/api/groups/${g._id}`).set(bearer(mentor)).expect(200);
    const memberToken = await tokenFor(t, (await t.db.getRepository(User).findOneByOrFail({ id: members[0] })).email);

    const archived = (await t.http().get('/api/groups/archived').set(bearer(mentor)).expect(200)).body;
    expect(archived.map((x: { _id: string }) => x._id)).toContain(g._id);
    expect(archived.find((x: { _id: string }) => x._id === g._id)).toMatchObject({
      name: 'Chess Club',
      archivedAt: expect.any(String),
    });
    expect(archived.find((x: { _id: string }) => x._id === g._id).menteeIds.sort()).toEqual([...members].sort());
    expect((await t.http().get('/api/groups/archived').set(bearer(otherMentor)).expect(200)).body).not.toContainEqual(
      expect.objectContaining({ _id: g._id }),
    );
    expect(await codeOf(t.http().get('/api/groups/archived').set(bearer(mentee)).expect(403))).toBe('FORBIDDEN');
    await t.http().get('/api/groups/archived').set(bearer(admin)).expect(403);

    const details = (await t.http().get(`/api/groups/${g._id}/details`).set(bearer(mentor)).expect(200)).body;
    expect(details.group.archivedAt).toEqual(expect.any(String));
    expect(details.members).toHaveLength(2);
    await t.http().get(`/api/groups/${g._id}/details`).set(bearer(admin)).expect(200);
    expect(await codeOf(t.http().get(`/api/groups/${g._id}/details`).set(bearer(memberToken)).expect(404))).toBe(
      'GROUP_NOT_FOUND',
    );
    await t.http().get(`/api/groups/${g._id}/details`).set(bearer(otherMentor)).expect(404);

    // The history reads back for the mentor; nobody can write to an archived group.
    const history = (await t.http().get(`/api/messages/group/${g._id}`).set(bearer(mentor)).expect(200)).body;
    expect(JSON.stringify(history)).toContain(said.body._id);
    await t.http().get(`/api/messages/group/${g._id}`).set(bearer(memberToken)).expect(404);
    await t
      .http()
      .post('/api/messages')
      .set(bearer(mentor))
      .send({ conversationType: 'group', conversationId: g._id, content: 'Anyone?' })
      .expect(404);
  });

  it('un-archiving: only the owning mentor, only an archived group; members get the group back', async () => {
    const members = own.slice(0, 2);
    const g = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Drama Club', menteeIds: members })
        .expect(201)
    ).body;
    const restore = (token: string, id = g._id) => t.http().post(`/api/groups/${id}/restore`).set(bearer(token));
    expect(await codeOf(restore(mentor).expect(409))).toBe('GROUP_NOT_ARCHIVED');
    await t.http().delete(`/api/groups/${g._id}`).set(bearer(mentor)).expect(200);
    const memberToken = await tokenFor(t, (await t.db.getRepository(User).findOneByOrFail({ id: members[0] })).email);
    const memberGroups = async () =>
      (await t.http().get('/api/groups/mentee').set(bearer(memberToken)).expect(200)).body.map(
        (x: { _id: string }) => x._id,
      );
    expect(await memberGroups()).not.toContain(g._id);

    expect(await codeOf(restore(otherMentor).expect(403))).toBe('NOT_OWNER');
    expect(await codeOf(restore(admin).expect(403))).toBe('FORBIDDEN');
    expect(await codeOf(restore(memberToken).expect(403))).toBe('FORBIDDEN');
    expect(await codeOf(restore(mentor, '00000000-0000-4000-8000-000000000000').expect(404))).toBe('GROUP_NOT_FOUND');
    expect((await t.db.getRepository(Group).findOneByOrFail({ id: g._id })).archivedAt).not.toBeNull();

    const back = (await restore(mentor).expect(200)).body;
    expect(back).toMatchObject({ _id: g._id, name: 'Drama Club', archivedAt: null });
    expect((await t.db.getRepository(Group).findOneByOrFail({ id: g._id })).archivedAt).toBeNull();
    expect(await memberGroups()).toContain(g._id);
    expect((await t.http().get('/api/groups').set(bearer(mentor))).body.map((x: { _id: string }) => x._id)).toContain(
      g._id,
    );
    expect((await t.http().get('/api/groups/archived').set(bearer(mentor))).body).not.toContainEqual(
      expect.objectContaining({ _id: g._id }),
    );
    await t
      .http()
      .post('/api/messages')
      .set(bearer(memberToken))
      .send({ conversationType: 'group', conversationId: g._id, content: 'We are back' })
      .expect(201);
  });

  it("a mentee lists the groups they belong to, without others' personal data", async () => {
    const res = (await t.http().get('/api/groups/mentee').set(bearer(mentee)).expect(200)).body;
    expect(res.length).toBeGreaterThan(0);
    for (const g of res) {
      expect(g.menteeIds).toContain((await t.http().get('/api/auth/me').set(bearer(mentee))).body.user._id);
      for (const m of g.mentees) expect(m).not.toHaveProperty('email');
    }
    expect(await codeOf(t.http().get('/api/groups').set(bearer(mentee)).expect(403))).toBe('FORBIDDEN');
    await t.http().get('/api/admin/groups').set(bearer(mentor)).expect(403);
  });
});
