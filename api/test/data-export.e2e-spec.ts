import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import { ErrorCode } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { DataExportRegistry } from '../src/users/data-export.registry';
import { User } from '../src/users/entities/user.entity';
import { bearer, demoPeople, fileDemoGrievance, fileSickDay, startTestApp, type TestApp } from './support/test-app';

describe(`a student's data, handed over (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tok: Record<string, string>, id: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    ({ id, tok } = await demoPeople(t));
    // Something of the student's in every module.
    id.leave = (await fileSickDay(t, tok.mentee, 20))._id;
    id.grievance = (await fileDemoGrievance(t, tok.mentee))._id;
    id.withheld = (
      await fileDemoGrievance(t, tok.mentee, {
        subject: 'Something private',
        grievanceType: 'other',
        description: 'I would rather not be named for this one.',
        withholdName: true,
      })
    )._id;
    await t
      .http()
      .post('/api/messages')
      .set(bearer(tok.mentee))
      .send({ conversationType: 'individual', conversationId: id.mentor, content: 'My own message' })
      .expect(201);
    await t
      .http()
      .post(`/api/followup/mentees/${id.mentee}/log`)
      .set(bearer(tok.mentor))
      .send({ date: dayjs().format('YYYY-MM-DD'), mode: 'call', summary: 'Talked about exams' })
      .expect(201);
  });
  afterAll(() => t.close());

  const mine = () => t.http().get('/api/me/data-export').set(bearer(tok.mentee));

  it('the student downloads every section of their data, with their rows in each', async () => {
    const res = await mine().expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="student-data-${id.mentee}.json"`);
    const data = JSON.parse(res.text);
    expect(data.studentId).toBe(id.mentee);
    expect(Object.keys(data.sections).sort()).toEqual(t.app.get(DataExportRegistry).names().sort());
    expect(Object.keys(data.sections).sort()).toEqual(
      [
        'absenceAnswers',
        'announcements',
        'attendance',
        'consents',
        'followUp',
        'grievances',
        'leaves',
        'messagesSent',
        'profile',
        'signedInDevices',
      ].sort(),
    );
    const s = data.sections;
    expect(s.profile.user).toMatchObject({ _id: id.mentee, email: DEMO_ACCOUNTS.mentee });
    expect(s.attendance.length).toBeGreaterThan(0);
    expect(s.attendance.every((r: { menteeId: string }) => r.menteeId === id.mentee)).toBe(true);
    expect(s.leaves.map((l: { id: string }) => l.id)).toContain(id.leave);
    expect(s.grievances.filed.map((g: { id: string }) => g.id)).toEqual(
      expect.arrayContaining([id.grievance, id.withheld]),
    );
    expect(s.messagesSent.map((m: { content: string }) => m.content)).toContain('My own message');
    expect(s.followUp.meetings.map((m: { summary: string }) => m.summary)).toContain('Talked about exams');
    // The sessions this student opened (this one among them), without the ids that end them.
    expect(s.signedInDevices.length).toBeGreaterThan(0);
    expect(s.signedInDevices[0]).toEqual(
      expect.objectContaining({ signedInAt: expect.any(String), lastUsedAt: expect.any(String) }),
    );
    expect(s.signedInDevices[0]).not.toHaveProperty('id');
  });

  it("no other student's rows are in it", async () => {
    const text = (await mine().expect(200)).text;
    const others = (await t.db.getRepository(User).findBy({ role: 'mentee' })).filter((u) => u.id !== id.mentee);
    expect(others.length).toBeGreaterThan(5);
    const found = others.filter((u) => text.includes(u.id) || text.includes(u.email) || text.includes(u.fullName));
    expect(found.map((u) => u.email)).toEqual([]);
  });

  it("an admin's export, on a request, is audited and leaves out what was filed with the name withheld", async () => {
    const url = `/api/admin/mentees/${id.mentee}/data-export`;
    for (const q of ['', '?requestedBy=teacher'])
      expect(
        (
          await t
            .http()
            .get(url + q)
            .set(bearer(tok.admin))
            .expect(400)
        ).body.code,
      ).toBe(ErrorCode.ValidationFailed);
    await t.http().get(`${url}?requestedBy=guardian`).set(bearer(tok.mentor)).expect(403);
    expect(
      (
        await t
          .http()
          .get(`/api/admin/mentees/${id.mentor}/data-export?requestedBy=student`)
          .set(bearer(tok.admin))
          .expect(404)
      ).body.code,
    ).toBe(ErrorCode.MenteeNotFound);
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'data.export' })).toBe(0);
    const res = await t.http().get(`${url}?requestedBy=guardian`).set(bearer(tok.admin)).expect(200);
    expect(res.text).not.toContain(id.withheld);
    expect(res.text).not.toContain('Something private');
    const data = JSON.parse(res.text);
    expect(data.sections.grievances.withheldNotShown).toBe(1);
    expect(data.sections.grievances.filed.map((g: { id: string }) => g.id)).toContain(id.grievance);
    const entry = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'data.export' });
    expect(entry).toMatchObject({
      actorId: id.admin,
      targetId: id.mentee,
      changes: { requestedBy: { from: null, to: 'guardian' } },
    });
    await t.http().get('/api/me/data-export').set(bearer(tok.admin)).expect(403);
  });

  it('the readable PDF shows every section and a Hindi name as written; its first page renders', async () => {
    await t
      .http()
      .put(`/api/admin/users/${id.mentee}/profile`)
      .set(bearer(tok.admin))
      .send({ fullName: 'आरव शर्मा' })
      .expect(200);
    const res = await t
      .http()
      .get('/api/me/data-export/pdf')
      .set(bearer(tok.mentee))
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="student-data-${id.mentee}.pdf"`);
    const dir = mkdtempSync(join(tmpdir(), 'export-pdf-'));
    const file = join(dir, 'export.pdf');
    writeFileSync(file, res.body as Buffer);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8', timeout: 20_000 });
    expect(fonts).toMatch(/NotoSansDevanagari.*yes/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', timeout: 20_000 });
    for (const heading of [
      'Profile',
      'Attendance',
      'Leave requests',
      'Grievances',
      'Chat messages sent',
      'Consent records',
    ])
      expect([heading, text.includes(heading)]).toEqual([heading, true]);
    expect(text).toContain('My own message');
    // (Text extraction reorders a reph; the page itself was looked at: the name shows as written.)
    expect(text).toContain('आरव');
    // The first page, drawn: a PNG that is not blank.
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')], {
      timeout: 20_000,
    });
    const png = readFileSync(join(dir, 'page.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(2000);
    rmSync(dir, { recursive: true, force: true });
    // An admin's PDF is audited like the JSON.
    const before = await t.db.getRepository(AuditEntry).countBy({ action: 'data.export' });
    await t
      .http()
      .get(`/api/admin/mentees/${id.mentee}/data-export/pdf?requestedBy=student`)
      .set(bearer(tok.admin))
      .expect(200);
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'data.export' })).toBe(before + 1);
  });
});
