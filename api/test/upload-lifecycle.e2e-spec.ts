import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { In } from 'typeorm';
import { ErrorCode } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { AttachmentStorage } from '../src/messages/attachment-storage.service';
import { individualKey } from '../src/messages/conversation-key';
import { AttachmentChunk } from '../src/messages/entities/attachment-chunk.entity';
import { Attachment } from '../src/messages/entities/message.entity';
import { AccountCleanupRegistry } from '../src/users/account-cleanup.registry';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp, bytes } from './support/test-app';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe(`upload quota and clean-up (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, mentee: string;
  let menteeId: string, mentorId: string, adminId: string;
  // An account deletion fails after every module removed its rows while this is set (see the rollback test).
  let failAccountDeletion = false;
  beforeAll(async () => {
    t = await startTestApp({ env: { UPLOAD_DAILY_COUNT: '4', UPLOAD_DAILY_BYTES: '100000' } });
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    mentee = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    menteeId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    mentorId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    adminId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.admin })).id;
    t.app.get(AccountCleanupRegistry).register(1000, async () => {
      if (failAccountDeletion) throw new Error('injected failure after every clean-up step');
      return {};
    });
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
  /** How many stored chunks hold the bytes of these attachments. */
  const chunksOf = (...ids: string[]) => t.db.getRepository(AttachmentChunk).countBy({ attachmentId: In(ids) });
  const download = (token: string, id: string, via: TestApp = t) =>
    via.http().get(`/api/messages/attachments/${id}`).set(bearer(token)).buffer(true).parse(bytes);
  const sendWith = (token: string, conversationId: string, attachmentId: string) =>
    t
      .http()
      .post('/api/messages')
      .set(bearer(token))
      .send({ conversationType: 'individual', conversationId, content: 'file', attachmentId })
      .expect(201);

  it('unsent attachments older than a day are removed, rows and bytes; sent and recent ones stay', async () => {
    const old = (await upload(mentor, menteeId).expect(201)).body._id;
    const sent = (await upload(mentor, menteeId).expect(201)).body._id;
    await sendWith(mentor, menteeId, sent);
    const fresh = (await upload(mentor, menteeId).expect(201)).body._id;
    expect(await chunksOf(old)).toBe(1);
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await t.db.getRepository(Attachment).update({ id: In([old, sent]) }, { createdAt: dayAgo });
    const removed = await t.app.get(AttachmentStorage).removeUnsent();
    expect(removed).toBe(1);
    expect(await t.db.getRepository(Attachment).existsBy({ id: old })).toBe(false);
    expect(await chunksOf(old)).toBe(0);
    expect(await t.db.getRepository(Attachment).existsBy({ id: sent })).toBe(true);
    expect(await chunksOf(sent, fresh)).toBe(2);
    expect(Buffer.compare((await download(mentee, sent).expect(200)).body as Buffer, PNG)).toBe(0);
  });

  it('a daily quota per user (count and bytes): 429 UPLOAD_QUOTA_EXCEEDED past it, nothing stored', async () => {
    // Of the mentor's uploads only the fresh one is from the last 24 hours: three more, then refused.
    for (let i = 0; i < 3; i++) await upload(mentor, menteeId).expect(201);
    const before = await t.db.getRepository(Attachment).count();
    const chunksBefore = await t.db.getRepository(AttachmentChunk).count();
    const res = await upload(mentor, menteeId).expect(429);
    expect(res.body.code).toBe(ErrorCode.UploadQuotaExceeded);
    expect(await t.db.getRepository(Attachment).count()).toBe(before);
    const big = Buffer.from('x'.repeat(60000));
    await upload(mentee, mentorId, big, 'notes.txt').expect(201);
    const over = await upload(mentee, mentorId, big, 'notes.txt').expect(429);
    expect(over.body.code).toBe(ErrorCode.UploadQuotaExceeded);
    // One 60000-byte file went in (one chunk); the refused ones left nothing.
    expect(await t.db.getRepository(AttachmentChunk).count()).toBe(chunksBefore + 1);
  });

  it('a conversation deleted for everyone takes its attachments from its members (404); the bytes are kept for the safeguarding leads until the purge', async () => {
    const id = (await upload(admin, mentorId).expect(201)).body._id;
    await sendWith(admin, mentorId, id);
    await download(mentor, id).expect(200);
    await t.http().delete(`/api/messages/conversation/individual/${mentorId}`).set(bearer(admin)).expect(200);
    const res = await t.http().get(`/api/messages/attachments/${id}`).set(bearer(mentor)).expect(404);
    expect(res.body.code).toBe(ErrorCode.AttachmentNotFound);
    expect(await chunksOf(id)).toBeGreaterThan(0);
    await download(admin, id).expect(404);
  });

  it("a deleted user's attachments go with the account, in its transaction: a failed deletion keeps them", async () => {
    // The mentee's own upload (from the quota test) and an admin's file sent into the mentee's chat.
    const id = (await upload(admin, menteeId).expect(201)).body._id;
    await sendWith(admin, menteeId, id);
    const ids = [id, ...(await t.db.getRepository(Attachment).findBy({ uploaderId: menteeId })).map((a) => a.id)];
    expect(ids.length).toBeGreaterThan(1);
    const chunks = await chunksOf(...ids);
    expect(chunks).toBeGreaterThanOrEqual(ids.length);

    failAccountDeletion = true;
    try {
      await t.http().delete(`/api/admin/users/${menteeId}`).set(bearer(admin)).expect(500);
    } finally {
      failAccountDeletion = false;
    }
    expect(await t.db.getRepository(Attachment).countBy({ id: In(ids) })).toBe(ids.length);
    expect(await chunksOf(...ids)).toBe(chunks);
    expect(Buffer.compare((await download(admin, id).expect(200)).body as Buffer, PNG)).toBe(0);

    await t.http().delete(`/api/admin/users/${menteeId}`).set(bearer(admin)).expect(200);
    expect(await t.db.getRepository(Attachment).countBy({ id: In(ids) })).toBe(0);
    expect(await chunksOf(...ids)).toBe(0);
  });

  it('files an older version kept under DATA_DIR/uploads are moved into the database when an instance starts', async () => {
    const repo = t.db.getRepository(Attachment);
    const legacy = (storageName: string) =>
      repo.save(
        repo.create({
          uploaderId: adminId,
          conversationType: 'individual',
          conversationKey: individualKey(adminId, mentorId),
          kind: 'image',
          fileName: 'old.png',
          mimeType: 'image/png',
          size: PNG.length,
          storageName,
        }),
      );
    const here = await legacy('file-on-this-machine');
    const elsewhere = await legacy('file-on-another-machine');
    const dir = join(t.config.dataDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, here.storageName!), PNG);
    // Files without a row: one from an upload an hour ago that never got its row, one possibly still being uploaded.
    writeFileSync(join(dir, 'orphan-old'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(join(dir, 'orphan-old'), twoHoursAgo, twoHoursAgo);
    writeFileSync(join(dir, 'orphan-new'), 'y');

    // An instance on the same database, started on the machine holding the files.
    const second = await startTestApp({ seed: false, shareWith: t, env: { DATA_DIR: t.config.dataDir } });
    try {
      expect(existsSync(join(dir, here.storageName!))).toBe(false);
      expect(existsSync(join(dir, 'orphan-old'))).toBe(false);
      expect(existsSync(join(dir, 'orphan-new'))).toBe(true);
      expect((await repo.findOneByOrFail({ id: here.id })).storageName).toBeNull();
      expect(await chunksOf(here.id)).toBe(1);
      // Readable through either instance now, not only the one on the machine that had the file.
      expect(Buffer.compare((await download(admin, here.id, second).expect(200)).body as Buffer, PNG)).toBe(0);
      expect(Buffer.compare((await download(admin, here.id).expect(200)).body as Buffer, PNG)).toBe(0);
      // A row whose file is on another machine waits for that machine's start; until then it is not available.
      expect((await repo.findOneByOrFail({ id: elsewhere.id })).storageName).toBe('file-on-another-machine');
      const gone = await t.http().get(`/api/messages/attachments/${elsewhere.id}`).set(bearer(admin)).expect(404);
      expect(gone.body.code).toBe(ErrorCode.AttachmentNotFound);
    } finally {
      await second.close();
    }
  });
});
