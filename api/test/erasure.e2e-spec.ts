import dayjs from 'dayjs';
import { In, Not } from 'typeorm';
import { ErrorCode, type ErasurePreview } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { Grievance, GrievanceComment } from '../src/grievances/entities/grievance.entity';
import { KeptChat } from '../src/messages/entities/kept-chat.entity';
import { MessageReport } from '../src/safeguarding/entities/message-report.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, demoPeople, fileSickDay, startTestApp, tokenFor, type TestApp } from './support/test-app';

// Erasure on request: the admin's Delete of a student removes or irreversibly anonymises their personal data in every
// table, except what a legal hold keeps (open grievances, safeguarding reports, kept chats); others' free text naming
// them is listed for review, not changed. The proof scans every column of every table for the student's values.
const PERSON = {
  fullName: 'Zephyrine Quillfeather',
  phone: '+91 98765 43219',
  address: '7 Lotus Lane, Quillbury 560099',
  medicalConditions: 'Allergic to quillwort pollen',
  dateOfBirth: '2011-03-17',
  parentInfo: {
    fatherName: 'Orlando Quillfeather',
    motherName: 'Marisol Quillfeather',
    primaryContact: '+91 90000 77711',
    secondaryContact: '+91 90000 77722',
    emergencyContact: '+91 90000 77733',
  },
};

