import { MSG, type ImportResponse } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { PasswordResetToken } from '../src/auth/entities/password-reset.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { MailDelivery } from '../src/notifications/entities/notification.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { MentorProfile } from '../src/users/entities/mentor-profile.entity';
import { PairingChange } from '../src/users/entities/pairing-change.entity';
import { User } from '../src/users/entities/user.entity';
import { Like } from 'typeorm';
import { GuardianLink } from '../src/guardians/entities/guardian-link.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/** Issue 22: onboarding students and mentors from a spreadsheet (dry run, then all or nothing). */
describe(`onboarding by CSV (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string;
  let demoMentee: MenteeProfile & { user: User };
  let demoMentorCode: string, demoMentorName: string;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor] = await Promise.all([tokenFor(t, DEMO_ACCOUNTS.admin), tokenFor(t, DEMO_ACCOUNTS.mentor)]);
    const mentee = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentee });
    demoMentee = (await t.db
      .getRepository(MenteeProfile)
      .findOneOrFail({ where: { id: mentee.id }, relations: { user: true } })) as MenteeProfile & { user: User };
    const mentorUser = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
    demoMentorName = mentorUser.fullName;
    demoMentorCode = (await t.db.getRepository(MentorProfile).findOneByOrFail({ id: mentorUser.id })).employeeId;
  });
  afterAll(() => t.close());

  const post = (kind: string, csv: string, dryRun: boolean, token = admin) =>
    t.http().post(`/api/admin/imports/${kind}?dryRun=${dryRun}`).set(bearer(token)).send({ csv });
  /** What an import could change, to show that a refused one or a dry run changed nothing. */
  const snapshot = async () => ({
    users: await t.db.getRepository(User).count(),
    mentees: await t.db.getRepository(MenteeProfile).find({ order: { id: 'ASC' } }),
    mentors: await t.db.getRepository(MentorProfile).find({ order: { id: 'ASC' } }),
    mail: await t.db.getRepository(MailDelivery).count(),
    tokens: await t.db.getRepository(PasswordResetToken).count(),
    audit: await t.db.getRepository(AuditEntry).count(),
  });
  const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';

  it('serves a template per kind: the header row and an example line', async () => {
    const res = await t.http().get('/api/admin/imports/mentees/template').set(bearer(admin)).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="mentees-template.csv"');
    const [header, example] = res.text.split('\r\n');
    expect(header.split(',').slice(0, 6)).toEqual(['email', 'fullName', 'phone', 'class', 'section', 'studentId']);
    expect(example).toMatch(/^asha\.rao@example\.edu,Asha Rao,/);
    await t.http().get('/api/admin/imports/admins/template').set(bearer(admin)).expect(400);
  });

  it('refuses mentors and mentees (403), and a file that is missing or too large (4xx)', async () => {
    expect((await post('mentees', 'email\r\n', true, mentor).expect(403)).body.code).toBe('FORBIDDEN');
    expect((await t.http().post('/api/admin/imports/mentees').set(bearer(admin)).send({}).expect(400)).body.code).toBe(
      'VALIDATION_FAILED',
    );
    const big = 'email,fullName,phone,department\r\n' + 'x'.repeat(1024 * 1024 + 10);
    const tooBig = await t
      .http()
      .post('/api/admin/imports/mentors')
      .set(bearer(admin))
      .attach('file', Buffer.from(big), { filename: 'big.csv', contentType: 'text/csv' });
    expect([tooBig.status, tooBig.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('refuses an upload of more than one file with 400, importing nothing', async () => {
    const file = (email: string) =>
      Buffer.from(csv('email,fullName,phone,department', `${email},Two Files,+91 1,Physics`));
    const before = await snapshot();
    for (const files of [2, 3]) {
      let req = t.http().post('/api/admin/imports/mentors?dryRun=false').set(bearer(admin));
      for (let i = 0; i < files; i++)
        req = req.attach(i ? `file${i}` : 'file', file(`upload${i}@example.edu`), {
          filename: `mentors-${i}.csv`,
          contentType: 'text/csv',
        });
      const res = await req;
      expect([res.status, res.body.code, res.body.message]).toEqual([
        400,
        'VALIDATION_FAILED',
        'Upload one CSV file at a time: this upload has more than one file',
      ]);
    }
    expect(await snapshot()).toEqual(before);
    expect(await t.db.getRepository(User).countBy({ email: Like('upload%@example.edu') })).toBe(0);
  });

  it('reports header problems on row 1', async () => {
    const res = await post('mentors', csv('email,fullName,nickname'), true).expect(200);
    expect(res.body.errors).toEqual([
      { row: 1, column: 'nickname', message: 'Unknown column "nickname"' },
      { row: 1, column: 'phone', message: 'Missing column "phone"' },
      { row: 1, column: 'department', message: 'Missing column "department"' },
    ]);
  });

  describe('mentors', () => {
    const file = () =>
      csv(
        'email,fullName,phone,department,employeeId,subjects,experience',
        'n.kapoor@example.edu,Nisha Kapoor,+91 90000 00001,Physics,EMP-9001,"Mechanics; Optics",5',
        '',
        // An existing mentor: only what differs is changed.
        `${DEMO_ACCOUNTS.mentor},,+91 90000 00099,,${demoMentorCode},,`,
        'a.shah@example.edu,Arjun Shah,+91 90000 00002,Chemistry,,,',
      );

    it('a dry run says per row what will be created or changed, and writes nothing', async () => {
      const before = await snapshot();
      const res = await post('mentors', file(), true).expect(200);
      const body = res.body as ImportResponse;
      expect(body.counts).toEqual({ rows: 3, create: 2, update: 1, unchanged: 0, error: 0 });
      expect(body.rows.map((r) => [r.row, r.action, r.email])).toEqual([
        [2, 'create', 'n.kapoor@example.edu'],
        [4, 'update', DEMO_ACCOUNTS.mentor],
        [5, 'create', 'a.shah@example.edu'],
      ]);
      expect(Object.keys(body.rows[1].changes)).toEqual(['phone']);
      expect(body.rows[1].changes.phone.to).toBe('+91 90000 00099');
      expect([body.dryRun, body.imported, body.welcomeEmails]).toEqual([true, false, 0]);
      expect(await snapshot()).toEqual(before);
    });

    it('the import does what the dry run said, e-mails each new account a link that opens it, and audits once', async () => {
      const auditBefore = await t.db.getRepository(AuditEntry).countBy({ action: 'users.import' });
      const res = await post('mentors', file(), false).expect(200);
      expect(res.body.counts).toEqual({ rows: 3, create: 2, update: 1, unchanged: 0, error: 0 });
      expect([res.body.imported, res.body.welcomeEmails]).toEqual([true, 2]);

      const kapoor = await t.db.getRepository(User).findOneByOrFail({ email: 'n.kapoor@example.edu' });
      expect([kapoor.role, kapoor.fullName, kapoor.isActive]).toEqual(['mentor', 'Nisha Kapoor', true]);
      const profile = await t.db.getRepository(MentorProfile).findOneByOrFail({ id: kapoor.id });
      expect([profile.employeeId, profile.department, profile.subjects, profile.experience]).toEqual([
        'EMP-9001',
        'Physics',
        ['Mechanics', 'Optics'],
        5,
      ]);
      const shah = await t.db.getRepository(User).findOneByOrFail({ email: 'a.shah@example.edu' });
      expect((await t.db.getRepository(MentorProfile).findOneByOrFail({ id: shah.id })).employeeId).toMatch(
        /^EMP-\d{6}$/,
      );
      const demo = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
      expect([demo.phone, demo.fullName]).toEqual(['+91 90000 00099', demoMentorName]);

      const mails = await t.db.getRepository(MailDelivery).findBy({ userId: kapoor.id });
      expect(mails.map((m) => [m.kind, m.to])).toEqual([['password.reset', 'n.kapoor@example.edu']]);
      expect(await t.db.getRepository(MailDelivery).countBy({ userId: shah.id })).toBe(1);
      expect(await t.db.getRepository(MailDelivery).countBy({ userId: demo.id })).toBe(0);
      // No password opens the account until its owner follows the link.
      await t
        .http()
        .post('/api/auth/login')
        .send({ email: 'n.kapoor@example.edu', password: 'imported-account' })
        .expect(401);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mails[0].text)![1];
      await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'kapoor-secret' }).expect(200);
      await tokenFor(t, 'n.kapoor@example.edu', 'kapoor-secret');

      const audit = await t.db.getRepository(AuditEntry).findBy({ action: 'users.import' });
      expect(audit).toHaveLength(auditBefore + 1);
      expect(audit.at(-1)!.changes).toMatchObject({ created: { to: 2 }, updated: { to: 1 } });

      // The same file again changes nothing.
      const again = await post('mentors', file(), true).expect(200);
      expect(again.body.counts).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    });
  });

  describe('mentees', () => {
    const header =
      'email,fullName,phone,class,section,studentId,mentorEmployeeId,guardianPhone,guardianEmail,dateOfBirth';

    it('reports every error with its row and column; a real import of that file writes nothing', async () => {
      const file = csv(
        header,
        `ok.one@example.edu,Ok One,+91 1,9,B,STU-7001,${demoMentorCode},,,`,
        'not-an-email,Bad Mail,+91 2,9,B,,,,,',
        'no.class@example.edu,No Class,+91 3,,B,,,,,',
        'ok.one@example.edu,Twice,+91 4,9,B,,,,,',
        `taken.id@example.edu,Taken Id,+91 5,9,B,${demoMentee.studentId},,,,`,
        'who.mentor@example.edu,Who Mentor,+91 6,9,B,,EMP-NOPE,,,',
        'bad.guardian@example.edu,Bad Guardian,+91 7,9,B,,,12345,guardian-at-nowhere,1990-02-30',
        `${DEMO_ACCOUNTS.mentor},Mentor Not Student,+91 8,9,B,,,,,`,
      );
      const before = await snapshot();
      const res = await post('mentees', file, true).expect(200);
      expect(res.body.counts).toEqual({ rows: 8, create: 1, update: 1, unchanged: 0, error: 6 });
      expect(res.body.errors).toEqual([
        { row: 3, column: 'email', message: MSG.emailInvalid },
        { row: 4, column: 'class', message: MSG.classRequired },
        { row: 5, column: 'email', message: 'Duplicate e-mail: also on row 2' },
        { row: 7, column: 'mentorEmployeeId', message: 'No mentor has employee ID EMP-NOPE' },
        { row: 8, column: 'dateOfBirth', message: 'Date of birth must be a real date (YYYY-MM-DD)' },
        { row: 8, column: 'guardianEmail', message: 'Parent email must be a valid e-mail address' },
        { row: 9, column: 'email', message: 'This e-mail belongs to an account of role mentor' },
      ]);
      // A known student ID with a new e-mail is that student's account: its e-mail changes.
      expect(res.body.rows[4]).toMatchObject({
        row: 6,
        action: 'update',
        changes: { email: { from: demoMentee.user.email, to: 'taken.id@example.edu' } },
      });

      const refused = await post('mentees', file, false).expect(400);
      expect(refused.body.code).toBe('IMPORT_INVALID');
      expect(refused.body.message).toContain(`Row 3, email: ${MSG.emailInvalid}`);
      expect(await snapshot()).toEqual(before);
    });

    it('an e-mail or guardian e-mail cell must be one bare address; a file with a list imports nothing', async () => {
      const file = csv(
        header,
        '"own@x.test,victim1@v.test",List Mail,+91 1,9,B,,,,,',
        'a@x;b@y,Semicolon Mail,+91 2,9,B,,,,,',
        'one.guardian@example.edu,Two Guardians,+91 3,9,B,,,,"p@x.test,q@y.test",',
      );
      const before = await snapshot();
      const dry = await post('mentees', file, true).expect(200);
      expect(dry.body.errors).toEqual([
        { row: 2, column: 'email', message: MSG.emailInvalid },
        { row: 3, column: 'email', message: MSG.emailInvalid },
        { row: 4, column: 'guardianEmail', message: 'Parent email must be a valid e-mail address' },
      ]);
      const refused = await post('mentees', file, false).expect(400);
      expect(refused.body.code).toBe('IMPORT_INVALID');
      expect(await snapshot()).toEqual(before);
    });

    it('a student ID already used by another student is an error on that column', async () => {
      const other = await t.db.getRepository(MenteeProfile).findOneOrFail({
        where: { studentId: demoMentee.studentId },
      });
      const second = await t.db
        .getRepository(MenteeProfile)
        .createQueryBuilder('p')
        .where('p.id != :id', { id: other.id })
        .getOneOrFail();
      const res = await post(
        'mentees',
        csv(header, `${DEMO_ACCOUNTS.mentee},,,,,${second.studentId},,,,`),
        true,
      ).expect(200);
      expect(res.body.errors).toEqual([
        { row: 2, column: 'studentId', message: `Student ID ${second.studentId} is already in use` },
      ]);
    });

    it('creates students with class, guardian contacts and mentor, and updates an existing one, in one go', async () => {
      const file = csv(
        header,
        `"Priya.N@Example.edu","Nair, Priya",+91 11,10,A,STU-8001,${demoMentorCode},+91 98450 00000,parent.nair@example.com,2010-05-01`,
        `${DEMO_ACCOUNTS.mentee},,,12,C,,,,,`,
      );
      const dry = (await post('mentees', file, true).expect(200)).body as ImportResponse;
      expect(dry.rows.map((r) => r.action)).toEqual(['create', 'update']);
      expect(dry.rows[1].changes).toEqual({
        class: { from: demoMentee.className, to: '12' },
        section: { from: demoMentee.section, to: 'C' },
      });
      const pairsBefore = await t.db.getRepository(PairingChange).count();

      // As a spreadsheet saves it: multipart upload, UTF-8 with a BOM.
      const res = await t
        .http()
        .post('/api/admin/imports/mentees?dryRun=false')
        .set(bearer(admin))
        .attach('file', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file)]), {
          filename: 'students.csv',
          contentType: 'text/csv',
        })
        .expect(200);
      expect(res.body.rows).toEqual(dry.rows);
      const priya = await t.db.getRepository(User).findOneByOrFail({ email: 'priya.n@example.edu' });
      expect(priya.fullName).toBe('Nair, Priya');
      const p = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: priya.id });
      const mentorUser = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
      expect([p.studentId, p.className, p.section, p.mentorId, p.dateOfBirth, p.parentInfo]).toEqual([
        'STU-8001',
        '10',
        'A',
        mentorUser.id,
        '2010-05-01',
        { primaryContact: '+91 98450 00000', email: 'parent.nair@example.com' },
      ]);
      expect(await t.db.getRepository(PairingChange).count()).toBe(pairsBefore + 1);
      const demo = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: demoMentee.id });
      expect([demo.className, demo.section, demo.studentId]).toEqual(['12', 'C', demoMentee.studentId]);
      expect(await t.db.getRepository(MailDelivery).countBy({ userId: priya.id })).toBe(1);
    });

    it('onboards a school of 2,000 students at once (dry run and import)', async () => {
      const lines = Array.from(
        { length: 2000 },
        (_, i) =>
          `student${i}@school.example,Student ${i},+91 ${i},${(i % 12) + 1},${'ABCD'[i % 4]},,${demoMentorCode},+91 ${i},guardian${i}@example.com,`,
      );
      const file = csv(header, ...lines);
      const before = await snapshot();
      const dry = await post('mentees', file, true).expect(200);
      expect(dry.body.counts).toEqual({ rows: 2000, create: 2000, update: 0, unchanged: 0, error: 0 });
      expect(await snapshot()).toEqual(before);

      const res = await post('mentees', file, false).expect(200);
      // Each student's guardian e-mail is invited to the portal as their guardian, too.
      expect([res.body.counts.create, res.body.welcomeEmails, res.body.guardianInvitations]).toEqual([
        2000, 2000, 2000,
      ]);
      expect(await t.db.getRepository(User).count()).toBe(before.users + 4000);
      expect(await t.db.getRepository(MailDelivery).count()).toBe(before.mail + 4000);
      const ids = new Set(
        (await t.db.getRepository(MenteeProfile).find({ select: { studentId: true } })).map((m) => m.studentId),
      );
      expect(ids.size).toBe(before.mentees.length + 2000);
      const last = await t.db.getRepository(User).findOneByOrFail({ email: 'student1999@school.example' });
      expect((await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: last.id })).parentInfo).toEqual({
        primaryContact: '+91 1999',
        email: 'guardian1999@example.com',
      });
    }, 120_000);
  });

  it("links the students' guardians (guardianEmail, guardian2Email): one account and one invitation per guardian, siblings included; a second import links nobody twice", async () => {
    const header = 'email,fullName,phone,class,section,fatherName,motherName,guardianEmail,guardian2Email';
    const file = csv(
      header,
      'kid.one@example.edu,Kid One,1,9,A,Ravi Kapoor,Sita Kapoor,ravi.kapoor@example.com,sita.kapoor@example.com',
      'kid.two@example.edu,Kid Two,1,9,A,Ravi Kapoor,,Ravi.Kapoor@example.com,',
    );
    const dry = (await post('mentees', file, true).expect(200)).body as ImportResponse;
    expect(dry.guardianInvitations).toBe(3);
    expect(dry.rows.map((r) => r.guardians)).toEqual([
      ['ravi.kapoor@example.com', 'sita.kapoor@example.com'],
      ['ravi.kapoor@example.com'],
    ]);
    expect(await t.db.getRepository(User).countBy({ email: 'ravi.kapoor@example.com' })).toBe(0);

    const mailsBefore = await t.db.getRepository(MailDelivery).count();
    const done = (await post('mentees', file, false).expect(200)).body as ImportResponse;
    expect(done).toMatchObject({ imported: true, guardianInvitations: 3 });
    const ravi = await t.db.getRepository(User).findOneByOrFail({ email: 'ravi.kapoor@example.com' });
    const sita = await t.db.getRepository(User).findOneByOrFail({ email: 'sita.kapoor@example.com' });
    expect([ravi.role, ravi.fullName, sita.fullName]).toEqual(['guardian', 'Ravi Kapoor', 'Sita Kapoor']);
    const kids = await t.db.getRepository(User).findBy({ email: Like('kid.%@example.edu') });
    const links = await t.db.getRepository(GuardianLink).findBy({ guardianId: ravi.id });
    expect(links.map((l) => l.menteeId).sort()).toEqual(kids.map((k) => k.id).sort());
    await t.app.get(OutboxService).runDue(new Date());
    const invitations = await t.db
      .getRepository(MailDelivery)
      .find({ where: { kind: 'password.reset', subject: Like('Your invitation%') }, order: { createdAt: 'ASC' } });
    // One invitation each, whatever the number of children; the students' welcome links beside them.
    expect(invitations.filter((m) => m.to === ravi.email)).toHaveLength(1);
    expect(invitations.filter((m) => m.to === sita.email)).toHaveLength(1);
    expect(await t.db.getRepository(MailDelivery).count()).toBeGreaterThan(mailsBefore);

    const again = (await post('mentees', file, false).expect(200)).body as ImportResponse;
    expect(again.guardianInvitations).toBe(0);
    expect(await t.db.getRepository(GuardianLink).countBy({ guardianId: ravi.id })).toBe(2);
  });

  it("refuses a guardian e-mail of another role, the student's own, a repeated or malformed one, and a third guardian, importing nothing", async () => {
    const header = 'email,fullName,phone,class,section,guardianEmail,guardian2Email';
    const before = await snapshot();
    const links = await t.db.getRepository(GuardianLink).count();
    const refused = csv(
      header,
      `kid.three@example.edu,Kid Three,1,9,A,${DEMO_ACCOUNTS.mentor},`,
      'kid.four@example.edu,Kid Four,1,9,A,kid.four@example.edu,',
      'kid.five@example.edu,Kid Five,1,9,A,same@example.com,same@example.com',
      'kid.six@example.edu,Kid Six,1,9,A,parent@example.com,not-an-address',
    );
    expect((await post('mentees', refused, false).expect(400)).body.code).toBe('IMPORT_INVALID');
    const res = await post('mentees', refused, true).expect(200);
    expect(res.body.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, 'guardianEmail'],
      [3, 'guardianEmail'],
      [4, 'guardian2Email'],
      [5, 'guardian2Email'],
    ]);
    expect(res.body.errors[0].message).toBe('This e-mail belongs to an account of role mentor');
    // A student with two guardians already cannot be given a third.
    const full = await t.db.getRepository(User).findOneByOrFail({ email: 'kid.one@example.edu' });
    const third = await post(
      'mentees',
      csv('email,fullName,phone,class,section,guardianEmail', `${full.email},Kid One,1,9,A,third@example.com`),
      true,
    ).expect(200);
    expect(third.body.errors).toEqual([
      { row: 2, column: 'guardianEmail', message: 'A student may have at most 2 guardians; remove one first' },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await t.db.getRepository(GuardianLink).count()).toBe(links);
  });
});
