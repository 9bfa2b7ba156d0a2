import dayjs from 'dayjs';
import { io, type Socket } from 'socket.io-client';
import { EMAIL_DEFAULTS } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import {
  GuardianNoticeSetting,
  MailDelivery,
  Notification,
  NotificationPreference,
} from '../src/notifications/entities/notification.entity';
import { OutboxJob } from '../src/outbox/outbox-job.entity';
import { MAIL_MAX_ATTEMPTS } from '../src/notifications/mail-delivery.service';
import { BACKOFF_BASE_MS, OutboxService } from '../src/outbox/outbox.service';
import { User } from '../src/users/entities/user.entity';
import { startSmtpServer } from './support/smtp';
import { bearer, codeOf, fileSickDay, startTestApp, demoTokens, type TestApp } from './support/test-app';

describe(`notifications and e-mail (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string, mentor: string, mentee: string;
  let menteeId: string, mentorId: string;
  let url: string;
  /** A second instance on the same database (closed only with the first: SQLite's connection is shared in-process). */
  let other: TestApp;
  const sockets: Socket[] = [];
  let nextDay = 100;
  const runDue = (at = new Date(), app = t) => app.app.get(OutboxService).runDue(at);
  const deliveries = () => t.db.getRepository(MailDelivery);

  /** The mentee asks for a day of leave (a new day each time) and the mentor decides it. */
  const decidedLeave = async (decision: 'approve' | 'reject' = 'approve', comment = 'Get well soon') => {
    const leave = await fileSickDay(t, mentee, nextDay++);
    await t
      .http()
      .put(`/api/leaves/${leave._id}/${decision}`)
      .set(bearer(mentor))
      .send({ mentorComments: comment })
      .expect(200);
    return { id: leave._id, day: leave.day };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'School Office <office@school.test>', OUTBOX_POLL_MS: '0' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    [admin, mentor, mentee] = await demoTokens(t);
    const users = t.db.getRepository(User);
    menteeId = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    mentorId = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    other = await startTestApp({
      shareWith: t,
      seed: false,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'office@school.test', OUTBOX_POLL_MS: '0' },
    });
    // Whatever the seed caused is delivered before the tests count.
    await runDue();
    smtp.received.length = 0;
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuse(false);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await other.close();
    await t.close();
    await smtp.close();
  });

  it('a decided leave: the mentee is told in the inbox, and by one e-mail with the link once the worker runs', async () => {
    const before = (await t.http().get('/api/notifications/unread-count').set(bearer(mentee)).expect(200)).body
      .unreadCount;
    const { day } = await decidedLeave('approve', 'Get well soon');
    // The day as the pages write it ("27 Nov 2026").
    const written = dayjs(day).format('D MMM YYYY');
    const page = await t.http().get('/api/notifications').set(bearer(mentee)).expect(200);
    expect(page.body.unreadCount).toBe(before + 1);
    expect(page.body.notifications[0]).toMatchObject({
      kind: 'leave.decided',
      title: 'Your leave request was approved',
      body: `Sick leave, ${written} to ${written}. Comment: Get well soon`,
      link: '/leaves',
      read: false,
    });
    // Written with the decision, sent by the worker: nothing has gone yet.
    expect(smtp.received).toHaveLength(0);
    await runDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      from: 'office@school.test',
      to: [DEMO_ACCOUNTS.mentee],
      subject: 'Your leave request was approved',
    });
    expect(smtp.received[0].text).toContain(`Sick leave, ${written} to ${written}. Comment: Get well soon`);
    expect(smtp.received[0].text).toContain(`${t.config.mail.publicUrl}/leaves`);
    // Run again: nothing is sent twice.
    await runDue();
    await runDue(new Date(Date.now() + 24 * 3600_000));
    expect(smtp.received).toHaveLength(1);
    const log = await t.http().get('/api/admin/mail-log?kind=leave.decided').set(bearer(admin)).expect(200);
    expect(log.body.smtpConfigured).toBe(true);
    expect(log.body.deliveries[0]).toMatchObject({
      to: DEMO_ACCOUNTS.mentee,
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect(log.body.deliveries[0].sentAt).not.toBeNull();
  });

  it('an address stored as a list under the old loose rule is never mailed: the e-mail fails, naming why', async () => {
    await runDue();
    smtp.received.length = 0;
    const users = t.db.getRepository(User);
    await users.update({ id: menteeId }, { email: 'mentee@example.edu,victim@elsewhere.test' });
    try {
      await decidedLeave();
      await runDue();
      expect(smtp.received).toEqual([]);
      const [d] = await deliveries().find({
        where: { userId: menteeId, kind: 'leave.decided' },
        order: { createdAt: 'DESC' },
      });
      expect(d).toMatchObject({ status: 'failed', lastError: 'Not one e-mail address: not sent' });
    } finally {
      await users.update({ id: menteeId }, { email: DEMO_ACCOUNTS.mentee });
      // The failed-mail log of a later test counts only its own.
      await deliveries().delete({ status: 'failed', userId: menteeId });
    }
  });

  it('an SMTP server refusing: the mail stays pending with the error, is retried after the backoff, and sent once', async () => {
    smtp.refuse(true);
    await decidedLeave('reject', 'Exams that week');
    const now = new Date();
    await runDue(now);
    expect(smtp.received).toHaveLength(0);
    const [pending] = await deliveries().find({ where: { kind: 'leave.decided' }, order: { createdAt: 'DESC' } });
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.lastError).toMatch(/451|unavailable/i);
    expect(pending.sendAfter.getTime()).toBeGreaterThan(now.getTime());
    smtp.refuse(false);
    // Not yet due: the backoff holds it.
    await runDue(now);
    expect(smtp.received).toHaveLength(0);
    await runDue(new Date(now.getTime() + BACKOFF_BASE_MS + 1000));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].subject).toBe('Your leave request was rejected');
    expect(await deliveries().findOneByOrFail({ id: pending.id })).toMatchObject({ status: 'sent', attempts: 2 });
    await runDue(new Date(now.getTime() + 24 * 3600_000));
    expect(smtp.received).toHaveLength(1);
    smtp.received.length = 0;
  });

  it('a mail refused at every attempt is given up as failed after its last retry, and shows so in the log', async () => {
    smtp.refuse(true);
    await decidedLeave();
    const [d] = await deliveries().find({ where: { kind: 'leave.decided' }, order: { createdAt: 'DESC' }, take: 1 });
    // Each run two hours later than the last: past any backoff.
    for (let i = 0; i <= MAIL_MAX_ATTEMPTS; i++) await runDue(new Date(Date.now() + i * 2 * 3600_000));
    expect(await deliveries().findOneByOrFail({ id: d.id })).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
    });
    expect(await t.db.getRepository(OutboxJob).countBy({ kind: 'mail.send', status: 'failed' })).toBe(1);
    smtp.refuse(false);
    await runDue(new Date(Date.now() + 100 * 3600_000));
    expect(smtp.received).toHaveLength(0);
    const log = await t.http().get('/api/admin/mail-log?status=failed').set(bearer(admin)).expect(200);
    expect(log.body.deliveries.map((x: { _id: string }) => x._id)).toEqual([d.id]);
    expect(log.body.deliveries[0].lastError).toMatch(/451|unavailable/i);
  });

  it('two API instances on the same database deliver each mail once', async () => {
    try {
      await decidedLeave();
      await decidedLeave();
      await Promise.all([runDue(new Date(), t), runDue(new Date(), other), runDue(new Date(), other)]);
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received.map((m) => m.to)).toEqual([[DEMO_ACCOUNTS.mentee], [DEMO_ACCOUNTS.mentee]]);
      await Promise.all([runDue(new Date(), t), runDue(new Date(), other)]);
      expect(smtp.received).toHaveLength(2);
      expect(await t.db.getRepository(OutboxJob).countBy({ status: 'running' })).toBe(0);
    } finally {
      smtp.received.length = 0;
    }
  });

  it('a job whose instance crashed mid-run is taken over when its lease has passed', async () => {
    await decidedLeave();
    const jobs = t.db.getRepository(OutboxJob);
    const job = await jobs.findOneOrFail({ where: { kind: 'mail.send', status: 'pending' } });
    // As a crashed instance leaves it: claimed, never finished.
    await jobs.update({ id: job.id }, { status: 'running', lockToken: 'crashed', leaseUntil: new Date(), attempts: 1 });
    await runDue(new Date(Date.now() - 60_000));
    await runDue(new Date(Date.now() - 60_000));
    expect(smtp.received.filter((m) => m.subject.startsWith('Your leave'))).toHaveLength(0);
    await runDue(new Date(Date.now() + 60_000));
    expect(smtp.received).toHaveLength(1);
    expect(await jobs.findOneByOrFail({ id: job.id })).toMatchObject({ status: 'done', lockToken: null });
    smtp.received.length = 0;
  });

  it('the socket event reaches the recipient only, with the unread count; read-all reaches their other tabs', async () => {
    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          timeout: 5000,
        });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const [mine, otherTab, theMentors] = await Promise.all([connect(mentee), connect(mentee), connect(mentor)]);
    const seenByMentor: string[] = [];
    theMentors.onAny((event: string, payload: { notification?: { kind: string } }) =>
      seenByMentor.push(payload?.notification ? `${event}:${payload.notification.kind}` : event),
    );
    const event = new Promise<{ notification: { kind: string; title: string }; unreadCount: number }>((resolve) =>
      mine.once('notification', resolve),
    );
    await decidedLeave();
    await runDue();
    const got = await event;
    const unread = (await t.http().get('/api/notifications/unread-count').set(bearer(mentee))).body.unreadCount;
    expect(got).toMatchObject({ notification: { kind: 'leave.decided' }, unreadCount: unread });
    const read = new Promise<{ unreadCount: number }>((resolve) => otherTab.once('notificationsRead', resolve));
    const res = await t.http().put('/api/notifications/read-all').set(bearer(mentee)).expect(200);
    expect(res.body).toEqual({ unreadCount: 0 });
    expect(await read).toEqual({ unreadCount: 0 });
    // The mentor's own read-all comes after anything sent to them before: they were told of the filing (their work)
    // and saw the leave change, never the mentee's notification of the decision.
    const mentorsRead = new Promise((resolve) => theMentors.once('notificationsRead', resolve));
    await t.http().put('/api/notifications/read-all').set(bearer(mentor)).expect(200);
    await mentorsRead;
    expect(seenByMentor.filter((e) => e.startsWith('notification:'))).toEqual(['notification:leave.filed']);
    expect(seenByMentor.at(-1)).toBe('notificationsRead');
    smtp.received.length = 0;
  });

  it('the inbox: newest first in pages, mark one read, read all; another user’s notification is not found', async () => {
    for (let i = 0; i < 3; i++) await decidedLeave();
    const first = await t.http().get('/api/notifications?limit=2').set(bearer(mentee)).expect(200);
    expect(first.body.notifications).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.unreadCount).toBe(3);
    const [a, b] = first.body.notifications;
    expect(a.createdAt >= b.createdAt).toBe(true);
    const second = await t.http().get(`/api/notifications?limit=2&before=${b._id}`).set(bearer(mentee)).expect(200);
    expect(second.body.notifications.map((n: { _id: string }) => n._id)).not.toContain(a._id);
    expect(second.body.notifications.map((n: { _id: string }) => n._id)).not.toContain(b._id);
    const all = await t.http().get('/api/notifications?limit=100').set(bearer(mentee)).expect(200);
    expect(all.body.notifications.length).toBe(await t.db.getRepository(Notification).countBy({ userId: menteeId }));
    const marked = await t.http().put(`/api/notifications/${a._id}/read`).set(bearer(mentee)).expect(200);
    expect(marked.body).toMatchObject({ _id: a._id, read: true });
    expect((await t.http().get('/api/notifications/unread-count').set(bearer(mentee))).body).toEqual({
      unreadCount: 2,
    });
    // Someone else's id: 404, exactly as for an id that does not exist; nothing changes.
    expect(await codeOf(t.http().put(`/api/notifications/${b._id}/read`).set(bearer(mentor)).expect(404))).toBe(
      'NOTIFICATION_NOT_FOUND',
    );
    expect(
      await codeOf(
        t.http().put('/api/notifications/8a4f3c1e-2b7d-4e5f-9a6b-1c2d3e4f5a6b/read').set(bearer(mentor)).expect(404),
      ),
    ).toBe('NOTIFICATION_NOT_FOUND');
    expect(await codeOf(t.http().get(`/api/notifications?before=${b._id}`).set(bearer(mentor)).expect(404))).toBe(
      'NOTIFICATION_NOT_FOUND',
    );
    expect((await t.db.getRepository(Notification).findOneByOrFail({ id: b._id })).readAt).toBeNull();
    for (const bad of ['/api/notifications/not-an-id/read'])
      expect(await codeOf(t.http().put(bad).set(bearer(mentee)).expect(400))).toBe('VALIDATION_FAILED');
    for (const q of ['limit=0', 'limit=abc', 'limit=1000', 'before=x', 'other=1'])
      expect(await codeOf(t.http().get(`/api/notifications?${q}`).set(bearer(mentee)).expect(400))).toBe(
        'VALIDATION_FAILED',
      );
    await t.http().put('/api/notifications/read-all').set(bearer(mentee)).expect(200, { unreadCount: 0 });
    await t.http().get('/api/notifications').expect(401);
    await runDue();
    smtp.received.length = 0;
  });

  it('preferences: defaults, a change per kind, and no e-mail for a kind switched off (the inbox still has it)', async () => {
    const prefs = await t.http().get('/api/notifications/preferences').set(bearer(mentee)).expect(200);
    expect(prefs.body).toEqual({ email: EMAIL_DEFAULTS });
    const put = await t
      .http()
      .put('/api/notifications/preferences')
      .set(bearer(mentee))
      .send({ email: { 'leave.decided': false, 'announcement.new': true } })
      .expect(200);
    expect(put.body.email).toEqual({ ...EMAIL_DEFAULTS, 'leave.decided': false, 'announcement.new': true });
    // Setting it again changes the one row.
    await t
      .http()
      .put('/api/notifications/preferences')
      .set(bearer(mentee))
      .send({ email: { 'announcement.new': true } })
      .expect(200);
    expect(await t.db.getRepository(NotificationPreference).countBy({ userId: menteeId })).toBe(2);
    const unread = (await t.http().get('/api/notifications/unread-count').set(bearer(mentee))).body.unreadCount;
    await decidedLeave();
    await runDue();
    expect(smtp.received).toHaveLength(0);
    expect((await t.http().get('/api/notifications/unread-count').set(bearer(mentee))).body.unreadCount).toBe(
      unread + 1,
    );
    await t
      .http()
      .put('/api/notifications/preferences')
      .set(bearer(mentee))
      .send({ email: { 'leave.decided': true } })
      .expect(200);
  });

  it('preferences refuse bad input with VALIDATION_FAILED and store nothing', async () => {
    const before = await t.db.getRepository(NotificationPreference).find({ where: { userId: menteeId } });
    for (const body of [
      {},
      { email: null },
      { email: 'yes' },
      { email: [] },
      { email: { 'leave.decided': 'no' } },
      { email: { 'leave.decided': null } },
      { email: { 'leave.decided': 1 } },
      { email: { 'no.such.kind': true } },
      { email: { 'leave.decided': false, 'no.such.kind': true } },
      { email: {}, other: 1 },
    ])
      expect(
        await codeOf(t.http().put('/api/notifications/preferences').set(bearer(mentee)).send(body).expect(400)),
      ).toBe('VALIDATION_FAILED');
    expect(await t.db.getRepository(NotificationPreference).find({ where: { userId: menteeId } })).toEqual(before);
  });

  it('the delivery log is for admins only, with filters and pages, newest first', async () => {
    for (const token of [mentor, mentee])
      expect(await codeOf(t.http().get('/api/admin/mail-log').set(bearer(token)).expect(403))).toBeDefined();
    const sent = await t.http().get('/api/admin/mail-log?status=sent&limit=2&page=1').set(bearer(admin)).expect(200);
    expect(sent.body).toMatchObject({ page: 1, limit: 2, smtpConfigured: true });
    expect(sent.body.total).toBeGreaterThanOrEqual(3);
    expect(sent.body.deliveries).toHaveLength(2);
    expect(sent.body.deliveries.every((d: { status: string }) => d.status === 'sent')).toBe(true);
    expect(sent.body.deliveries[0].createdAt >= sent.body.deliveries[1].createdAt).toBe(true);
    for (const q of ['status=lost', 'kind=nope', 'page=0', 'limit=x'])
      expect(await codeOf(t.http().get(`/api/admin/mail-log?${q}`).set(bearer(admin)).expect(400))).toBe(
        'VALIDATION_FAILED',
      );
  });

  it("an admin switches a student's guardian notices, audited; others may not; a non-student id is not found", async () => {
    const path = `/api/admin/users/${menteeId}/guardian-notifications`;
    expect((await t.http().get(path).set(bearer(admin)).expect(200)).body).toEqual({ enabled: true });
    for (const token of [mentor, mentee]) {
      await t.http().get(path).set(bearer(token)).expect(403);
      await t.http().put(path).set(bearer(token)).send({ enabled: false }).expect(403);
    }
    for (const body of [{}, { enabled: null }, { enabled: 'false' }, { enabled: 0 }, { enabled: false, x: 1 }])
      expect(await codeOf(t.http().put(path).set(bearer(admin)).send(body).expect(400))).toBe('VALIDATION_FAILED');
    expect(await t.db.getRepository(GuardianNoticeSetting).countBy({ menteeId })).toBe(0);
    expect(
      await codeOf(
        t
          .http()
          .put(`/api/admin/users/${mentorId}/guardian-notifications`)
          .set(bearer(admin))
          .send({ enabled: false })
          .expect(404),
      ),
    ).toBe('MENTEE_NOT_FOUND');
    await t.http().get('/api/admin/users/nope/guardian-notifications').set(bearer(admin)).expect(400);
    expect((await t.http().put(path).set(bearer(admin)).send({ enabled: false }).expect(200)).body).toEqual({
      enabled: false,
    });
    expect((await t.http().get(path).set(bearer(admin)).expect(200)).body).toEqual({ enabled: false });
    const audit = await t.db
      .getRepository(AuditEntry)
      .findBy({ targetId: menteeId, action: 'user.guardian-notifications' });
    expect(audit).toHaveLength(1);
    expect(audit[0].changes).toEqual({ guardianNotifications: { from: true, to: false } });
    await t.http().put(path).set(bearer(admin)).send({ enabled: true }).expect(200);
  });
});
