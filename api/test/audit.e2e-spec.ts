import dayjs from 'dayjs';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Grievance } from '../src/grievances/entities/grievance.entity';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { Message } from '../src/messages/entities/message.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/** What an admin (or a mentor, for chats) does to other people's records leaves an entry: who, what, on whom. */
describe(`audit trail (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor] = await Promise.all([tokenFor(t, DEMO_ACCOUNTS.admin), tokenFor(t, DEMO_ACCOUNTS.mentor)]);
    adminId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.admin })).id;
  });
  afterAll(() => t.close());

  const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
  const entries = (action: string) =>
    t.db.getRepository(AuditEntry).find({ where: { action }, order: { createdAt: 'DESC' } });
  const pendingLeaves = () =>
    t.db.getRepository(LeaveRequest).find({
      where: { status: 'pending' },
      relations: { mentee: { user: true } },
      order: { startDate: 'ASC', id: 'ASC' },
    });

  it("an admin's approval and rejection of leave requests are logged with actor, target and change", async () => {
    const [a, b] = await pendingLeaves();
    // A demo leave may cover days its student was marked present: keep them (the approval is what is logged here).
    await t.http().put(`/api/leaves/${a.id}/approve`).set(bearer(admin)).send({ presentDays: 'keep' }).expect(200);
    await t
      .http()
      .put(`/api/leaves/${b.id}/reject`)
      .set(bearer(admin))
      .send({ mentorComments: 'Exams that week' })
      .expect(200);
    const [approved] = await entries('leave.approve');
    expect(approved).toMatchObject({
      actorId: adminId,
      actorEmail: DEMO_ACCOUNTS.admin,
      targetType: 'leave',
      targetId: a.id,
      targetLabel: `${a.mentee!.user!.fullName}: ${a.startDate} to ${a.endDate}`,
      changes: { status: { from: 'pending', to: 'approved' } },
    });
    const [rejected] = await entries('leave.reject');
    expect(rejected).toMatchObject({
      actorId: adminId,
      targetId: b.id,
      changes: { status: { from: 'pending', to: 'rejected' }, comments: { to: 'Exams that week' } },
    });
    // The API's log shows them too.
    const listed = await t.http().get('/api/admin/audit?action=leave.approve').set(bearer(admin)).expect(200);
    expect(listed.body.items[0]).toMatchObject({ action: 'leave.approve', targetId: a.id });
  });

  it('a refused decision logs nothing; a mentor deciding for their own mentee is not an admin action', async () => {
    const before = (await entries('leave.approve')).length + (await entries('leave.reject')).length;
    const [decided] = await t.db.getRepository(LeaveRequest).find({ where: { status: 'approved' } });
    await t.http().put(`/api/leaves/${decided.id}/reject`).set(bearer(admin)).send({}).expect(409);
    const mine = await t
      .http()
      .post('/api/leaves')
      .set(bearer(await tokenFor(t, DEMO_ACCOUNTS.mentee)))
      .send({ leaveType: 'sick', startDate: day(50), endDate: day(50), reason: 'Dentist' })
      .expect(201);
    await t.http().put(`/api/leaves/${mine.body._id}/approve`).set(bearer(mentor)).send({}).expect(200);
    expect((await entries('leave.approve')).length + (await entries('leave.reject')).length).toBe(before);
  });

  it("an admin's grievance decisions are logged, each with its status change", async () => {
    const g = await t.db.getRepository(Grievance).findOneByOrFail({ status: 'pending' });
    await t.http().put(`/api/grievances/${g.id}/review`).set(bearer(admin)).send({}).expect(200);
    await t
      .http()
      .put(`/api/grievances/${g.id}/resolve`)
      .set(bearer(admin))
      .send({ resolution: 'Fixed the projector' })
      .expect(200);
    const logged = (await entries('grievance.status')).filter((e) => e.targetId === g.id);
    expect(logged.map((e) => e.changes.status)).toEqual(
      expect.arrayContaining([
        { from: 'pending', to: 'in-progress' },
        { from: 'in-progress', to: 'resolved' },
      ]),
    );
    expect(logged).toHaveLength(2);
    expect(logged.every((e) => e.actorId === adminId && e.targetType === 'grievance')).toBe(true);
    expect(logged.find((e) => e.changes.status.to === 'resolved')!.changes.resolution).toEqual({
      from: null,
      to: 'Fixed the projector',
    });
    expect(logged[0].targetLabel).toContain(g.subject);
    // A move the state machine refuses writes no entry.
    await t.http().put(`/api/grievances/${g.id}/reject`).set(bearer(admin)).send({}).expect(409);
    expect((await entries('grievance.status')).filter((e) => e.targetId === g.id)).toHaveLength(2);
  });

  it("deleting a conversation is logged with who removed whose history, in the deletion's transaction", async () => {
    const mentee = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    const send = (content: string) =>
      t
        .http()
        .post('/api/messages')
        .set(bearer(admin))
        .send({ conversationType: 'individual', conversationId: `individual_${mentee.id}`, content })
        .expect(201);
    await send('Hello');
    await send('About your leave');
    await t.http().delete(`/api/messages/conversation/individual/${mentee.id}`).set(bearer(admin)).expect(200);
    const [entry] = await entries('conversation.delete');
    expect(entry).toMatchObject({
      actorId: adminId,
      targetType: 'chat',
      targetId: mentee.id,
      targetLabel: expect.stringMatching(new RegExp(`^Chat between .*${mentee.fullName}`)),
      changes: { messages: { from: 2, to: 0 } },
    });
    expect(await t.db.getRepository(Message).countBy({ conversationType: 'individual', senderId: adminId })).toBe(0);
  });

  it('an admin account made on the Create Admin screen (POST /auth/register) is logged as admin.create', async () => {
    const res = await t
      .http()
      .post('/api/auth/register')
      .set(bearer(admin))
      .send({
        email: 'audited.admin@example.edu',
        password: 'Audit2026x',
        role: 'admin',
        fullName: 'Audited Admin',
        phone: '+1 555 0100',
        department: 'Administration',
        position: 'Registrar',
      })
      .expect(201);
    const [entry] = await entries('admin.create');
    expect(entry).toMatchObject({
      actorId: adminId,
      targetType: 'user',
      targetId: res.body.user._id,
      targetLabel: 'Audited Admin <audited.admin@example.edu>',
      changes: { email: { from: null, to: 'audited.admin@example.edu' }, role: { from: null, to: 'admin' } },
    });
    expect(JSON.stringify(entry.changes)).not.toContain('Audit2026x');
  });
});
