import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { MailDelivery } from '../src/notifications/entities/notification.entity';
import { OutboxJob } from '../src/outbox/outbox-job.entity';
import { startSmtpServer } from './support/smtp';
import { bearer, fileSickDay, startTestApp, tokenFor, type TestApp } from './support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Checks `done` every 50 ms until it holds; fails after `ms` (a bound, not a timing assertion). */
async function until(done: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`the outbox on BullMQ with two API instances (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { REDIS_URL, SMTP_URL: smtp.url, MAIL_FROM: 'office@school.test', OUTBOX_POLL_MS: '100' };
    a = await startTestApp({ env });
    b = await startTestApp({ seed: false, shareWith: a, env });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('both instances relay due jobs to one queue and work it; each e-mail is sent once', async () => {
    const [mentor, mentee] = [await tokenFor(a, DEMO_ACCOUNTS.mentor), await tokenFor(a, DEMO_ACCOUNTS.mentee)];
    for (let i = 0; i < 4; i++) {
      const leave = await fileSickDay(a, mentee, 200 + i);
      // Decided through either instance.
      await (i % 2 ? b : a).http().put(`/api/leaves/${leave._id}/approve`).set(bearer(mentor)).send({}).expect(200);
    }
    const jobs = a.db.getRepository(OutboxJob);
    await until(async () => (await jobs.countBy({ kind: 'mail.send', status: 'done' })) === 4, 'four mails sent');
    await until(
      async () => (await jobs.count({ where: [{ status: 'pending' }, { status: 'running' }] })) === 0,
      'outbox idle',
    );
    // Every job is done and every delivery sent: nothing can run again, so the count is final.
    expect(smtp.received).toHaveLength(4);
    expect(smtp.received.every((m) => m.to[0] === DEMO_ACCOUNTS.mentee)).toBe(true);
    expect(await a.db.getRepository(MailDelivery).findBy({ kind: 'leave.decided' })).toEqual(
      Array.from({ length: 4 }, () => expect.objectContaining({ status: 'sent', attempts: 1 })),
    );
  });
});
