import { OutboxJob } from '../src/outbox/outbox-job.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { startTestApp, type TestApp } from './support/test-app';

/** Issue 36: retries wait behind new work, so a job failing again and again never holds back what has not run yet. */
describe(`outbox order (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const ran: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ seed: false, env: { OUTBOX_POLL_MS: '0' } });
    t.app.get(OutboxService).register<{ name: string }>('test.order', async ({ name }) => {
      ran.push(name);
    });
  });
  afterAll(() => t.close());

  it('runs jobs not tried yet before retries, even retries due earlier', async () => {
    const now = Date.now();
    const job = (name: string, attempts: number, runAfter: number) =>
      t.db.getRepository(OutboxJob).create({
        kind: 'test.order',
        payload: { name },
        status: 'pending',
        attempts,
        runAfter: new Date(runAfter),
        lockToken: null,
        leaseUntil: null,
        lastError: attempts ? 'failed before' : null,
      });
    await t.db
      .getRepository(OutboxJob)
      .insert([
        job('retry twice', 2, now - 60_000),
        job('retry once', 1, now - 50_000),
        job('new', 0, now - 1000),
      ] as never);
    await t.app.get(OutboxService).runDue(new Date(now));
    expect(ran).toEqual(['new', 'retry once', 'retry twice']);
  });
});
