import dayjs from 'dayjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { AttachmentChunk } from '../src/messages/entities/attachment-chunk.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp, bytes } from './support/test-app';

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

  it('a file uploaded through one instance downloads byte for byte through the other, and its deletion reaches both', async () => {
    const [mentor, mentee] = await Promise.all([tokenFor(a, DEMO_ACCOUNTS.mentor), tokenFor(a, DEMO_ACCOUNTS.mentee)]);
    const menteeId = (await a.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    // Several chunks of every byte value behind a PDF header.
    const pdf = Buffer.alloc(300 * 1024);
    for (let i = 0; i < pdf.length; i++) pdf[i] = (i * 7 + (i >> 8)) & 0xff;
    pdf.write('%PDF-1.4\n', 0, 'latin1');
    const up = await a
      .http()
      .post('/api/messages/attachments')
      .set(bearer(mentor))
      .field('conversationType', 'individual')
      .field('conversationId', menteeId)
      .attach('file', pdf, 'worksheet.pdf')
      .expect(201);
    await a
      .http()
      .post('/api/messages')
      .set(bearer(mentor))
      .send({ conversationType: 'individual', conversationId: menteeId, content: 'file', attachmentId: up.body._id })
      .expect(201);
    // Nothing on either machine's disk: the bytes are in the database both instances use.
    for (const t of [a, b]) expect(existsSync(join(t.config.dataDir, 'uploads'))).toBe(false);
    const file = await b
      .http()
      .get(`/api/messages/attachments/${up.body._id}`)
      .set(bearer(mentee))
      .buffer(true)
      .parse(bytes)
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);

    await b.http().delete(`/api/messages/conversation/individual/${menteeId}`).set(bearer(mentor)).expect(200);
    // Gone from the conversation on both instances; its bytes are kept for the safeguarding leads until the purge.
    expect(await a.db.getRepository(AttachmentChunk).countBy({ attachmentId: up.body._id })).toBeGreaterThan(0);
    for (const t of [a, b])
      await t.http().get(`/api/messages/attachments/${up.body._id}`).set(bearer(mentee)).expect(404);
  });
});
