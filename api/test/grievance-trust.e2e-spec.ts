import dayjs from 'dayjs';
import { io, type Socket } from 'socket.io-client';
import { WITHHELD_NAME } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { Clock } from '../src/dates/clock';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Grievance, GrievanceEvent } from '../src/grievances/entities/grievance.entity';
import { GrievancesService } from '../src/grievances/grievances.service';
import { Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, startTestApp, demoTokens, tokenFor, type TestApp } from './support/test-app';

/**
 * Issue 21: confidential routing (the mentor sees nothing of it anywhere), withheld names and their logged reveal,
 * ticket numbers, the timeline, deadlines in school days and escalation exactly once with two instances, the
 * student's confirm or reopen, and the monthly analytics. The clock is set (Clock.now), never waited for: the school
 * calendar's defaults (UTC, Sunday off) and dates in 2031, far from the demo seed's.
 */
describe(`grievances students can trust (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let b: TestApp;
  let admin: string, mentor: string, mentee: string;
  let now: jest.SpyInstance<Date, []>;
  const sockets: Socket[] = [];
  const repo = () => t.db.getRepository(Grievance);
  const body = (over: object = {}) => ({
    name: 'Jordan Rivera',
    email: DEMO_ACCOUNTS.mentee,
    rollNo: 'STU-2026001',
    subject: 'Something happened',
    grievanceType: 'technical-issues',
    dateOfIncident: dayjs().subtract(1, 'day').format('YYYY-MM-DD'),
    description: 'Details of what happened.',
    ...over,
  });
  const submit = async (over: object = {}, via: TestApp = t) =>
    (await via.http().post('/api/grievances').set(bearer(mentee)).send(body(over)).expect(201)).body;
  const ids = (list: { _id: string }[]) => list.map((g) => g._id);
  const mentorList = async () =>
    ids((await t.http().get('/api/grievances/mentor').set(bearer(mentor)).expect(200)).body);
  const timeline = async (id: string, token = mentee) =>
    (await t.http().get(`/api/grievances/${id}/timeline`).set(bearer(token)).expect(200)).body as {
      kind: string;
      actorRole: string | null;
      actorName: string | null;
      detail: string;
    }[];
  const runOutbox = (app = t) => app.app.get(OutboxService).runDue(new Date(Date.now() + 60_000));

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    b = await startTestApp({ shareWith: t, seed: false, env: { OUTBOX_POLL_MS: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    [admin, mentor, mentee] = await demoTokens(t);
    now = jest.spyOn(t.app.get(Clock), 'now');
  });
  afterEach(() => now.mockImplementation(() => new Date()));
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await b.close();
    await t.close();
  });

  it('misconduct, harassment and "about my mentor" go to admins only: the mentor sees them nowhere', async () => {
    const dashboard = async () =>
      (await t.http().get('/api/mentors/dashboard').set(bearer(mentor)).expect(200)).body.totalGrievances as number;
    const before = await dashboard(); // now a cached read
    const confidential = [
      await submit({ grievanceType: 'misconduct-complaint', subject: 'Misconduct' }),
      await submit({ category: 'harassment', subject: 'Harassment' }),
      await submit({ aboutMentor: true, subject: 'About my mentor' }),
    ];
    for (const g of confidential) {
      expect(g).toMatchObject({ confidential: true, status: 'pending' });
      expect(g.ticketNumber).toMatch(/^GRV-\d{4}-\d{6}$/);
    }
    const ordinary = await submit({ subject: 'Ordinary' });
    expect(ordinary.confidential).toBe(false);
    // Lists, counts (after a cached read), single reads, threads, timelines and actions.
    const listed = await mentorList();
    expect(listed).toContain(ordinary._id);
    for (const g of confidential) expect(listed).not.toContain(g._id);
    expect(await dashboard()).toBe(before + 1);
    for (const g of confidential) {
      for (const path of ['', '/comments', '/timeline'])
        expect(await codeOf(t.http().get(`/api/grievances/${g._id}${path}`).set(bearer(mentor)).expect(404))).toBe(
          'GRIEVANCE_NOT_FOUND',
        );
      await t.http().put(`/api/grievances/${g._id}/review`).set(bearer(mentor)).send({}).expect(404);
      await t.http().post(`/api/grievances/${g._id}/comments`).set(bearer(mentor)).send({ content: 'x' }).expect(404);
    }
    expect((await repo().findOneByOrFail({ id: confidential[0]._id })).status).toBe('pending');
    // Exports, reports and the audit log are the admins' only; the admin's export has them.
    for (const path of ['/api/grievances/admin/export', '/api/admin/audit', '/api/admin/reports/overview'])
      await t.http().get(path).set(bearer(mentor)).expect(403);
    const csv = (await t.http().get('/api/grievances/admin/export').set(bearer(admin)).expect(200)).text;
    for (const g of confidential) expect(csv).toContain(g.ticketNumber);
    const adminList = ids((await t.http().get('/api/grievances/admin').set(bearer(admin)).expect(200)).body);
    for (const g of confidential) expect(adminList).toContain(g._id);
    // An admin recategorising an ordinary grievance as harassment takes it away from the mentor too.
    const moved = await submit({ subject: 'Later found to be harassment' });
    expect(await mentorList()).toContain(moved._id);
    const put = (token: string, category: string) =>
      t.http().put(`/api/admin/grievances/${moved._id}/category`).set(bearer(token)).send({ category });
    await put(mentor, 'harassment').expect(403);
    expect(await codeOf(put(admin, 'bullying').expect(400))).toBe('VALIDATION_FAILED');
    expect((await put(admin, 'harassment').expect(200)).body).toMatchObject({
      category: 'harassment',
      confidential: true,
    });
    expect(await mentorList()).not.toContain(moved._id);
  });

  it('live: the student’s comment on a confidential grievance notifies the admins, never the mentor', async () => {
    const url = await t.app.getUrl();
    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const [adminSocket, mentorSocket] = await Promise.all([connect(admin), connect(mentor)]);
    const seenByMentor: string[] = [];
    mentorSocket.on('notification', (p: { notification: { title: string } }) =>
      seenByMentor.push(p.notification.title),
    );
    const g = await submit({ aboutMentor: true, subject: 'Secret matter' });
    const ordinary = await submit({ subject: 'Plain matter' });
    const toAdmin = new Promise<{ notification: { title: string } }>((resolve) =>
      adminSocket.on('notification', (p: { notification: { title: string } }) => {
        if (p.notification.title.includes(g.ticketNumber)) resolve(p);
      }),
    );
    const toMentor = new Promise<void>((resolve) =>
      mentorSocket.on('notification', (p: { notification: { title: string } }) => {
        if (p.notification.title.includes(ordinary.ticketNumber)) resolve();
      }),
    );
    await t.http().post(`/api/grievances/${g._id}/comments`).set(bearer(mentee)).send({ content: 'More' }).expect(201);
    await t
      .http()
      .post(`/api/grievances/${ordinary._id}/comments`)
      .set(bearer(mentee))
      .send({ content: 'More' })
      .expect(201);
    await runOutbox();
    await toAdmin;
    await toMentor;
    expect(seenByMentor.some((title) => title.includes(g.ticketNumber))).toBe(false);
    const mentorUser = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
    const inbox = await t.db.getRepository(Notification).findBy({ userId: mentorUser.id });
    expect(inbox.some((n) => n.title.includes(g.ticketNumber))).toBe(false);
  });

  it('a withheld name stays hidden from the handler until an admin reveals it with a logged reason', async () => {
    const g = await submit({ grievanceType: 'misconduct-complaint', withholdName: true, subject: 'Withheld case' });
    expect(g).toMatchObject({ nameWithheld: true, name: 'Jordan Rivera' }); // the student sees their own
    const asAdmin = (await t.http().get(`/api/grievances/${g._id}`).set(bearer(admin)).expect(200)).body;
    expect(asAdmin).toMatchObject({ menteeId: null, name: WITHHELD_NAME, email: '', rollNo: '' });
    expect(asAdmin.description).toBe(g.description);
    const listed = (await t.http().get('/api/grievances/admin').set(bearer(admin)).expect(200)).body.find(
      (x: { _id: string }) => x._id === g._id,
    );
    expect(listed).toMatchObject({ menteeId: null, name: WITHHELD_NAME });
    // Searching by the name does not find it (a match would give the student away); the export leaves it out.
    const byName = (await t.http().get('/api/grievances/admin?search=jordan').set(bearer(admin)).expect(200)).body;
    expect(ids(byName)).not.toContain(g._id);
    const csvLine = (await t.http().get('/api/grievances/admin/export').set(bearer(admin)).expect(200)).text
      .split('\n')
      .find((l) => l.includes(g.ticketNumber))!;
    expect(csvLine).not.toContain('Jordan');
    expect(csvLine).not.toContain('STU-2026001');
    // The student's comment names no one, in the thread and in the admins' notification.
    await t.http().post(`/api/grievances/${g._id}/comments`).set(bearer(mentee)).send({ content: 'Hi' }).expect(201);
    const thread = (await t.http().get(`/api/grievances/${g._id}/comments`).set(bearer(admin)).expect(200)).body;
    expect(thread[0].author).toEqual({ _id: '', fullName: WITHHELD_NAME, role: 'mentee' });
    const adminUser = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.admin });
    const note = (await t.db.getRepository(Notification).findBy({ userId: adminUser.id })).find((n) =>
      n.title.includes(g.ticketNumber),
    )!;
    expect(note.body).not.toContain('Jordan');
    // The admin's decisions are audited under the ticket, not the name.
    await t.http().put(`/api/grievances/${g._id}/review`).set(bearer(admin)).send({}).expect(200);
    const audit = await t.db.getRepository(AuditEntry).findOneByOrFail({ targetId: g._id, action: 'grievance.status' });
    expect(audit.targetLabel).toContain(g.ticketNumber);
    expect(audit.targetLabel).not.toContain('Jordan');
    // The reveal: admins only, a reason required, both logged and shown to the student.
    const reveal = (token: string, payload: object, id = g._id) =>
      t.http().post(`/api/admin/grievances/${id}/reveal`).set(bearer(token)).send(payload);
    await reveal(mentor, { reason: 'x' }).expect(403);
    await reveal(mentee, { reason: 'x' }).expect(403);
    expect(await codeOf(reveal(admin, { reason: '  ' }).expect(400))).toBe('VALIDATION_FAILED');
    expect((await repo().findOneByOrFail({ id: g._id })).identityRevealedAt).toBeNull();
    const plain = await submit();
    expect(await codeOf(reveal(admin, { reason: 'Safeguarding' }, plain._id).expect(409))).toBe(
      'GRIEVANCE_NOT_WITHHELD',
    );
    const revealed = (await reveal(admin, { reason: 'Police request under safeguarding policy' }).expect(200)).body;
    expect(revealed).toMatchObject({ fullName: 'Jordan Rivera', studentId: 'STU-2026001' });
    const logged = await t.db
      .getRepository(AuditEntry)
      .findOneByOrFail({ targetId: g._id, action: 'grievance.reveal' });
    expect(logged.changes).toEqual({ reason: { from: null, to: 'Police request under safeguarding policy' } });
    const lines = await timeline(g._id);
    expect(lines.find((l) => l.kind === 'identity-revealed')).toEqual(
      expect.objectContaining({
        actorRole: 'admin',
        actorName: null,
        detail: 'Police request under safeguarding policy',
      }),
    );
    expect((await t.http().get(`/api/grievances/${g._id}`).set(bearer(admin)).expect(200)).body.menteeId).toMatchObject(
      { fullName: 'Jordan Rivera' },
    );
  });

  it('the timeline has every status change, comment and staff view (one a day each), visible to the student', async () => {
    const g = await submit({ subject: 'Timeline case' });
    await t.http().get(`/api/grievances/${g._id}`).set(bearer(mentor)).expect(200);
    await t.http().get(`/api/grievances/${g._id}`).set(bearer(mentor)).expect(200);
    await t.http().get(`/api/grievances/${g._id}`).set(bearer(admin)).expect(200);
    await t.http().get(`/api/grievances/${g._id}`).set(bearer(mentee)).expect(200); // the student's own: no line
    await t.http().put(`/api/grievances/${g._id}/review`).set(bearer(mentor)).send({}).expect(200);
    await t.http().post(`/api/grievances/${g._id}/comments`).set(bearer(mentor)).send({ content: 'On it' });
    await t.http().put(`/api/grievances/${g._id}/priority`).set(bearer(admin)).send({ priority: 'urgent' });
    const lines = await timeline(g._id);
    expect(lines.map((l) => [l.kind, l.actorRole])).toEqual([
      ['filed', 'mentee'],
      ['viewed', 'mentor'],
      ['viewed', 'admin'],
      ['status', 'mentor'],
      ['comment', 'mentor'],
      ['priority', 'admin'],
    ]);
    // Not anonymous: who, by name.
    expect(lines[1].actorName).toBe('Dr. Helen Carter');
    expect(lines[3].detail).toBe('pending → in-progress');
    expect(await t.db.getRepository(GrievanceEvent).countBy({ grievanceId: g._id, kind: 'viewed' })).toBe(2);
    // With the name withheld, every line is by role only.
    const anon = await submit({ withholdName: true });
    await t.http().get(`/api/grievances/${anon._id}`).set(bearer(admin)).expect(200);
    expect((await timeline(anon._id)).map((l) => l.actorName)).toEqual([null, null]);
    // Another mentor's mentee's timeline is not theirs to read.
    const otherMentor = await tokenFor(t, 'r.menon@example.edu');
    await t.http().get(`/api/grievances/${g._id}/timeline`).set(bearer(otherMentor)).expect(403);
  });

  it('ticket numbers stay unique when two instances take filings at once', async () => {
    const filed = await Promise.all(Array.from({ length: 8 }, (_, i) => submit({}, i % 2 ? b : t)));
    const tickets = filed.map((g) => g.ticketNumber as string);
    expect(new Set(tickets).size).toBe(8);
    for (const g of filed) expect((await repo().findOneByOrFail({ id: g._id })).ticketNumber).toBe(g.ticketNumber);
  });

  it('deadlines count school days by priority; settings are the admins’', async () => {
    const get = (token: string) => t.http().get('/api/admin/grievances/settings').set(bearer(token));
    expect((await get(admin).expect(200)).body).toEqual({ urgent: 1, high: 3, medium: 7, low: 14 });
    await get(mentor).expect(403);
    const put = (payload: object) => t.http().put('/api/admin/grievances/settings').set(bearer(admin)).send(payload);
    expect(await codeOf(put({ urgent: 0, high: 3, medium: 7, low: 14 }).expect(400))).toBe('VALIDATION_FAILED');
    expect(await codeOf(put({ urgent: 1.5, high: 3, medium: 7, low: 14 }).expect(400))).toBe('VALIDATION_FAILED');
    await put({ urgent: 1, high: 3, medium: 7 }).expect(400);
    expect((await get(admin)).body.urgent).toBe(1);
    // Saturday 2031-03-01 10:00: Sunday is no school day; medium (7) counts Mon–Sat, Mon: due by the end of Mon 10th.
    now.mockReturnValue(new Date('2031-03-01T10:00:00Z'));
    const g = await submit({ category: 'academic' });
    expect(g.priority).toBe('medium');
    expect(g.deadlineAt).toBe('2031-03-11T00:00:00.000Z');
    expect((await put({ urgent: 2, high: 3, medium: 5, low: 14 }).expect(200)).body.medium).toBe(5);
    expect((await submit({ category: 'academic' })).deadlineAt).toBe('2031-03-08T00:00:00.000Z');
    const logged = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'grievance.settings' });
    expect(logged.changes).toEqual({ urgent: { from: 1, to: 2 }, medium: { from: 7, to: 5 } });
    await put({ urgent: 1, high: 3, medium: 7, low: 14 }).expect(200);
  });

  it('escalation fires once at the deadline, with two instances sweeping together', async () => {
    const filedAt = new Date('2031-03-03T09:00:00Z'); // a Monday
    now.mockReturnValue(filedAt);
    const g = await submit({ subject: 'Needs an answer' });
    await t.http().put(`/api/grievances/${g._id}/priority`).set(bearer(admin)).send({ priority: 'urgent' });
    const deadline = new Date((await repo().findOneByOrFail({ id: g._id })).deadlineAt!);
    expect(deadline.toISOString()).toBe('2031-03-05T00:00:00.000Z'); // the end of Tuesday
    const sweep = (app: TestApp, at: Date) => app.app.get(GrievancesService).escalateDue(at);
    // A moment before: nothing for this one (the demo's old grievances escalate here, out of the way).
    await Promise.all([sweep(t, new Date(deadline.getTime() - 1)), sweep(b, new Date(deadline.getTime() - 1))]);
    expect((await repo().findOneByOrFail({ id: g._id })).escalatedAt).toBeNull();
    // At the deadline, both instances at once: one escalation.
    const counts = await Promise.all([sweep(t, deadline), sweep(b, deadline), sweep(b, deadline)]);
    expect(counts.reduce((a, n) => a + n, 0)).toBe(1);
    expect((await repo().findOneByOrFail({ id: g._id })).escalatedAt).toEqual(deadline);
    expect(await t.db.getRepository(GrievanceEvent).countBy({ grievanceId: g._id, kind: 'escalated' })).toBe(1);
    const admins = await t.db.getRepository(User).countBy({ role: 'admin', isActive: true });
    const notes = (await t.db.getRepository(Notification).findBy({ kind: 'grievance.escalated' })).filter((n) =>
      n.title.includes(g.ticketNumber),
    );
    expect(notes).toHaveLength(admins);
    expect(await sweep(t, new Date(deadline.getTime() + 86_400_000))).toBe(0);
    // The admin dashboard flags it (a cached read, retired by the sweep), and the student sees it on the timeline.
    const stats = (await t.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200)).body.stats;
    expect(stats.escalatedGrievances).toBe(
      await repo()
        .createQueryBuilder('g')
        .where("g.escalatedAt IS NOT NULL AND g.status IN ('pending', 'in-progress')")
        .getCount(),
    );
    expect((await timeline(g._id)).map((l) => l.kind)).toContain('escalated');
    // A resolved one never escalates.
    const done = await submit();
    await t.http().put(`/api/grievances/${done._id}/resolve`).set(bearer(admin)).send({ resolution: 'Done' });
    await sweep(t, new Date('2032-01-01T00:00:00Z'));
    expect((await repo().findOneByOrFail({ id: done._id })).escalatedAt).toBeNull();
  });

  it('the student confirms, or reopens once with a reason; analytics count both per month', async () => {
    now.mockReturnValue(new Date('2031-05-05T09:00:00Z'));
    const g = await submit({ subject: 'Will be reopened' });
    const call = (action: string, token = mentee, payload: object = {}, id = g._id) =>
      t.http().post(`/api/grievances/${id}/${action}`).set(bearer(token)).send(payload);
    expect(await codeOf(call('confirm').expect(409))).toBe('GRIEVANCE_NOT_RESOLVED');
    const resolve = () =>
      t.http().put(`/api/grievances/${g._id}/resolve`).set(bearer(admin)).send({ resolution: 'Fixed' }).expect(200);
    await resolve();
    await call('reopen', mentor, { reason: 'x' }).expect(403);
    await call('reopen', await tokenFor(t, 'r.menon@example.edu'), { reason: 'x' }).expect(403);
    expect(await codeOf(call('reopen', mentee, { reason: ' ' }).expect(400))).toBe('VALIDATION_FAILED');
    const reopened = (await call('reopen', mentee, { reason: 'Still broken' }).expect(200)).body;
    expect(reopened).toMatchObject({ status: 'in-progress', resolvedAt: null });
    expect(reopened.reopenedAt).toEqual(expect.any(String));
    await resolve();
    expect(await codeOf(call('reopen', mentee, { reason: 'Again' }).expect(409))).toBe('GRIEVANCE_ALREADY_ANSWERED');
    expect((await call('confirm').expect(200)).body.confirmedAt).toEqual(expect.any(String));
    expect(await codeOf(call('confirm').expect(409))).toBe('GRIEVANCE_ALREADY_ANSWERED');
    expect((await timeline(g._id)).map((l) => l.kind).filter((k) => k !== 'viewed')).toEqual([
      'filed',
      'status',
      'reopened',
      'status',
      'confirmed',
    ]);
    // Another resolved in time, one late (past its deadline): May 2031 counts 3 resolved, 2 in time, 1 reopened.
    const inTime = await submit();
    await t.http().put(`/api/grievances/${inTime._id}/resolve`).set(bearer(admin)).send({ resolution: 'Ok' });
    const late = await submit();
    await t.http().put(`/api/grievances/${late._id}/priority`).set(bearer(admin)).send({ priority: 'urgent' });
    now.mockReturnValue(new Date('2031-05-20T09:00:00Z'));
    await t.http().put(`/api/grievances/${late._id}/resolve`).set(bearer(admin)).send({ resolution: 'Late' });
    await t.http().get('/api/admin/grievances/analytics').set(bearer(mentor)).expect(403);
    const stats = (await t.http().get('/api/admin/grievances/analytics').set(bearer(admin)).expect(200)).body;
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toEqual({
      month: '2031-05',
      resolved: 3,
      resolvedWithinDeadline: 2,
      reopened: 1,
      pctResolvedWithinDeadline: 66.7,
      pctReopened: 33.3,
    });
  });
});
