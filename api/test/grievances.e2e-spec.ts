import dayjs from 'dayjs';
import { ErrorCode, MAX_LIST_SIZE, TOTAL_COUNT_HEADER, WITHHELD_NAME } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { Grievance, GrievanceComment } from '../src/grievances/entities/grievance.entity';
import {
  bearer,
  codeOf,
  demoGrievanceForm,
  menteeOfAnotherMentor,
  startTestApp,
  tokenFor,
  type TestApp,
} from './support/test-app';

describe(`grievances (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, otherMentor: string, mentee: string, otherMentee: string;
  const repo = () => t.db.getRepository(Grievance);
  const body = demoGrievanceForm;
  const submit = async (token = mentee, over: object = {}) =>
    (await t.http().post('/api/grievances').set(bearer(token)).send(body(over)).expect(201)).body;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor, otherMentor, mentee] = await Promise.all([
      tokenFor(t, DEMO_ACCOUNTS.admin),
      tokenFor(t, DEMO_ACCOUNTS.mentor),
      tokenFor(t, 'r.menon@example.edu'),
      tokenFor(t, DEMO_ACCOUNTS.mentee),
    ]);
    otherMentee = await tokenFor(t, (await menteeOfAnotherMentor(t)).email);
  });
  afterAll(() => t.close());

  it('a mentee submits; the category follows the documented mapping; mentor and admin see it', async () => {
    const g = await submit();
    expect(g).toMatchObject({
      status: 'pending',
      grievanceType: 'technical-issues',
      category: 'facilities',
      priority: 'medium',
      subject: 'Broken projector',
      title: 'Broken projector',
    });
    expect(
      (await t.http().get('/api/grievances/mentor').set(bearer(mentor))).body.map((x: { _id: string }) => x._id),
    ).toContain(g._id);
    expect(
      (await t.http().get('/api/grievances/mentor').set(bearer(otherMentor))).body.map((x: { _id: string }) => x._id),
    ).not.toContain(g._id);
    expect(
      (await t.http().get('/api/grievances/admin?category=facilities').set(bearer(admin))).body.map(
        (x: { _id: string }) => x._id,
      ),
    ).toContain(g._id);
  });

  it('lists read as rows carry the stored dates and people, the same as a single read', async () => {
    const g = await submit();
    const stored = await repo().findOneByOrFail({ id: g._id });
    expect(g.dateOfIncident).toBe(stored.dateOfIncident);
    expect(g.createdAt).toBe(stored.createdAt.toISOString());
    expect(g.resolvedAt).toBeNull();
    const listed = (await t.http().get('/api/grievances/mentee').set(bearer(mentee)).expect(200)).body.find(
      (x: { _id: string }) => x._id === g._id,
    );
    expect(listed).toEqual((await t.http().get(`/api/grievances/${g._id}`).set(bearer(mentee)).expect(200)).body);
    expect(listed.menteeId).toMatchObject({ fullName: 'Jordan Rivera', studentId: 'STU-2026001' });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: '' }, 'Email/Roll No/ID is required'],
    [{ rollNo: ' ' }, 'Roll number is required'],
    [{ subject: '' }, 'Subject is required'],
    [{ grievanceType: 'billing' }, 'Grievance type is required'],
    [{ dateOfIncident: '' }, 'Date of incident is required'],
    [{ dateOfIncident: dayjs().add(3, 'day').format('YYYY-MM-DD') }, 'cannot be in the future'],
    [{ description: '' }, 'Description is required'],
    [{ status: 'resolved' }, 'property status should not exist'],
  ])('refuses %j', async (over, message) => {
    const before = await repo().count();
    const res = await t.http().post('/api/grievances').set(bearer(mentee)).send(body(over)).expect(400);
    expect(JSON.stringify(res.body.message)).toContain(message);
    expect(await repo().count()).toBe(before);
  });

  it('mentor: review (pending → in-progress), then resolve with a preset; resolved is final', async () => {
    const g = await submit();
    const reviewed = await t
      .http()
      .put(`/api/grievances/${g._id}/review`)
      .set(bearer(mentor))
      .send({ status: 'Under review', mentorComments: 'Looking into it' })
      .expect(200);
    expect(reviewed.body).toMatchObject({ status: 'in-progress', mentorComments: 'Looking into it' });
    expect(await codeOf(t.http().put(`/api/grievances/${g._id}/review`).set(bearer(mentor)).send({}).expect(409))).toBe(
      'GRIEVANCE_TRANSITION_NOT_ALLOWED',
    );
    expect(
      await codeOf(t.http().put(`/api/grievances/${g._id}/resolve`).set(bearer(mentor)).send({}).expect(400)),
    ).toBe('RESOLUTION_REQUIRED');
    const resolved = await t
      .http()
      .put(`/api/grievances/${g._id}/resolve`)
      .set(bearer(mentor))
      .send({ resolution: 'Resolved through direct communication with the relevant department' })
      .expect(200);
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      resolution: 'Resolved through direct communication with the relevant department',
    });
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
    for (const action of ['review', 'resolve', 'reject']) {
      expect(
        await codeOf(
          t
            .http()
            .put(`/api/grievances/${g._id}/${action}`)
            .set(bearer(admin))
            .send({ resolution: 'again' })
            .expect(409),
        ),
      ).toBe('GRIEVANCE_TRANSITION_NOT_ALLOWED');
    }
    expect((await repo().findOneByOrFail({ id: g._id })).status).toBe('resolved');
  });

  it('admin: start processing, then only resolve (no reject from in-progress); pending can be rejected directly', async () => {
    const a = await submit();
    expect(
      (
        await t
          .http()
          .put(`/api/grievances/${a._id}/review`)
          .set(bearer(admin))
          .send({ status: 'in-progress', adminComments: 'Checking' })
          .expect(200)
      ).body,
    ).toMatchObject({ status: 'in-progress', adminComments: 'Checking' });
    expect(
      await codeOf(
        t.http().put(`/api/grievances/${a._id}/reject`).set(bearer(admin)).send({ adminComments: 'No' }).expect(409),
      ),
    ).toBe('GRIEVANCE_TRANSITION_NOT_ALLOWED');
    expect(await repo().findOneByOrFail({ id: a._id })).toMatchObject({
      status: 'in-progress',
      adminComments: 'Checking',
    });
    expect(
      (
        await t
          .http()
          .put(`/api/grievances/${a._id}/resolve`)
          .set(bearer(admin))
          .send({ resolution: 'Escalated to higher authorities' })
          .expect(200)
      ).body.status,
    ).toBe('resolved');
    const p = await submit();
    expect(
      (await t.http().put(`/api/grievances/${p._id}/reject`).set(bearer(admin)).send({}).expect(200)).body.status,
    ).toBe('rejected');
    await t.http().put(`/api/grievances/${p._id}/resolve`).set(bearer(admin)).send({ resolution: 'x' }).expect(409);
    const b = await submit();
    expect(
      (
        await t
          .http()
          .put(`/api/grievances/${b._id}/reject`)
          .set(bearer(mentor))
          .send({ mentorComments: 'Duplicate' })
          .expect(200)
      ).body.status,
    ).toBe('rejected');
  });

  it('the mentor side may still reject a grievance in review', async () => {
    const g = await submit();
    await t.http().put(`/api/grievances/${g._id}/review`).set(bearer(mentor)).send({}).expect(200);
    await t
      .http()
      .put(`/api/grievances/${g._id}/reject`)
      .set(bearer(mentor))
      .send({ mentorComments: 'No' })
      .expect(200);
    expect((await repo().findOneByOrFail({ id: g._id })).status).toBe('rejected');
  });

  it('the mentee chooses the category; priority starts from it (harassment high) and the type mapping stays the default', async () => {
    const h = await submit(mentee, { grievanceType: 'misconduct-complaint', category: 'harassment' });
    expect(h).toMatchObject({ category: 'harassment', priority: 'high' });
    expect(await repo().findOneByOrFail({ id: h._id })).toMatchObject({ category: 'harassment', priority: 'high' });
    expect(await submit(mentee, { category: 'academic' })).toMatchObject({ category: 'academic', priority: 'medium' });
    expect(await submit(mentee, { grievanceType: 'misconduct-complaint' })).toMatchObject({
      category: 'disciplinary',
      priority: 'high',
    });
    const found = (await t.http().get('/api/grievances/admin?category=harassment').set(bearer(admin)).expect(200)).body;
    expect(found.map((x: { _id: string }) => x._id)).toContain(h._id);
  });

  it.each([
    [{ category: 'bullying' }, 'Category must be one of'],
    [{ category: null }, 'Category must be one of'],
    [{ priority: 'high' }, 'property priority should not exist'],
  ])('refuses a submission with %j', async (over, message) => {
    const before = await repo().count();
    const res = await t.http().post('/api/grievances').set(bearer(mentee)).send(body(over)).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.body.message)).toContain(message);
    expect(await repo().count()).toBe(before);
  });

  it('admins set the priority of open grievances (audited); mentors, mentees, bad values and closed ones are refused', async () => {
    const g = await submit();
    const set = (token: string, priority: unknown, id = g._id) =>
      t.http().put(`/api/grievances/${id}/priority`).set(bearer(token)).send({ priority });
    expect(await codeOf(set(mentor, 'high').expect(403))).toBe('FORBIDDEN');
    expect(await codeOf(set(mentee, 'high').expect(403))).toBe('FORBIDDEN');
    expect(await codeOf(set(admin, 'critical').expect(400))).toBe('VALIDATION_FAILED');
    expect(await codeOf(set(admin, 'high', '00000000-0000-4000-8000-000000000000').expect(404))).toBe(
      'GRIEVANCE_NOT_FOUND',
    );
    expect((await repo().findOneByOrFail({ id: g._id })).priority).toBe('medium');
    expect((await set(admin, 'low').expect(200)).body).toMatchObject({ _id: g._id, priority: 'low' });
    expect((await repo().findOneByOrFail({ id: g._id })).priority).toBe('low');
    const entries = await t.db.getRepository(AuditEntry).findBy({ targetId: g._id, action: 'grievance.priority' });
    expect(entries.map((e) => e.changes)).toEqual([{ priority: { from: 'medium', to: 'low' } }]);
    await t.http().put(`/api/grievances/${g._id}/reject`).set(bearer(admin)).send({}).expect(200);
    expect(await codeOf(set(admin, 'high').expect(409))).toBe('GRIEVANCE_CLOSED');
    expect((await repo().findOneByOrFail({ id: g._id })).priority).toBe('low');
  });

  it('ownership: other mentors, other mentees and the mentee themself cannot act; others cannot read', async () => {
    const g = await submit();
    expect(
      await codeOf(t.http().put(`/api/grievances/${g._id}/review`).set(bearer(otherMentor)).send({}).expect(403)),
    ).toBe('NOT_OWNER');
    expect(
      await codeOf(
        t.http().put(`/api/grievances/${g._id}/resolve`).set(bearer(mentee)).send({ resolution: 'self' }).expect(403),
      ),
    ).toBe('FORBIDDEN');
    expect(await codeOf(t.http().get(`/api/grievances/${g._id}`).set(bearer(otherMentee)).expect(403))).toBe(
      'NOT_OWNER',
    );
    await t.http().get(`/api/grievances/${g._id}/comments`).set(bearer(otherMentor)).expect(403);
    await t
      .http()
      .post(`/api/grievances/${g._id}/comments`)
      .set(bearer(otherMentee))
      .send({ content: 'hi' })
      .expect(403);
    expect((await repo().findOneByOrFail({ id: g._id })).status).toBe('pending');
    expect(await t.db.getRepository(GrievanceComment).countBy({ grievanceId: g._id })).toBe(0);
  });

  it('the comment thread is shared by the admin, the mentor and the mentee', async () => {
    const g = await submit();
    await t
      .http()
      .post(`/api/grievances/${g._id}/comments`)
      .set(bearer(admin))
      .send({ content: 'We have ordered a new projector.' })
      .expect(201);
    await t
      .http()
      .post(`/api/grievances/${g._id}/comments`)
      .set(bearer(mentee))
      .send({ content: 'Thank you!' })
      .expect(201);
    expect(
      await codeOf(
        t.http().post(`/api/grievances/${g._id}/comments`).set(bearer(mentor)).send({ content: '   ' }).expect(400),
      ),
    ).toBe('VALIDATION_FAILED');
    const thread = (await t.http().get(`/api/grievances/${g._id}/comments`).set(bearer(mentor)).expect(200)).body;
    expect(thread.map((c: { content: string; author: { role: string } }) => [c.author.role, c.content])).toEqual([
      ['admin', 'We have ordered a new projector.'],
      ['mentee', 'Thank you!'],
    ]);
  });

  it('admin search covers mentee name, subject, type and category; export is CSV of those rows', async () => {
    const found = (await t.http().get('/api/grievances/admin?search=PROJECTOR').set(bearer(admin)).expect(200)).body;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((g: { subject: string }) => /projector/i.test(g.subject))).toBe(true);
    const csv = await t.http().get('/api/grievances/admin/export?search=projector').set(bearer(admin)).expect(200);
    const { parse } = await import('csv-parse/sync');
    expect((parse(csv.text) as string[][]).length - 1).toBe(found.length);
    await t.http().get('/api/grievances/admin/export').set(bearer(mentee)).expect(403);
  });
  describe('the admin list, paged on the server', () => {
    type Row = { _id: string; subject: string; status: string; confidential: boolean; name: string };
    const list = async (path: string, token = admin) => {
      const res = await t.http().get(path).set(bearer(token)).expect(200);
      return { rows: res.body as Row[], total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
    };

    it('pages every grievance with its count; a subject beyond the first page is found by search', async () => {
      const oldest = await submit(mentee, { subject: 'Oldest: water cooler leaking' });
      for (let i = 0; i < 3; i++) await submit(mentee, { subject: `Newer grievance ${i}` });
      const all = await list('/api/grievances/admin');
      expect(all.total).toBe(await repo().count());
      const first = await list('/api/grievances/admin?limit=2');
      expect(first.rows.map((g) => g._id)).toEqual(all.rows.slice(0, 2).map((g) => g._id));
      expect(first.rows.map((g) => g._id)).not.toContain(oldest._id);
      const found = await list('/api/grievances/admin?search=WATER%20COOLER&limit=2');
      expect(found).toEqual({ rows: [expect.objectContaining({ _id: oldest._id })], total: 1 });
      for (const term of ['%', '_', '!'])
        expect(await list(`/api/grievances/admin?search=${encodeURIComponent(term)}`)).toEqual({ rows: [], total: 0 });
    });

    it('filters and counts together; the export writes every matching row, not one page', async () => {
      const pending = await list('/api/grievances/admin?status=pending&limit=1');
      expect(pending.total).toBe(await repo().countBy({ status: 'pending' }));
      expect(pending.total).toBeGreaterThan(1);
      expect(pending.rows).toHaveLength(1);
      const csv = await t.http().get('/api/grievances/admin/export?status=pending').set(bearer(admin)).expect(200);
      const { parse } = await import('csv-parse/sync');
      expect((parse(csv.text) as string[][]).length - 1).toBe(pending.total);
    });

    it("counts only what the reader may see: a mentor's count leaves confidential ones out; a withheld name is not searchable", async () => {
      await submit(mentee, { grievanceType: 'misconduct-complaint', subject: 'Confidential one' });
      const hidden = await submit(mentee, { subject: 'Withheld one', withholdName: true });
      const ofMentor = await list('/api/grievances/mentor?limit=1', mentor);
      const whole = await list('/api/grievances/mentor', mentor);
      expect(ofMentor.total).toBe(whole.rows.length);
      expect(whole.rows.some((g) => g.confidential)).toBe(false);
      const byName = await list('/api/grievances/admin?search=jordan%20rivera');
      expect(byName.rows.map((g) => g._id)).not.toContain(hidden._id);
      expect(byName.total).toBe(byName.rows.length);
      const bySubject = await list('/api/grievances/admin?search=withheld%20one');
      expect(bySubject.rows).toEqual([expect.objectContaining({ _id: hidden._id, name: WITHHELD_NAME })]);
    });

    it.each([
      [`limit=${MAX_LIST_SIZE + 1}`, `limit must be at most ${MAX_LIST_SIZE}`],
      ['limit=abc', 'limit must be a whole number'],
      ['page=0', 'page must be 1 or more'],
    ])('refuses %s with 400 VALIDATION_FAILED: "%s"', async (query, message) => {
      const res = await t.http().get(`/api/grievances/admin?${query}`).set(bearer(admin)).expect(400);
      expect(res.body.code).toBe(ErrorCode.ValidationFailed);
      expect([res.body.message].flat()).toEqual([message]);
    });
  });
});
