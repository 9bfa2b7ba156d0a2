import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { RequestMethod } from '@nestjs/common';
import { ErrorCode } from '@portal/contracts';
import { DISCLOSES } from '../src/disclosures/discloses.decorator';
import { Disclosure } from '../src/disclosures/entities/disclosure.entity';
import { bearer, demoPeople, fileDemoGrievance, startTestApp, type TestApp } from './support/test-app';

/** Every route whose answer shows a student's sensitive record to staff (those marked @Discloses). */
function disclosingRoutes(t: TestApp): string[] {
  const out: string[] = [];
  for (const mod of t.app.get(ModulesContainer).values())
    for (const { metatype } of mod.controllers.values()) {
      if (!metatype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        const handler = metatype.prototype[name];
        if (name === 'constructor' || !Reflect.getMetadata(DISCLOSES, handler)) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const path = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        out.push(`${method} /api/${[base, path].filter((p) => p && p !== '/').join('/')}`);
      }
    }
  return out.sort();
}

describe(`who looked: the disclosure log (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tok: Record<string, string>, id: Record<string, string>;
  const log = () => t.db.getRepository(Disclosure);

  beforeAll(async () => {
    t = await startTestApp();
    ({ id, tok } = await demoPeople(t));
    await t
      .http()
      .put(`/api/admin/users/${id.admin}/safeguarding-lead`)
      .set(bearer(tok.admin))
      .send({ lead: true })
      .expect(200);
    id.grievance = (await fileDemoGrievance(t, tok.mentee))._id;
    id.withheld = (
      await fileDemoGrievance(t, tok.mentee, {
        subject: 'Something private',
        grievanceType: 'other',
        description: 'I would rather not be named for this one.',
        withholdName: true,
      })
    )._id;
    const m = await t
      .http()
      .post('/api/messages')
      .set(bearer(tok.mentor))
      .send({ conversationType: 'individual', conversationId: id.mentee, content: 'Deleted for the log' })
      .expect(201);
    await t.http().delete(`/api/messages/${m.body._id}`).set(bearer(tok.mentor)).expect(200);
    id.kept = (await t.http().get('/api/safeguarding/kept-chats').set(bearer(tok.admin)).expect(200)).body.items[0]._id;
  });
  afterAll(() => t.close());

  /** Each sensitive read path: who calls it, and the row it must leave. */
  const PATHS: Record<string, () => { who: string; call: () => Promise<unknown>; row: Partial<Disclosure> }> = {
    'GET /api/admin/users/:id': () => ({
      who: 'admin',
      call: () => t.http().get(`/api/admin/users/${id.mentee}`).set(bearer(tok.admin)).expect(200),
      row: { menteeId: id.mentee, record: 'profile', students: 1 },
    }),
    'GET /api/admin/mentees': () => ({
      who: 'admin',
      call: () => t.http().get('/api/admin/mentees').set(bearer(tok.admin)).expect(200),
      row: { menteeId: null, record: 'profile' },
    }),
    'GET /api/mentors/mentees': () => ({
      who: 'mentor',
      call: () => t.http().get('/api/mentors/mentees').set(bearer(tok.mentor)).expect(200),
      row: { menteeId: null, record: 'profile' },
    }),
    'GET /api/mentees/:id/details': () => ({
      who: 'mentor',
      call: () => t.http().get(`/api/mentees/${id.mentee}/details`).set(bearer(tok.mentor)).expect(200),
      row: { menteeId: id.mentee, record: 'profile', students: 1 },
    }),
    'GET /api/grievances/:id': () => ({
      who: 'admin',
      call: () => t.http().get(`/api/grievances/${id.grievance}`).set(bearer(tok.admin)).expect(200),
      row: { menteeId: id.mentee, record: 'grievance', recordId: id.grievance },
    }),
    'GET /api/grievances/mentor': () => ({
      who: 'mentor',
      call: () => t.http().get('/api/grievances/mentor').set(bearer(tok.mentor)).expect(200),
      row: { menteeId: null, record: 'grievance' },
    }),
    'GET /api/grievances/admin': () => ({
      who: 'admin',
      call: () => t.http().get('/api/grievances/admin').set(bearer(tok.admin)).expect(200),
      row: { menteeId: null, record: 'grievance' },
    }),
    'GET /api/followup/mentees/:id': () => ({
      who: 'mentor',
      call: () => t.http().get(`/api/followup/mentees/${id.mentee}`).set(bearer(tok.mentor)).expect(200),
      row: { menteeId: id.mentee, record: 'followup' },
    }),
    'GET /api/admin/mentees/:id/guardians': () => ({
      who: 'admin',
      call: () => t.http().get(`/api/admin/mentees/${id.mentee}/guardians`).set(bearer(tok.admin)).expect(200),
      row: { menteeId: id.mentee, record: 'guardians' },
    }),
    'POST /api/safeguarding/kept-chats/:id/read': () => ({
      who: 'admin',
      call: () =>
        t
          .http()
          .post(`/api/safeguarding/kept-chats/${id.kept}/read`)
          .set(bearer(tok.admin))
          .send({ reason: 'Checking the disclosure log' })
          .expect(200),
      row: { menteeId: id.mentee, record: 'kept-chat', recordId: id.kept, safeguarding: true },
    }),
  };

  it('the list of sensitive read paths is every route marked as disclosing', () => {
    expect(disclosingRoutes(t)).toEqual(Object.keys(PATHS).sort());
  });

  it.each(Object.keys(PATHS))('%s leaves a row naming who, when, which record and which fields', async (route) => {
    const { who, call, row } = PATHS[route]();
    const before = await log().count();
    const started = Date.now();
    await call();
    const rows = await log().find({ order: { createdAt: 'DESC' } });
    expect(rows.length).toBeGreaterThan(before);
    const mine = rows.find(
      (r) => r.viewerId === id[who] && Object.entries(row).every(([k, v]) => (r as never)[k] === v),
    );
    expect(mine).toBeDefined();
    expect(mine!.fields.length).toBeGreaterThan(0);
    expect(mine!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    if (row.menteeId === null) expect(mine!.students).toBeGreaterThan(0);
  });

  it('a profile row names the sensitive fields shown; a student reading their own record leaves none', async () => {
    const [row] = await log().find({ where: { record: 'profile', menteeId: id.mentee }, take: 1 });
    expect(row.fields).toEqual(expect.arrayContaining(['address', 'dateOfBirth']));
    const before = await log().count();
    await t.http().get('/api/auth/me').set(bearer(tok.mentee)).expect(200);
    await t.http().get(`/api/grievances/${id.grievance}`).set(bearer(tok.mentee)).expect(200);
    expect(await log().count()).toBe(before);
  });

  it("a name-withheld grievance's reading never names its student", async () => {
    await t.http().get(`/api/grievances/${id.withheld}`).set(bearer(tok.admin)).expect(200);
    const row = await log().findOneByOrFail({ recordId: id.withheld });
    expect(row.menteeId).toBeNull();
    const all = (
      await t.http().get(`/api/admin/mentees/${id.mentee}/disclosures?limit=100`).set(bearer(tok.admin)).expect(200)
    ).body;
    expect(all.entries.map((e: { recordId: string }) => e.recordId)).not.toContain(id.withheld);
  });

  it('admins read the log per student, safeguarding reads included; the student sees who viewed, without them', async () => {
    const admin = (
      await t.http().get(`/api/admin/mentees/${id.mentee}/disclosures?limit=100`).set(bearer(tok.admin)).expect(200)
    ).body;
    const records = admin.entries.map((e: { record: string }) => e.record);
    expect(records).toEqual(expect.arrayContaining(['profile', 'grievance', 'followup', 'guardians', 'kept-chat']));
    expect(admin.total).toBe(admin.entries.length);
    const own = (await t.http().get('/api/disclosures/mine?limit=100').set(bearer(tok.mentee)).expect(200)).body;
    expect(own.entries.map((e: { record: string }) => e.record)).not.toContain('kept-chat');
    expect(own.total).toBe(admin.total - 1);
    expect(own.entries[0]).toMatchObject({ viewer: { fullName: expect.any(String), role: expect.any(String) } });
    await t.http().get('/api/disclosures/mine').set(bearer(tok.mentor)).expect(403);
    await t.http().get(`/api/admin/mentees/${id.mentee}/disclosures`).set(bearer(tok.mentor)).expect(403);
    expect(
      (await t.http().get(`/api/admin/mentees/${id.mentee}/disclosures?limit=0`).set(bearer(tok.admin)).expect(400))
        .body.code,
    ).toBe(ErrorCode.ValidationFailed);
  });
});
