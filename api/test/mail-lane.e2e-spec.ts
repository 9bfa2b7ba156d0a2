import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { MailDelivery, Notification } from '../src/notifications/entities/notification.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';
import { waitUntil } from './support/wait';

/**
 * Issue 36: background work in lanes. A mail server that accepts connections and never answers used to hold the one
 * outbox loop for its greeting timeout per e-mail, so an announcement reached the students' inboxes after minutes.
 */
describe(`a silent mail server delays nothing but mail (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let server: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t = await startTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
        SMTP_TIMEOUT_MS: '5000',
        OUTBOX_POLL_MS: '50',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    sockets.forEach((s) => s.destroy());
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('with 25 e-mails pending on it, an announcement reaches the students’ in-app inboxes within 2 s', async () => {
    const notifications = t.app.get(NotificationsService);
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++)
        await notifications.queueMail(tx, {
          kind: 'leave.decided',
          to: `student${i}@school.test`,
          subject: `Leave decided ${i}`,
          text: 'Your leave request was approved.',
        });
    });
    // The mail lane is busy with the silent server.
    await waitUntil(() => sockets.length > 0, { what: 'a connection to the silent mail server' });
    const mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    const mentee = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    await t
      .http()
      .post('/api/announcements')
      .set(bearer(mentor))
      .send({ title: 'Sports day', content: 'Friday, on the main field.', targetAudience: 'mentees' })
      .expect(201);
    await waitUntil(() => t.db.getRepository(Notification).existsBy({ userId: mentee.id, kind: 'announcement.new' }), {
      ms: 2000,
      what: "the announcement in a student's inbox",
    });
    // The mails are still waiting (none was lost, none sent).
    expect(await t.db.getRepository(MailDelivery).countBy({ kind: 'leave.decided', status: 'sent' })).toBe(0);
    expect(await t.db.getRepository(MailDelivery).countBy({ kind: 'leave.decided' })).toBe(25);
  }, 30_000);
});
