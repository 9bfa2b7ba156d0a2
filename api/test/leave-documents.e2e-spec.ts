import dayjs from 'dayjs';
import { ErrorCode, LEAVE_DOCUMENT_MAX_BYTES } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { GuardianLink } from '../src/guardians/entities/guardian-link.entity';
import { LeaveDocument } from '../src/leaves/entities/leave-document.entity';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { User } from '../src/users/entities/user.entity';
import {
  bearer,
  codeOf,
  demoPeople,
  menteeOfAnotherMentor,
  startTestApp,
  tokenFor,
  type TestApp,
  bytes,
} from './support/test-app';

// A document filed with a leave (issue 41: "plus Child and an optional document"): uploaded by whoever files the
// leave, attached in the filing, read by whoever may see the leave, a guardian through their child's link.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe(`leave documents (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tok: Record<string, string>, id: Record<string, string>;
  const upload = (who: string, bytes: Buffer, name: string) =>
    t.http().post('/api/leaves/documents').set(bearer(tok[who])).attach('file', bytes, name);
  const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
  const leave = (who: string, n: number, documentId?: string) =>
    t
      .http()
      .post('/api/leaves')
      .set(bearer(tok[who]))
      .send({ leaveType: 'sick', startDate: day(n), endDate: day(n), reason: 'Fever', documentId });
  const download = (who: string, url: string) => t.http().get(url).set(bearer(tok[who])).buffer(true).parse(bytes);

  beforeAll(async () => {
    t = await startTestApp();
    ({ id, tok } = await demoPeople(t));
    tok.guardian = await tokenFor(t, DEMO_ACCOUNTS.guardian);
    const other = await menteeOfAnotherMentor(t);
    [id.other, tok.other] = [other.id, await tokenFor(t, other.email)];
    tok.otherMentor = await tokenFor(t, (await t.db.getRepository(User).findOneByOrFail({ id: other.mentorId })).email);
  });
  afterAll(() => t.close());

  it("a student files a leave with a doctor's note; the student, their mentor, admins and their guardian read it", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]);
    const up = await upload('mentee', big, "Doctor's note.pdf").expect(201);
    expect(up.body).toEqual({
      _id: expect.any(String),
      fileName: "Doctor's note.pdf",
      mimeType: 'application/pdf',
      size: big.length,
    });
    const filed = await leave('mentee', 30, up.body._id).expect(201);
    expect(filed.body.document).toEqual(up.body);
    const url = `/api/leaves/${filed.body._id}/document`;
    for (const who of ['mentee', 'mentor', 'admin']) {
      const res = await download(who, url).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Doctor's%20note.pdf");
      expect(Buffer.compare(res.body, big)).toBe(0);
    }
    // The student's data export lists it with the leave (its name and size).
    const exported = JSON.parse((await t.http().get('/api/me/data-export').set(bearer(tok.mentee)).expect(200)).text);
    expect(exported.sections.leaves.find((l: { id: string }) => l.id === filed.body._id).document).toMatchObject({
      fileName: "Doctor's note.pdf",
      size: big.length,
    });
    // The lists say so too.
    const mine = (await t.http().get('/api/leaves/mentee').set(bearer(tok.mentee)).expect(200)).body;
    expect(mine.find((l: { _id: string }) => l._id === filed.body._id).document.fileName).toBe("Doctor's note.pdf");
    // A guardian linked to the student, through their own route; the others' routes refuse them.
    expect(await t.db.getRepository(GuardianLink).existsBy({ menteeId: id.mentee })).toBe(true);
    const viaGuardian = await download('guardian', `/api/guardian/leaves/${filed.body._id}/document`).expect(200);
    expect(Buffer.compare(viaGuardian.body, big)).toBe(0);
    await download('guardian', url).expect(403);
    // Nobody else: another student, another mentor (and a guardian of another child through their route).
    expect(await codeOf(t.http().get(url).set(bearer(tok.other)).expect(403))).toBe(ErrorCode.NotOwner);
    expect(await codeOf(t.http().get(url).set(bearer(tok.otherMentor)).expect(403))).toBe(ErrorCode.NotOwner);
  });

  it("a guardian files with their own upload; a guardian never reads another child's leave document", async () => {
    const up = await upload('guardian', PNG, 'note.png').expect(201);
    const res = await t
      .http()
      .post(`/api/guardian/children/${id.mentee}/leaves`)
      .set(bearer(tok.guardian))
      .send({ leaveType: 'sick', startDate: day(40), endDate: day(40), reason: 'Fever', documentId: up.body._id })
      .expect(201);
    expect(res.body.document).toMatchObject({ fileName: 'note.png', mimeType: 'image/png' });
    await download('mentor', `/api/leaves/${res.body._id}/document`).expect(200);
    // Another child's leave with a document: the guardian is refused it.
    const theirs = await upload('other', PDF, 'mine.pdf').expect(201);
    const otherLeave = await leave('other', 30, theirs.body._id).expect(201);
    expect(
      await codeOf(
        t.http().get(`/api/guardian/leaves/${otherLeave.body._id}/document`).set(bearer(tok.guardian)).expect(403),
      ),
    ).toBe(ErrorCode.NotOwner);
  });

  it("refuses other files, another person's upload and an upload filed twice, filing nothing", async () => {
    expect(await codeOf(upload('mentee', PDF, 'virus.exe').expect(400))).toBe(ErrorCode.FileTypeNotAllowed);
    expect(await codeOf(upload('mentee', PNG, 'looks-like.pdf').expect(400))).toBe(ErrorCode.FileTypeNotAllowed);
    expect(await codeOf(upload('mentee', Buffer.alloc(0), 'empty.pdf').expect(400))).toBe(ErrorCode.ValidationFailed);
    const tooBig = Buffer.concat([PDF, Buffer.alloc(LEAVE_DOCUMENT_MAX_BYTES, 0x20)]);
    expect(await codeOf(upload('mentee', tooBig, 'big.pdf').expect(413))).toBe(ErrorCode.PayloadTooLarge);
    expect(await codeOf(t.http().post('/api/leaves/documents').set(bearer(tok.mentee)).send({}).expect(400))).toBe(
      ErrorCode.ValidationFailed,
    );
    await upload('mentor', PDF, 'a.pdf').expect(403);
    await upload('admin', PDF, 'a.pdf').expect(403);

    const before = await t.db.getRepository(LeaveRequest).count();
    const someoneElses = await upload('other', PDF, 'theirs.pdf').expect(201);
    expect(await codeOf(leave('mentee', 50, someoneElses.body._id).expect(400))).toBe(ErrorCode.ValidationFailed);
    expect(await codeOf(leave('mentee', 50, 'not-an-id').expect(400))).toBe(ErrorCode.ValidationFailed);
    const once = await upload('mentee', PDF, 'once.pdf').expect(201);
    await leave('mentee', 51, once.body._id).expect(201);
    expect(await codeOf(leave('mentee', 52, once.body._id).expect(400))).toBe(ErrorCode.ValidationFailed);
    expect(await t.db.getRepository(LeaveRequest).count()).toBe(before + 1);
    // A leave without a document: none to read.
    const plain = await leave('mentee', 53).expect(201);
    expect(plain.body.document).toBeNull();
    expect(
      await codeOf(t.http().get(`/api/leaves/${plain.body._id}/document`).set(bearer(tok.mentee)).expect(404)),
    ).toBe(ErrorCode.LeaveDocumentNotFound);
  });

  it('documents go with their leave, and an unfiled upload with its uploader', async () => {
    const up = await upload('other', PDF, 'x.pdf').expect(201);
    const filed = await leave('other', 60, up.body._id).expect(201);
    const unfiled = await upload('other', PDF, 'never-filed.pdf').expect(201);
    await t.http().put(`/api/leaves/${filed.body._id}/cancel`).set(bearer(tok.other)).expect(200);
    await t.http().delete(`/api/admin/users/${id.other}`).set(bearer(tok.admin)).expect(200);
    expect(await t.db.getRepository(LeaveDocument).countBy({ id: up.body._id })).toBe(0);
    expect(await t.db.getRepository(LeaveDocument).countBy({ id: unfiled.body._id })).toBe(0);
  });
});
