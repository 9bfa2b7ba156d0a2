import { ErrorCode } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { MailDelivery, Notification } from '../src/notifications/entities/notification.entity';
import { MessageReport } from '../src/safeguarding/entities/message-report.entity';
import { bearer, createAdmin, demoPeople, startTestApp, type TestApp } from './support/test-app';

describe(`reported messages (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tok: Record<string, string>, id: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    ({ id, tok } = await demoPeople(t));
    for (const who of ['lead', 'lead2', 'other']) {
      const made = await createAdmin(t, tok.admin, who);
      [id[who], tok[who]] = [made.id, made.token];
    }
  });
  afterAll(() => t.close());

  const send = async (who: string, to: string, content: string) =>
    (
      await t
        .http()
        .post('/api/messages')
        .set(bearer(tok[who]))
        .send({ conversationType: 'individual', conversationId: to, content })
        .expect(201)
    ).body._id as string;
  const report = (who: string, messageId: string, body: object) =>
    t
      .http()
      .post('/api/safeguarding/reports')
      .set(bearer(tok[who]))
      .send({ messageId, ...body });
  const queue = (who: string, query = '') => t.http().get(`/api/safeguarding/reports${query}`).set(bearer(tok[who]));
  const move = (who: string, reportId: string, body: object) =>
    t.http().put(`/api/safeguarding/reports/${reportId}`).set(bearer(tok[who])).send(body);
  const told = (userId: string) => t.db.getRepository(Notification).countBy({ userId, kind: 'message.reported' });
  const mailed = (userId: string) => t.db.getRepository(MailDelivery).countBy({ userId, kind: 'message.reported' });

  it('with no lead designated, a report reaches every admin (e-mailed at once), who are asked to designate one', async () => {
    for (let i = 1; i <= 6; i++) await send('mentor', id.mentee, `Before ${i}`);
    const bad = await send('mentor', id.mentee, 'The message to report');
    for (let i = 1; i <= 6; i++) await send('mentee', id.mentor, `After ${i}`);
    const res = await report('mentee', bad, { reason: 'inappropriate', note: 'This made me uneasy' }).expect(201);
    expect(res.body.message).toBe(
      "Thank you. Your report was received and will be looked at by the school's safeguarding team.",
    );
    expect(Object.keys(res.body).sort()).toEqual(['_id', 'createdAt', 'message']);
    for (const who of ['admin', 'lead', 'lead2', 'other']) {
      expect([who, await told(id[who]), await mailed(id[who])]).toEqual([who, 1, 1]);
    }
    // Nobody else is told: not the reporter, not the person reported.
    expect([await told(id.mentee), await told(id.mentor)]).toEqual([0, 0]);
    const note = await t.db.getRepository(Notification).findOneByOrFail({ userId: id.admin, kind: 'message.reported' });
    expect(note.body).toContain('designate one in User Management');
    const page = (await queue('other').expect(200)).body;
    expect(page).toMatchObject({ total: 1, page: 1, noLeadDesignated: true });
    expect(page.reports[0]).toMatchObject({
      reason: 'inappropriate',
      note: 'This made me uneasy',
      status: 'open',
      reporter: { _id: id.mentee, role: 'mentee' },
      reported: { _id: bad, content: 'The message to report', sender: { _id: id.mentor, role: 'mentor' } },
      handledBy: null,
    });
    const detail = (await t.http().get(`/api/safeguarding/reports/${page.reports[0]._id}`).set(bearer(tok.admin))).body;
    expect(detail.context.map((m: { content: string }) => m.content)).toEqual([
      'Before 2',
      'Before 3',
      'Before 4',
      'Before 5',
      'Before 6',
      'The message to report',
      'After 1',
      'After 2',
      'After 3',
      'After 4',
      'After 5',
    ]);
  });

  it('reports reach every lead and only them once leads are designated; others are refused the queue', async () => {
    for (const who of ['lead', 'lead2'])
      await t
        .http()
        .put(`/api/admin/users/${id[who]}/safeguarding-lead`)
        .set(bearer(tok.admin))
        .send({ lead: true })
        .expect(200);
    const before = { admin: await told(id.admin), other: await told(id.other) };
    const leadsBefore = [await told(id.lead), await told(id.lead2), await mailed(id.lead), await mailed(id.lead2)];
    const m = await send('mentee', id.mentor, 'Please stop messaging me at night');
    await report('mentor', m, { reason: 'self_harm' }).expect(201);
    expect([await told(id.lead), await told(id.lead2), await mailed(id.lead), await mailed(id.lead2)]).toEqual(
      leadsBefore.map((n) => n + 1),
    );
    expect({ admin: await told(id.admin), other: await told(id.other) }).toEqual(before);
    const notes = await t.db.getRepository(Notification).findBy({ userId: id.lead, kind: 'message.reported' });
    const note = notes.find((n) => n.title === 'A chat message was reported: self-harm concern')!;
    expect(note.body).toBe(
      'In Chat between Dr. Helen Carter and Jordan Rivera. Open the safeguarding queue to acknowledge it.',
    );
    expect(note.body).not.toContain('Admin');
    for (const who of ['admin', 'other'])
      expect((await queue(who).expect(403)).body.code).toBe(ErrorCode.NotSafeguardingLead);
    for (const who of ['mentor', 'mentee']) expect((await queue(who).expect(403)).body.code).toBe(ErrorCode.Forbidden);
    const page = (await queue('lead', '?status=open').expect(200)).body;
    expect(page).toMatchObject({ total: 2, noLeadDesignated: false });
    expect(page.reports.map((r: { reason: string }) => r.reason)).toEqual(['self_harm', 'inappropriate']);
  });

  it('acknowledged, acted on and closed with an outcome, forward only, each step audited', async () => {
    const [latest] = (await queue('lead').expect(200)).body.reports;
    const ack = (await move('lead', latest._id, { status: 'acknowledged' }).expect(200)).body;
    expect(ack).toMatchObject({ status: 'acknowledged', handledBy: { _id: id.lead } });
    expect((await move('lead2', latest._id, { status: 'acknowledged' }).expect(409)).body.code).toBe(
      ErrorCode.ReportTransitionNotAllowed,
    );
    expect((await move('lead2', latest._id, { status: 'closed' }).expect(400)).body.code).toBe(
      ErrorCode.ResolutionRequired,
    );
    await move('lead2', latest._id, { status: 'actioned', outcome: 'Spoke with both; parents informed.' }).expect(200);
    const closed = (await move('lead2', latest._id, { status: 'closed' }).expect(200)).body;
    expect(closed).toMatchObject({ status: 'closed', outcome: 'Spoke with both; parents informed.' });
    for (const body of [{ status: 'open' }, {}, { status: 'closed', outcome: 7 }, { status: null }])
      expect((await move('lead', latest._id, body).expect(400)).body.code).toBe(ErrorCode.ValidationFailed);
    await move('other', latest._id, { status: 'closed', outcome: 'x' }).expect(403);
    const steps = await t.db
      .getRepository(AuditEntry)
      .find({ where: { action: 'safeguarding.report', targetId: latest._id }, order: { createdAt: 'ASC' } });
    expect(steps.map((s) => (s.changes.status as { to: string }).to)).toEqual(['acknowledged', 'actioned', 'closed']);
    expect((await t.db.getRepository(MessageReport).findOneByOrFail({ id: latest._id })).status).toBe('closed');
  });

  it('only a participant other than the sender reports, once, with a valid reason; nothing is stored otherwise', async () => {
    const m = await send('mentor', id.mentee, 'Another message');
    const count = () => t.db.getRepository(MessageReport).count();
    const before = await count();
    expect((await report('mentor', m, { reason: 'bullying' }).expect(400)).body.code).toBe(ErrorCode.OwnMessage);
    expect((await report('lead', m, { reason: 'bullying' }).expect(404)).body.code).toBe(ErrorCode.MessageNotFound);
    for (const body of [
      {},
      { reason: 'spam' },
      { reason: null },
      { reason: 'other', note: 'x'.repeat(501) },
      { reason: 'other', messageId: 'not-an-id' },
      { reason: 'other', messageId: null },
    ])
      expect((await report('mentee', m, body).expect(400)).body.code).toBe(ErrorCode.ValidationFailed);
    await report('mentee', m, { reason: 'bullying' }).expect(201);
    expect((await report('mentee', m, { reason: 'other' }).expect(409)).body.code).toBe(ErrorCode.AlreadyReported);
    expect(await count()).toBe(before + 1);
  });

  it('the report stands when the conversation is deleted afterwards (its copy is kept)', async () => {
    const m = await send('mentor', id.mentee, 'Deleted after being reported');
    const receipt = (await report('mentee', m, { reason: 'other', note: 'Odd' }).expect(201)).body;
    await t.http().delete(`/api/messages/conversation/individual/${id.mentee}`).set(bearer(tok.mentor)).expect(200);
    const detail = (await t.http().get(`/api/safeguarding/reports/${receipt._id}`).set(bearer(tok.lead)).expect(200))
      .body;
    expect(detail.reported.content).toBe('Deleted after being reported');
  });
});
