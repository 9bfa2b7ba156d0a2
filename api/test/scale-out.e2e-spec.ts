import dayjs from 'dayjs';
import { io, type Socket } from 'socket.io-client';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe(`two API instances with the Redis adapter (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let a: TestApp;
  let b: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await startTestApp({ env: { REDIS_URL } });
    // The second instance shares the first one's database and secret, as instances behind one load balancer do.
    b = await startTestApp({ seed: false, shareWith: a, env: { REDIS_URL } });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await b.close();
    await a.close();
  });

  it('a message sent through one instance reaches a client connected to the other', async () => {
    const mentee = await a.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    const menteeToken = await tokenFor(a, DEMO_ACCOUNTS.mentee);
    const s = io(await b.app.getUrl(), {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: menteeToken },
      reconnection: false,
    });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const got = new Promise<{ content: string }>((resolve) => s.once('newMessage', resolve));
    const mentorToken = await tokenFor(a, DEMO_ACCOUNTS.mentor);
    await a
      .http()
      .post('/api/messages')
      .set(bearer(mentorToken))
      .send({ conversationType: 'individual', conversationId: mentee.id, content: 'Across instances' })
      .expect(201);
    await expect(got).resolves.toMatchObject({ content: 'Across instances' });
  });

  it('a write through one instance retires the cached reads of the other before it answers', async () => {
    const [admin, mentee] = await Promise.all([tokenFor(a, DEMO_ACCOUNTS.admin), tokenFor(a, DEMO_ACCOUNTS.mentee)]);
    const pending = async (via: TestApp) =>
      (await via.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200)).body.stats.pendingLeaves;
    const before = await pending(b);
    expect(await pending(b)).toBe(before); // now kept by b
    const day = dayjs().add(90, 'day').format('YYYY-MM-DD');
    await a
      .http()
      .post('/api/leaves')
      .set(bearer(mentee))
      .send({ leaveType: 'sick', startDate: day, endDate: day, reason: 'Across instances' })
      .expect(201);
    expect(await pending(b)).toBe(before + 1);
  });
});
