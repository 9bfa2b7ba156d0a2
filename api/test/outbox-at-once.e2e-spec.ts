import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { NotificationsService } from '../src/notifications/notifications.service';
import { OutboxJob } from '../src/outbox/outbox-job.entity';
import { BACKOFF_BASE_MS, LEASE_MS, OutboxService, type OutboxRun } from '../src/outbox/outbox.service';
import { User } from '../src/users/entities/user.entity';
import { bearer, fileSickDay, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Jobs of an `atOnce` kind (the notifications' socket push) are claimed by the writing instance in their INSERT and run
 * by it after the commit. The poller is on but an hour away, so whatever runs here ran at once.
 */
describe(`outbox jobs run at once after their commit (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let outbox: OutboxService;
  let db: DataSource;
  let socket: Socket;
  let mentor: string, mentee: string, menteeId: string;
  // A kind of this test's own: what its handler was given, and whether it should fail.
  const calls: { payload: unknown; run: OutboxRun; local: unknown }[] = [];
  let failNext = false;
  const jobs = () => db.getRepository(OutboxJob);

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: String(60 * 60_000) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    outbox = t.app.get(OutboxService);
    db = t.db;
    outbox.register<{ n: number }, string>(
      'test.at-once',
      async (payload, run, local) => {
        calls.push({ payload, run, local });
        if (failNext) {
          failNext = false;
          throw new Error('not now');
        }
      },
      { atOnce: true },
    );
    [mentor, mentee] = await Promise.all([tokenFor(t, DEMO_ACCOUNTS.mentor), tokenFor(t, DEMO_ACCOUNTS.mentee)]);
    menteeId = (await db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    const url = await t.app.getUrl();
    socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: mentee },
      reconnection: false,
      timeout: 5000,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    // What the seed's writes queued is settled before the tests look.
    await outbox.runDue();
  });
  afterAll(async () => {
    socket?.close();
    await t.close();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  const nextEvent = <T>(event: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
      socket.once(event, (x: T) => {
        clearTimeout(timer);
        resolve(x);
      });
    });

  it("a decided leave's notification reaches the student's socket without a poll, and its job is done", async () => {
    const leave = await fileSickDay(t, mentee, 300);
    const pushed = nextEvent<{ notification: { _id: string; kind: string }; unreadCount: number }>('notification');
    await t.http().put(`/api/leaves/${leave._id}/approve`).set(bearer(mentor)).send({}).expect(200);
    const got = await pushed;
    const unread = (await t.http().get('/api/notifications/unread-count').set(bearer(mentee))).body.unreadCount;
    expect(got).toMatchObject({ notification: { kind: 'leave.decided' }, unreadCount: unread });
    // Pushed before any poll ran; the job is recorded as run once, by its writer (its claim keeps pollers away).
    await outbox.runDue();
    const job = (await jobs().findBy({ kind: 'notifications.push' })).filter((j) =>
      (j.payload as { ids: string[] }).ids.includes(got.notification._id),
    );
    expect(job).toHaveLength(1);
    expect(job[0]).toMatchObject({ status: 'done', attempts: 1, lockToken: null, leaseUntil: null, lastError: null });
  });

  it('runs after the commit, not before, with what the writer handed over in memory', async () => {
    let id = '';
    await db.transaction(async (tx) => {
      id = await outbox.enqueue(tx, { kind: 'test.at-once', payload: { n: 1 }, local: 'in memory' });
      // Claimed in its INSERT: no other instance's poll can take it.
      expect(await tx.findOneByOrFail(OutboxJob, { id })).toMatchObject({ status: 'running', attempts: 1 });
      expect(calls).toHaveLength(0);
    });
    await outbox.runDue();
    expect(calls).toEqual([
      { payload: { n: 1 }, run: expect.objectContaining({ jobId: id, attempt: 1 }), local: 'in memory' },
    ]);
    expect(await jobs().findOneByOrFail({ id })).toMatchObject({ status: 'done', lockToken: null });
  });

  it('a rolled-back write leaves no job and runs nothing; its notification is never pushed', async () => {
    const notifications = t.app.get(NotificationsService);
    const before = await jobs().countBy({ kind: 'test.at-once' });
    const input = (title: string) => ({ kind: 'grievance.status' as const, title, body: '', link: '/grievances' });
    await expect(
      db.transaction(async (tx) => {
        await notifications.notify(tx, [menteeId], input('Rolled back'));
        await outbox.enqueue(tx, { kind: 'test.at-once', payload: { n: 2 } });
        throw new Error('the write fails after queuing');
      }),
    ).rejects.toThrow('the write fails after queuing');
    await outbox.runDue();
    expect(calls).toHaveLength(0);
    expect(await jobs().countBy({ kind: 'test.at-once' })).toBe(before);
    // Socket events arrive in order: had the rolled-back one been pushed, it would come before this one.
    const pushed = nextEvent<{ notification: { title: string } }>('notification');
    await db.transaction((tx) => notifications.notify(tx, [menteeId], input('Committed')));
    expect((await pushed).notification.title).toBe('Committed');
  });

  it('a run at once that fails is retried after its backoff, by the poller', async () => {
    failNext = true;
    const id = await db.transaction((tx) => outbox.enqueue(tx, { kind: 'test.at-once', payload: { n: 3 } }));
    await outbox.runDue();
    const failed = await jobs().findOneByOrFail({ id });
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'not now', lockToken: null });
    expect(failed.runAfter.getTime()).toBeGreaterThan(Date.now() + BACKOFF_BASE_MS - 5000);
    await outbox.runDue(new Date(Date.now() + BACKOFF_BASE_MS + 1000));
    expect(calls.map((c) => [c.run.attempt, c.local])).toEqual([
      [1, undefined],
      [2, undefined],
    ]);
    expect(await jobs().findOneByOrFail({ id })).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a job claimed at insert by an instance that went away is run when its lease ends', async () => {
    // As such an instance leaves it: written claimed by it, never run.
    const written = new Date();
    const job = jobs().create({
      kind: 'test.at-once',
      payload: { n: 4 },
      status: 'running',
      attempts: 1,
      runAfter: written,
      lockToken: 'gone',
      leaseUntil: new Date(written.getTime() + LEASE_MS),
      lastError: null,
    });
    await jobs().insert(job as never);
    expect(await outbox.runDue(new Date(written.getTime() + LEASE_MS - 60_000))).toBe(0);
    expect(calls).toHaveLength(0);
    await outbox.runDue(new Date(written.getTime() + LEASE_MS + 60_000));
    expect(calls.map((c) => [c.run.attempt, c.local])).toEqual([[2, undefined]]);
    expect(await jobs().findOneByOrFail({ id: job.id })).toMatchObject({ status: 'done', lockToken: null });
  });
});
