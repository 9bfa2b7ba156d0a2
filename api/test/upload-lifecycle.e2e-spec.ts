import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { In } from 'typeorm';
import { ErrorCode } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { AttachmentStorage } from '../src/messages/attachment-storage.service';
import { Attachment } from '../src/messages/entities/message.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe(`upload quota and clean-up (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string;
  let menteeId: string, mentorId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { UPLOAD_DAILY_COUNT: '4', UPLOAD_DAILY_BYTES: '100000' } });
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    mentee = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    menteeId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    mentorId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
  });
  afterAll(() => t.close());

  const upload = (token: string, conversationId: string, content: Buffer = PNG, name = 'a.png') =>
    t
      .http()
      .post('/api/messages/attachments')
      .set(bearer(token))
      .field('conversationType', 'individual')
      .field('conversationId', conversationId)
      .attach('file', content, name);
  const fileOf = async (id: string) =>
    join(t.config.dataDir, 'uploads', (await t.db.getRepository(Attachment).findOneByOrFail({ id })).storageName);
  const sendWith = (token: string, conversationId: string, attachmentId: string) =>
    t
      .http()
      .post('/api/messages')
      .set(bearer(token))
      .send({ conversationType: 'individual', conversationId, content: 'file', attachmentId })
      .expect(201);

  it('unsent attachments older than a day are removed, rows and files; sent and recent ones stay', async () => {
    const old = (await upload(mentor, menteeId).expect(201)).body._id;
    const sent = (await upload(mentor, menteeId).expect(201)).body._id;
    await sendWith(mentor, menteeId, sent);
    const fresh = (await upload(mentor, menteeId).expect(201)).body._id;
    const oldFile = await fileOf(old);
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await t.db.getRepository(Attachment).update({ id: In([old, sent]) }, { createdAt: dayAgo });
    const removed = await t.app.get(AttachmentStorage).removeUnsent();
    expect(removed).toBe(1);
    expect(await t.db.getRepository(Attachment).existsBy({ id: old })).toBe(false);
    expect(existsSync(oldFile)).toBe(false);
    expect(await t.db.getRepository(Attachment).existsBy({ id: sent })).toBe(true);
    expect(await t.db.getRepository(Attachment).existsBy({ id: fresh })).toBe(true);
    expect(existsSync(await fileOf(fresh))).toBe(true);
  });

  it('a daily quota per user (count and bytes): 429 UPLOAD_QUOTA_EXCEEDED past it, nothing stored', async () => {
    // Of the mentor's uploads only the fresh one is from the last 24 hours: three more, then refused.
    for (let i = 0; i < 3; i++) await upload(mentor, menteeId).expect(201);
    const before = await t.db.getRepository(Attachment).count();
    const res = await upload(mentor, menteeId).expect(429);
    expect(res.body.code).toBe(ErrorCode.UploadQuotaExceeded);
    expect(await t.db.getRepository(Attachment).count()).toBe(before);
    const big = Buffer.from('x'.repeat(60000));
    await upload(mentee, mentorId, big, 'notes.txt').expect(201);
    const over = await upload(mentee, mentorId, big, 'notes.txt').expect(429);
    expect(over.body.code).toBe(ErrorCode.UploadQuotaExceeded);
  });

  it('a conversation deleted for everyone takes its attachments: the download is 404 and the file is gone', async () => {
    const id = (await upload(admin, mentorId).expect(201)).body._id;
    await sendWith(admin, mentorId, id);
    const file = await fileOf(id);
    await t.http().get(`/api/messages/attachments/${id}`).set(bearer(mentor)).expect(200);
    await t.http().delete(`/api/messages/conversation/individual/${mentorId}`).set(bearer(admin)).expect(200);
    const res = await t.http().get(`/api/messages/attachments/${id}`).set(bearer(mentor)).expect(404);
    expect(res.body.code).toBe(ErrorCode.AttachmentNotFound);
    expect(existsSync(file)).toBe(false);
  });

  it("a deleted user's files are gone with the account", async () => {
    // The mentee's own upload (from the quota test) and an admin's file sent into the mentee's chat.
    const id = (await upload(admin, menteeId).expect(201)).body._id;
    await sendWith(admin, menteeId, id);
    const files = await Promise.all(
      (await t.db.getRepository(Attachment).findBy({ uploaderId: menteeId })).map((a) =>
        join(t.config.dataDir, 'uploads', a.storageName),
      ),
    );
    const shared = await fileOf(id);
    expect(files.length).toBeGreaterThan(0);
    await t.http().delete(`/api/admin/users/${menteeId}`).set(bearer(admin)).expect(200);
    for (const f of [...files, shared]) expect(existsSync(f)).toBe(false);
    expect(await t.db.getRepository(Attachment).existsBy({ id })).toBe(false);
  });
});
