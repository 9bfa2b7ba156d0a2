import { type Socket } from 'socket.io-client';
import { In } from 'typeorm';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { DomainEvents, type DomainEventMap } from '../src/events/domain-events';
import { Group } from '../src/groups/entities/group.entity';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { groupRoom } from '../src/realtime/rooms';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { MentorProfile } from '../src/users/entities/mentor-profile.entity';
import { PairingChange } from '../src/users/entities/pairing-change.entity';
import { User } from '../src/users/entities/user.entity';
import { delivered, openSocket, typingHandled } from './support/sockets';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

type MentorChanged = DomainEventMap['mentor.changed'];

/**
 * One way to change a student's mentor: the admin's assignment, a CSV import and a mentor's deletion all go through it
 * (the column, the pairing count, the audit entry and the 'mentor.changed' event), and every one of them takes the
 * student out of the old mentor's groups, their chat and their rooms.
 */
describe(`changing a student's mentor, by any path (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  const id: Record<string, string> = {};
  const tok: Record<string, string> = {};
  const events: MentorChanged[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    t.app.get(DomainEvents).on('mentor.changed', async (_tx, e) => {
      events.push(e);
    });
    const users = t.db.getRepository(User);
    const idOf = async (email: string) => (await users.findOneByOrFail({ email })).id;
    [id.admin, id.helen, id.rahul, id.jordan] = await Promise.all(
      [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.mentor, 'r.menon@example.edu', DEMO_ACCOUNTS.mentee].map(idOf),
    );
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    tok.helen = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    tok.rahul = await tokenFor(t, 'r.menon@example.edu');
    tok.jordan = await tokenFor(t, DEMO_ACCOUNTS.mentee);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const connect = async (token: string) => {
    const s = await openSocket(url, token);
    sockets.push(s);
    return s;
  };
  /** The stored membership rows: the groups of `mentorId` that have `menteeId` as a member. */
  const groupsWith = async (mentorId: string, menteeId: string) =>
    (
      await t.db
        .getRepository(Group)
        .createQueryBuilder('g')
        .innerJoin('g.mentees', 'm')
        .select('g.id', 'id')
        .where('g.mentorId = :mentorId AND m.id = :menteeId', { mentorId, menteeId })
        .getRawMany<{ id: string }>()
    ).map((r) => r.id);
  const assignEntries = (menteeIds: string[]) =>
    t.db.getRepository(AuditEntry).find({
      where: { action: 'mentor.assign', targetId: In(menteeIds) },
      order: { createdAt: 'DESC' },
    });
  const dashboardMentees = async (token: string) =>
    (await t.http().get('/api/mentors/dashboard').set(bearer(token)).expect(200)).body.mentees.map(
      (m: { _id: string }) => m._id,
    );

  it("a CSV import that moves a student to another mentor takes them out of the old mentor's groups, chat and rooms, and logs it", async () => {
    const [group] = await groupsWith(id.helen, id.jordan);
    expect(group).toBeDefined();
    const member2 = (
      await t.db.getRepository(Group).findOneOrFail({ where: { id: group }, relations: { mentees: true } })
    ).mentees!.find((m) => m.id !== id.jordan)!.id;
    tok.member2 = await tokenFor(t, (await t.db.getRepository(User).findOneByOrFail({ id: member2 })).email);
    await t.http().get(`/api/messages/group/${group}`).set(bearer(tok.jordan)).expect(200);
    const [jordan, other] = await Promise.all([connect(tok.jordan), connect(tok.member2)]);
    expect(await jordan.emitWithAck('joinGroup', group)).toEqual({ ok: true });
    expect(await other.emitWithAck('joinGroup', group)).toEqual({ ok: true });
    // Kept reads that show the pair, computed before the import.
    expect(await dashboardMentees(tok.helen)).toContain(id.jordan);
    expect(await dashboardMentees(tok.rahul)).not.toContain(id.jordan);
    await t.http().get('/api/mentees/dashboard').set(bearer(tok.jordan)).expect(200);
    const pairsBefore = await t.db.getRepository(PairingChange).count();
    events.length = 0;

    const rahulCode = (await t.db.getRepository(MentorProfile).findOneByOrFail({ id: id.rahul })).employeeId;
    const res = await t
      .http()
      .post('/api/admin/imports/mentees?dryRun=false')
      .set(bearer(admin))
      .send({
        csv: `email,fullName,phone,class,section,studentId,mentorEmployeeId\r\n${DEMO_ACCOUNTS.mentee},,,,,,${rahulCode}\r\n`,
      })
      .expect(200);
    expect(res.body.rows[0]).toMatchObject({ action: 'update', changes: { mentorEmployeeId: { to: rahulCode } } });

    const moved = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: id.jordan });
    expect(moved.mentorId).toBe(id.rahul);
    // "No contact" counts from the new assignment.
    expect(Date.now() - new Date(moved.mentorAssignedAt!).getTime()).toBeLessThan(60_000);
    expect(await groupsWith(id.helen, id.jordan)).toEqual([]);
    await t.http().get(`/api/messages/group/${group}`).set(bearer(tok.jordan)).expect(403);
    expect((await jordan.emitWithAck('joinGroup', group)).ok).toBe(false);
    // Out of the group's room at once: the others' typing no longer reaches the student.
    const typing: unknown[] = [];
    jordan.on('typing', (e) => typing.push(e));
    other.emit('typing', { conversationId: group, isTyping: true });
    await typingHandled(t, other);
    await delivered(t, jordan);
    expect(typing).toEqual([]);

    const entries = await assignEntries([id.jordan]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: id.admin,
      targetType: 'mentee',
      targetId: id.jordan,
      targetLabel: 'Jordan Rivera (STU-2026001)',
      changes: { mentor: { from: 'Dr. Helen Carter', to: 'Rahul Menon' } },
    });
    // A switch between mentors changes no pairing count.
    expect(await t.db.getRepository(PairingChange).count()).toBe(pairsBefore);
    expect(events).toEqual([
      {
        menteeId: id.jordan,
        menteeName: 'Jordan Rivera',
        studentId: 'STU-2026001',
        className: '9',
        section: 'A',
        from: { id: id.helen, fullName: 'Dr. Helen Carter' },
        to: { id: id.rahul, fullName: 'Rahul Menon' },
        actor: { id: id.admin, role: 'admin', fullName: expect.any(String) },
      },
    ]);
    // The kept reads of both mentors and of the student show the new pair.
    expect(await dashboardMentees(tok.helen)).not.toContain(id.jordan);
    expect(await dashboardMentees(tok.rahul)).toContain(id.jordan);
    const dash = await t.http().get('/api/mentees/dashboard').set(bearer(tok.jordan)).expect(200);
    expect(dash.body.mentor).toMatchObject({ _id: id.rahul, fullName: 'Rahul Menon' });
  });

  it("the admin's assignment goes the same way: the event, with both mentors, and the audit entry", async () => {
    events.length = 0;
    await t
      .http()
      .put('/api/admin/assign-mentor')
      .set(bearer(admin))
      .send({ menteeId: id.jordan, mentorId: id.helen })
      .expect(200);
    expect(events).toEqual([
      expect.objectContaining({
        menteeId: id.jordan,
        from: { id: id.rahul, fullName: 'Rahul Menon' },
        to: { id: id.helen, fullName: 'Dr. Helen Carter' },
        actor: expect.objectContaining({ id: id.admin, role: 'admin' }),
      }),
    ]);
    // Audit times may tie (SQLite keeps whole seconds): the entries of the CSV move and of this one.
    expect((await assignEntries([id.jordan])).map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        { mentor: { from: 'Dr. Helen Carter', to: 'Rahul Menon' } },
        { mentor: { from: 'Rahul Menon', to: 'Dr. Helen Carter' } },
      ]),
    );
    expect(await assignEntries([id.jordan])).toHaveLength(2);
  });

  it("a deleted mentor's mentees are unassigned the same way: logged, told by the event, and out of the mentor's groups and rooms", async () => {
    const mentees = (await t.db.getRepository(MenteeProfile).findBy({ mentorId: id.rahul })).map((m) => m.id);
    const groups = await t.db
      .getRepository(Group)
      .find({ where: { mentorId: id.rahul }, relations: { mentees: true } });
    const group = groups.find((g) => g.mentees!.length)!;
    const member = group.mentees![0].id;
    expect(mentees).toContain(member);
    const socket = await connect(
      await tokenFor(t, (await t.db.getRepository(User).findOneByOrFail({ id: member })).email),
    );
    expect(await socket.emitWithAck('joinGroup', group.id)).toEqual({ ok: true });
    const server = t.app.get(RealtimeGateway).server;
    expect((await server.in(groupRoom(group.id)).fetchSockets()).map((s) => s.id)).toContain(socket.id);
    const pairsBefore = await t.db.getRepository(PairingChange).countBy({ menteeId: In(mentees), delta: -1 });
    events.length = 0;

    const res = await t.http().delete(`/api/admin/users/${id.rahul}`).set(bearer(admin)).expect(200);
    expect(res.body.removed).toMatchObject({ menteesUnassigned: mentees.length, groups: groups.length });

    for (const p of await t.db.getRepository(MenteeProfile).findBy({ id: In(mentees) }))
      expect([p.mentorId, p.mentorAssignedAt]).toEqual([null, null]);
    expect(await groupsWith(id.rahul, member)).toEqual([]);
    expect((await server.in(groupRoom(group.id)).fetchSockets()).map((s) => s.id)).toEqual([]);
    // Still connected: a round trip after the deletion is answered (a socket ended by it would have been told first).
    await delivered(t, socket);
    expect(socket.connected).toBe(true);
    expect(events.map((e) => e.menteeId).sort()).toEqual([...mentees].sort());
    for (const e of events)
      expect(e).toMatchObject({
        from: { id: id.rahul, fullName: 'Rahul Menon' },
        to: null,
        actor: { id: id.admin, role: 'admin' },
      });
    const entries = await assignEntries(mentees);
    expect(
      entries
        .filter((e) => e.changes.mentor?.to === null)
        .map((e) => e.targetId)
        .sort(),
    ).toEqual([...mentees].sort());
    for (const e of entries.filter((x) => x.changes.mentor?.to === null))
      expect(e).toMatchObject({ actorId: id.admin, changes: { mentor: { from: 'Rahul Menon', to: null } } });
    expect(await t.db.getRepository(PairingChange).countBy({ menteeId: In(mentees), delta: -1 })).toBe(
      pairsBefore + mentees.length,
    );
  });
});
