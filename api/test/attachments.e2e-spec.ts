import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { AttachmentChunk } from '../src/messages/entities/attachment-chunk.entity';
import { Attachment, Message } from '../src/messages/entities/message.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, menteeOfAnotherMentor, startTestApp, tokenFor, type TestApp, bytes } from './support/test-app';

// The smallest valid PNG (1×1).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe(`chat attachments (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let mentor: string, mentee: string, outsider: string;
  let menteeId: string, mentorId: string;
  beforeAll(async () => {
    t = await startTestApp();
    mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    mentee = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    menteeId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    mentorId = (await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    outsider = await tokenFor(t, (await menteeOfAnotherMentor(t)).email);
  });
  afterAll(() => t.close());

  const upload = (token: string, name: string, content: Buffer, conversationId = `individual_${menteeId}`) =>
    t
      .http()
      .post('/api/messages/attachments')
      .set(bearer(token))
      .field('conversationType', 'individual')
      .field('conversationId', conversationId)
      .attach('file', content, name);
  const download = (token: string, id: string) =>
    t.http().get(`/api/messages/attachments/${id}`).set(bearer(token)).buffer(true).parse(bytes);
  /** How many attachments, and chunks of their bytes, are stored. */
  const stored = async () => ({
    attachments: await t.db.getRepository(Attachment).count(),
    chunks: await t.db.getRepository(AttachmentChunk).count(),
  });

  it("uploads a photo, sends it, and lets only the conversation's members open it", async () => {
    const up = await upload(mentor, 'board.png', PNG).expect(201);
    expect(up.body).toMatchObject({ kind: 'image', fileName: 'board.png', mimeType: 'image/png', size: PNG.length });
    const sent = await t
      .http()
      .post('/api/messages')
      .set(bearer(mentor))
      .send({
        conversationType: 'individual',
        conversationId: menteeId,
        content: "Today's board",
        attachmentId: up.body._id,
      })
      .expect(201);
    expect(sent.body.attachment).toMatchObject({ _id: up.body._id, kind: 'image' });
    const file = await download(mentee, up.body._id).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    expect(
      await codeOf(t.http().get(`/api/messages/attachments/${up.body._id}`).set(bearer(outsider)).expect(403)),
    ).toBe('NOT_A_MEMBER');
    expect(await codeOf(t.http().get(`/api/messages/attachments/${up.body._id}`).expect(401))).toBe('UNAUTHENTICATED');
    // An attachment can be sent once, to its own conversation only.
    expect(
      await codeOf(
        t
          .http()
          .post('/api/messages')
          .set(bearer(mentor))
          .send({
            conversationType: 'individual',
            conversationId: menteeId,
            content: 'again',
            attachmentId: up.body._id,
          })
          .expect(400),
      ),
    ).toBe('ATTACHMENT_INVALID');
  });

  it('accepts a plain-text document and answers it as a download', async () => {
    const up = await upload(mentee, 'notes.txt', Buffer.from('Chapter 3 questions\n'), `individual_${mentorId}`).expect(
      201,
    );
    expect(up.body).toMatchObject({ kind: 'document', mimeType: 'text/plain; charset=utf-8' });
    const res = await t.http().get(`/api/messages/attachments/${up.body._id}`).set(bearer(mentor)).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it.each([
    ['virus.exe', Buffer.from('MZ....'), 'Only images'],
    ['photo.png', Buffer.from('not really a png'), 'does not match its .png extension'],
    ['report.pdf', PNG, 'does not match its .pdf extension'],
    ['notes.txt', Buffer.from([0x00, 0x01, 0x02]), 'does not match its .txt extension'],
  ])('refuses %s and stores nothing', async (name, content, message) => {
    const before = await stored();
    const res = await upload(mentor, name, content).expect(400);
    expect(res.body.code).toBe(/extension|Only images/.test(message) ? 'FILE_TYPE_NOT_ALLOWED' : 'VALIDATION_FAILED');
    expect(res.body.message).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('refuses files over 10 MB (413) and uploads into conversations the user is not part of (403), storing nothing', async () => {
    const before = await stored();
    const big = await upload(mentor, 'big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'a')).expect(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Attachments can be at most 10 MB' });
    expect(await codeOf(upload(outsider, 'x.png', PNG).expect(403))).toBe('NOT_A_MEMBER');
    expect(await stored()).toEqual(before);
    expect(await t.db.getRepository(Message).countBy({ content: 'x' })).toBe(0);
  });

  it('keeps a file of exactly 10 MB in the database, byte for byte, and nothing on the disk', async () => {
    // Every byte value, so nothing is lost to text encoding or escaping on the way into MySQL and back.
    const pdf = Buffer.alloc(10 * 1024 * 1024);
    for (let i = 0; i < pdf.length; i++) pdf[i] = (i * 131 + (i >> 12)) & 0xff;
    pdf.write('%PDF-1.4\n', 0, 'latin1');
    const up = await upload(mentor, 'scan.pdf', pdf).expect(201);
    expect(up.body).toMatchObject({ mimeType: 'application/pdf', size: pdf.length });
    expect(await t.db.getRepository(AttachmentChunk).countBy({ attachmentId: up.body._id })).toBeGreaterThan(1);
    expect(existsSync(join(t.config.dataDir, 'uploads'))).toBe(false);
    const file = await download(mentor, up.body._id).expect(200);
    expect((file.body as Buffer).length).toBe(pdf.length);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
  });
});