describe(`erasure on request (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tok: Record<string, string>, id: Record<string, string>;
  let values: string[];
  const held: Record<string, string[]> = {};
  let preview: ErasurePreview;

  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOX_POLL_MS: '0' } });
    ({ id, tok } = await demoPeople(t));
    // The demo student (attendance, leaves, a guardian with consent, chats from the demo seed) under values of their
    // own, so that a value found anywhere afterwards can only be theirs.
    const { fullName, phone, ...profile } = PERSON;
    await t.http().put(`/api/admin/users/${id.mentee}/profile`).set(bearer(tok.admin)).send(PERSON).expect(200);
    const me = await t.db.getRepository(User).findOneByOrFail({ id: id.mentee });
    const { studentId } = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: id.mentee });
    values = [fullName, phone, me.email, studentId, profile.address, profile.medicalConditions, profile.dateOfBirth];
    values.push(...Object.values(profile.parentInfo));

    // Something of theirs in every module.
    await fileSickDay(t, tok.mentee, 20);
    const form = (subject: string, extra: object = {}) => ({
      name: fullName,
      email: me.email,
      rollNo: studentId,
      subject,
      grievanceType: 'other',
      dateOfIncident: dayjs().subtract(1, 'day').format('YYYY-MM-DD'),
      description: `${subject}: written by ${fullName}`,
      ...extra,
    });
    const file = async (subject: string, extra: object = {}) =>
      (await t.http().post('/api/grievances').set(bearer(tok.mentee)).send(form(subject, extra)).expect(201)).body
        ._id as string;
    id.open = await file('Still open');
    id.withheld = await file('Withheld and open', { withholdName: true });
    id.closed = await file('Settled long ago');
    await t
      .http()
      .put(`/api/grievances/${id.closed}/resolve`)
      .set(bearer(tok.admin))
      .send({ resolution: 'Sorted out' })
      .expect(200);
    await t
      .http()
      .post(`/api/grievances/${id.open}/comments`)
      .set(bearer(tok.mentee))
      .send({ content: `More detail from ${fullName}` })
      .expect(201);
    const send = async (who: string, to: string, content: string) =>
      (
        await t
          .http()
          .post('/api/messages')
          .set(bearer(tok[who]))
          .send({ conversationType: 'individual', conversationId: to, content })
          .expect(201)
      ).body._id as string;
    await send('mentee', id.mentor, `Hello from me, ${fullName}`);
    await send('mentor', id.mentee, `See you tomorrow, ${fullName}`);
    // Others' text that stays: a group chat message and a note about another student.
    const group = (await t.http().get('/api/groups/mentee').set(bearer(tok.mentee)).expect(200)).body[0];
    id.mentorNames = (
      await t
        .http()
        .post('/api/messages')
        .set(bearer(tok.mentor))
        .send({ conversationType: 'group', conversationId: group._id, content: `Well done, ${fullName}!` })
        .expect(201)
    ).body._id;
    const other = await t.db
      .getRepository(MenteeProfile)
      .findOneOrFail({ where: { mentorId: id.mentor, id: Not(id.mentee) } });
    id.note = (
      await t
        .http()
        .post(`/api/followup/mentees/${other.id}/log`)
        .set(bearer(tok.mentor))
        .send({ date: dayjs().format('YYYY-MM-DD'), mode: 'call', summary: `Argued with ${fullName} at lunch` })
        .expect(201)
    ).body._id;
    const toReport = await send('mentor', id.mentee, 'A message the student reports');
    await t
      .http()
      .post('/api/safeguarding/reports')
      .set(bearer(tok.mentee))
      .send({ messageId: toReport, reason: 'inappropriate', note: 'It upset me' })
      .expect(201);
    const gone = await send('mentee', id.mentor, 'A message I take back');
    await t.http().delete(`/api/messages/${gone}`).set(bearer(tok.mentee)).expect(200);
    await t
      .http()
      .post(`/api/followup/mentees/${id.mentee}/log`)
      .set(bearer(tok.mentor))
      .send({ date: dayjs().format('YYYY-MM-DD'), mode: 'call', summary: `Talked with ${fullName} about exams` })
      .expect(201);
    // Staff looked (the disclosure log) and an admin exported their data (the audit log).
    await t.http().get(`/api/mentees/${id.mentee}/details`).set(bearer(tok.mentor)).expect(200);
    await t
      .http()
      .get(`/api/admin/mentees/${id.mentee}/data-export?requestedBy=guardian`)
      .set(bearer(tok.admin))
      .expect(200);

    // Their open grievances (some from the demo seed) are under hold; the settled one is not.
    held.grievances = (
      await t.db.getRepository(Grievance).findBy({ menteeId: id.mentee, status: In(['pending', 'in-progress']) })
    ).map((g) => g.id);
    expect(held.grievances).toEqual(expect.arrayContaining([id.open, id.withheld]));
    expect(held.grievances).not.toContain(id.closed);
    held.reports = (await t.db.getRepository(MessageReport).findBy({ reporterId: id.mentee })).map((r) => r.id);
    held.keptChats = (await t.db.getRepository(KeptChat).find()).map((c) => c.id);
  });
  afterAll(() => t.close());

  it('lists what legal holds keep and the free text of others that names the student, before anything changes', async () => {
    preview = (await t.http().get(`/api/admin/users/${id.mentee}/erasure`).set(bearer(tok.admin)).expect(200)).body;
    expect(preview.student).toMatchObject({ _id: id.mentee, fullName: PERSON.fullName });
    expect(preview.holds).toEqual({
      openGrievances: held.grievances.length - 1,
      withheldGrievances: 1,
      safeguardingReports: 1,
      keptChats: 1,
    });
    // Counted, never named: nothing in the answer says which grievance is the withheld one.
    expect(JSON.stringify(preview)).not.toContain(id.withheld);
    const kinds = preview.mentions.map((m) => `${m.kind}:${m.id}`);
    expect(kinds.sort()).toEqual([`chatMessage:${id.mentorNames}`, `followUp:${id.note}`].sort());
    expect(preview.mentionsTotal).toBe(2);
    expect(preview.mentions.every((m) => m.excerpt.includes(PERSON.fullName))).toBe(true);
    // Nothing changed by looking.
    expect(await t.db.getRepository(User).countBy({ id: id.mentee })).toBe(1);
  });

  it('refuses anyone but an admin, and answers 404 for a missing student', async () => {
    await t.http().get(`/api/admin/users/${id.mentee}/erasure`).set(bearer(tok.mentor)).expect(403);
    expect(
      await codeOf(
        t
          .http()
          .get('/api/admin/users/00000000-0000-4000-8000-000000000000/erasure')
          .set(bearer(tok.admin))
          .expect(404),
      ),
    ).toBe(ErrorCode.UserNotFound);
  });

  it("erases: none of the student's values remain in any column of any table, except under hold or in listed mentions", async () => {
    const menteeToken = await tokenFor(t, DEMO_ACCOUNTS.mentee);
    const res = await t.http().delete(`/api/admin/users/${id.mentee}`).set(bearer(tok.admin)).expect(200);
    expect(res.body.message).toBe('Student erased');
    expect(res.body.held).toEqual(preview.holds);
    // Sign-in ends at once.
    await t.http().get('/api/auth/me').set(bearer(menteeToken)).expect(401);
    await t
      .http()
      .post('/api/auth/login')
      .send({ email: DEMO_ACCOUNTS.mentee, password: DEMO_PASSWORD })
      .expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));

    // Held rows and listed mentions, by table.
    const allowed = new Map<string, Set<string>>();
    const allow = (table: string, ids: string[]) =>
      allowed.set(table, new Set([...(allowed.get(table) ?? []), ...ids]));
    allow('grievances', held.grievances);
    allow('message_reports', held.reports);
    allow('kept_chats', held.keptChats);
    const heldComments = await t.db.getRepository(GrievanceComment).findBy({ grievanceId: In(held.grievances) });
    allow(
      'grievance_comments',
      heldComments.map((c) => c.id),
    );
    allow(
      'kept_messages',
      (await t.db.query('SELECT id FROM kept_messages')).map((r: { id: string }) => r.id),
    );
    const heldEvents = await t.db.query(
      `SELECT id FROM grievance_events WHERE grievanceId IN ('${held.grievances.join("','")}')`,
    );
    allow(
      'grievance_events',
      heldEvents.map((r: { id: number }) => String(r.id)),
    );
    const MENTION_TABLES: Record<string, string> = {
      chatMessage: 'messages',
      followUp: 'mentoring_entries',
      grievance: 'grievances',
      grievanceComment: 'grievance_comments',
      announcement: 'announcements',
      announcementComment: 'announcement_comments',
    };
    for (const m of preview.mentions) allow(MENTION_TABLES[m.kind], [m.id]);

    const found: string[] = [];
    for (const meta of t.db.entityMetadatas) {
      const table = meta.tableName;
      const pk = meta.primaryColumns[0].databaseName;
      const rows: Record<string, unknown>[] = await t.db.query(`SELECT * FROM ${table}`);
      for (const row of rows) {
        if (allowed.get(table)?.has(String(row[pk]))) continue;
        for (const [column, value] of Object.entries(row)) {
          if (value === null || value === undefined) continue;
          const text = (
            Buffer.isBuffer(value) ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
          ).toLowerCase();
          for (const v of values) if (text.includes(v.toLowerCase())) found.push(`${table}.${column} (${v})`);
        }
      }
    }
    expect([...new Set(found)]).toEqual([]);

    // The holds are still there, readable by those they are kept for.
    const open = await t.db.getRepository(Grievance).findOneByOrFail({ id: id.open });
    expect(open).toMatchObject({ menteeId: null, name: PERSON.fullName });
    expect(await t.db.getRepository(Grievance).countBy({ id: id.closed })).toBe(0);
    expect(await t.db.getRepository(MessageReport).countBy({ id: held.reports[0] })).toBe(1);
    await t.http().get(`/api/grievances/${id.open}`).set(bearer(tok.admin)).expect(200);

    // Audited after, by id only.
    const entry = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'user.erase', targetId: id.mentee });
    expect(entry.targetLabel).toBe('');
    expect(JSON.stringify(entry.changes)).not.toContain(PERSON.fullName);
  });
});
