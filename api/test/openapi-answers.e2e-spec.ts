import Ajv2020 from 'ajv/dist/2020';
import dayjs from 'dayjs';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { Group } from '../src/groups/entities/group.entity';
import { Attachment } from '../src/messages/entities/message.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, fileDemoGrievance, fileSickDay, startTestApp, tokenFor, type TestApp } from './support/test-app';

type Json = Record<string, unknown>;
type Who = 'admin' | 'mentor' | 'mentee' | 'guardian';
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
}
interface Response {
  content?: Record<string, { schema: Json }>;
  headers?: Record<string, { schema: Json }>;
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, Response>;
  'x-roles': (Who | 'public')[];
}

const DOC_ID = 'https://portal.example/openapi.json';
const WHO: Who[] = ['admin', 'mentor', 'mentee', 'guardian'];

/**
 * Every GET the reference documents is called by every role it names (public ones without a token), on the seeded
 * demo school plus a few records made here, and its answer checked against the document: the documented success
 * status, a documented media type, the body valid against the response's schema (ajv, the document's own components)
 * and the documented headers (the total of a paged list). A list must not be empty, so that its rows are checked
 * too. What cannot be called, or may answer an empty list, is listed below with the reason; nothing else is skipped.
 */
describe(`every documented GET answers as documented (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  /** "GET <path> as <role>": why that call is not made. None at present; a new one needs its reason. */
  const NOT_CALLED: Record<string, string> = {};
  /** "GET <path>": why its list may be empty here (its rows are then not checked). */
  const MAY_BE_EMPTY: Record<string, string> = {
    'GET /api/admin/mail-log': 'the test application has no mail server, so no mail is logged',
    'GET /api/followup/queue': 'no risk signal is raised on a freshly seeded school',
  };

  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>>; components: Json };
  const token = {} as Record<Who, string>;
  /** Path parameter values, by operation path and role. */
  let ids: Record<string, Partial<Record<Who | 'public', Record<string, string>>>>;
  /** Query strings to call an operation with (each one is a call), by operation path: its required parameters. */
  let queries: Record<string, string[]>;

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.http().get('/api/docs-json').expect(200)).body;
    for (const who of WHO) token[who] = await tokenFor(t, DEMO_ACCOUNTS[who]);
    const users = t.db.getRepository(User);
    const userId = async (email: string) => (await users.findOneByOrFail({ email })).id;
    const mentor = await userId(DEMO_ACCOUNTS.mentor);
    const mentee = await userId(DEMO_ACCOUNTS.mentee);

    // Records of the demo mentee, seen by the mentee, their mentor and the admin.
    const leave = (await fileSickDay(t, token.mentee, 30))._id;
    // And one with a document (its download).
    const note = await t
      .http()
      .post('/api/leaves/documents')
      .set(bearer(token.mentee))
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'note.pdf')
      .expect(201);
    const noteDay = dayjs().add(35, 'day').format('YYYY-MM-DD');
    const documented = (
      await t
        .http()
        .post('/api/leaves')
        .set(bearer(token.mentee))
        .send({ leaveType: 'sick', startDate: noteDay, endDate: noteDay, reason: 'Fever', documentId: note.body._id })
        .expect(201)
    ).body._id as string;
    const grievance = (await fileDemoGrievance(t, token.mentee))._id;
    await t
      .http()
      .post(`/api/grievances/${grievance}/comments`)
      .set(bearer(token.mentor))
      .send({ content: 'Looking into it.' })
      .expect(201);
    const announcement = (
      await t
        .http()
        .post('/api/announcements')
        .set(bearer(token.mentor))
        .send({ title: 'Trip', content: 'Museum on Friday.', targetAudience: 'all', readers: 'both' })
        .expect(201)
    ).body._id;
    await t
      .http()
      .post(`/api/announcements/${announcement}/comments`)
      .set(bearer(token.mentee))
      .send({ content: 'Thanks!' })
      .expect(201);
    const groups = await t.db.getRepository(Group).find({ relations: { mentees: true } });
    const group = groups.find((g) => g.mentorId === mentor && g.mentees!.some((m) => m.id === mentee))!.id;
    const archived = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(token.mentor))
        .send({ name: 'Last term', menteeIds: [] })
        .expect(201)
    ).body._id;
    await t.http().delete(`/api/groups/${archived}`).set(bearer(token.mentor)).expect(200);
    // A mentoring entry (the follow-up outcomes), a password-reset request (the admin's list of them), and an
    // attachment in each caller's chat with the demo mentee or mentor.
    await t
      .http()
      .post(`/api/followup/mentees/${mentee}/log`)
      .set(bearer(token.mentor))
      .send({ date: dayjs().format('YYYY-MM-DD'), mode: 'call', summary: 'Checked in' })
      .expect(201);
    await t.http().post('/api/auth/forgot-password').send({ email: 'student02@example.edu' }).expect(202);
    const attachment = async (who: Who, partner: string) =>
      (
        await t
          .http()
          .post('/api/messages/attachments')
          .set(bearer(token[who]))
          .field('conversationType', 'individual')
          .field('conversationId', partner)
          .attach('file', Buffer.from('Homework for Monday.\n'), 'homework.txt')
          .expect(201)
      ).body._id as string;
    const attachments = { admin: await attachment('admin', mentee), mentor: await attachment('mentor', mentee) };

    const day = (await t.db.getRepository(AttendanceRecord).find({ order: { date: 'DESC' }, take: 1 }))[0].date;
    // A family's answer to one of the demo mentee's absences (the mentor's queue of them).
    const absence = await t.db.getRepository(AttendanceRecord).findOneByOrFail({ menteeId: mentee, status: 'absent' });
    await t
      .http()
      .post(`/api/guardian/children/${mentee}/absence-answers`)
      .set(bearer(token.guardian))
      .send({ date: String(absence.date).slice(0, 10), reason: 'sick' })
      .expect(201);
    // The demo admin as safeguarding lead, with a deleted message kept (the kept-chats list).
    await t
      .http()
      .put(`/api/admin/users/${await userId(DEMO_ACCOUNTS.admin)}/safeguarding-lead`)
      .set(bearer(token.admin))
      .send({ lead: true })
      .expect(200);
    const unsaid = await t
      .http()
      .post('/api/messages')
      .set(bearer(token.mentor))
      .send({ conversationType: 'individual', conversationId: mentee, content: 'Sent by mistake' })
      .expect(201);
    await t.http().delete(`/api/messages/${unsaid.body._id}`).set(bearer(token.mentor)).expect(200);
    // And a deleted message with a file (a kept chat's download).
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const up = await t
      .http()
      .post('/api/messages/attachments')
      .set(bearer(token.mentor))
      .field('conversationType', 'individual')
      .field('conversationId', mentee)
      .attach('file', png, 'photo.png')
      .expect(201);
    const withFile = await t
      .http()
      .post('/api/messages')
      .set(bearer(token.mentor))
      .send({ conversationType: 'individual', conversationId: mentee, content: '', attachmentId: up.body._id })
      .expect(201);
    await t.http().delete(`/api/messages/${withFile.body._id}`).set(bearer(token.mentor)).expect(200);
    const keptFile = await t.db.getRepository(Attachment).findOneByOrFail({ id: up.body._id });
    const reported = await t
      .http()
      .post('/api/messages')
      .set(bearer(token.mentor))
      .send({ conversationType: 'individual', conversationId: mentee, content: 'Reported' })
      .expect(201);
    const report = (
      await t
        .http()
        .post('/api/safeguarding/reports')
        .set(bearer(token.mentee))
        .send({ messageId: reported.body._id, reason: 'other', note: 'Checking the queue' })
        .expect(201)
    ).body._id as string;
    const [year, month] = [dayjs(day).year(), dayjs(day).month() + 1];
    const soon = dayjs().add(60, 'day');
    queries = {
      '/api/admin/mentees/{id}/data-export': ['requestedBy=student'],
      '/api/admin/mentees/{id}/data-export/pdf': ['requestedBy=student'],
      '/api/calendar': [`from=${dayjs(day).startOf('month').format('YYYY-MM-DD')}&to=${day}`],
      '/api/admin/attendance': [`date=${day}`, `month=${month}&year=${year}`],
      '/api/admin/attendance/recorded': [`dates=${day},${dayjs(day).subtract(1, 'day').format('YYYY-MM-DD')}`],
      '/api/admin/attendance/export': [`month=${month}&year=${year}`],
      '/api/leaves/impact': [
        `startDate=${soon.format('YYYY-MM-DD')}&endDate=${soon.add(2, 'day').format('YYYY-MM-DD')}`,
      ],
      '/api/guardian/children/{id}/leave-impact': [
        `startDate=${soon.format('YYYY-MM-DD')}&endDate=${soon.add(2, 'day').format('YYYY-MM-DD')}`,
      ],
    };
    const same = (values: Record<string, string>) => ({ admin: values, mentor: values, mentee: values });
    ids = {
      '/api/admin/users/{id}': { admin: { id: mentee } },
      '/api/admin/users/{id}/erasure': { admin: { id: mentee } },
      '/api/safeguarding/reports/{id}': { admin: { id: report } },
      '/api/safeguarding/kept-chats/{id}/attachments/{attachmentId}': {
        admin: { id: keptFile.keptChatId!, attachmentId: keptFile.id },
      },
      '/api/admin/mentees/{id}/guardians': { admin: { id: mentee } },
      '/api/admin/mentees/{id}/consents': { admin: { id: mentee } },
      '/api/admin/mentees/{id}/disclosures': { admin: { id: mentee } },
      '/api/admin/mentees/{id}/data-export': { admin: { id: mentee } },
      '/api/admin/mentees/{id}/data-export/pdf': { admin: { id: mentee } },
      '/api/guardian/children/{id}/attendance': { guardian: { id: mentee } },
      '/api/guardian/children/{id}/leaves': { guardian: { id: mentee } },
      '/api/guardian/children/{id}/announcements': { guardian: { id: mentee } },
      '/api/guardian/children/{id}/leave-impact': { guardian: { id: mentee } },
      '/api/admin/users/{id}/guardian-notifications': { admin: { id: mentee } },
      '/api/mentees/{id}/details': { admin: { id: mentee }, mentor: { id: mentee } },
      '/api/followup/mentees/{id}': { admin: { id: mentee }, mentor: { id: mentee } },
      '/api/leaves/{id}': same({ id: leave }),
      '/api/leaves/{id}/document': same({ id: documented }),
      '/api/guardian/leaves/{id}/document': { guardian: { id: documented } },
      '/api/grievances/{id}': same({ id: grievance }),
      '/api/grievances/{id}/timeline': same({ id: grievance }),
      '/api/grievances/{id}/comments': same({ id: grievance }),
      '/api/groups/{id}/details': same({ id: group }),
      '/api/announcements/{id}/comments': same({ id: announcement }),
      '/api/messages/group/{id}': same({ id: group }),
      '/api/messages/individual/{id}': { admin: { id: mentee }, mentor: { id: mentee }, mentee: { id: mentor } },
      '/api/messages/attachments/{id}': {
        admin: { id: attachments.admin },
        mentor: { id: attachments.mentor },
        mentee: { id: attachments.mentor },
      },
    };
  });
  afterAll(() => t.close());

  it('calls them all, each answer valid against its documented schema', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: DOC_ID, components: doc.components });
    // The validator refuses what the document does not allow (a leave without its fields, a row it does not name).
    const leave = ajv.compile(resolveAgainst({ $ref: '#/components/schemas/LeaveResponse' }));
    expect(leave({})).toBe(false);
    const problems: string[] = [];
    const called = new Set<string>();
    let calls = 0;
    const notCalledSeen = new Set<string>();
    const gets = Object.entries(doc.paths)
      .filter(([, item]) => item.get)
      .map(([path, item]) => [path, item.get!] as const);
    expect(gets.length).toBeGreaterThan(50);

    for (const [path, op] of gets) {
      const route = `GET ${path}`;
      const success = Object.keys(op.responses).filter((s) => /^[23]/.test(s));
      if (success.length !== 1) {
        problems.push(`${route}: ${success.length} success responses`);
        continue;
      }
      const [status] = success;
      const documented = op.responses[status];
      const callers = op['x-roles'].includes('public') ? (['public'] as const) : op['x-roles'];
      for (const who of callers) {
        const call = `${route} as ${who}`;
        if (NOT_CALLED[call]) {
          notCalledSeen.add(call);
          continue;
        }
        const urls = urlsFor(path, op, who, problems);
        for (const url of urls) {
          // The answer's bytes as they came, whatever the media type: parsed below, by the documented type.
          const req = t
            .http()
            .get(url)
            .buffer(true)
            .parse((stream, done) => {
              const chunks: Buffer[] = [];
              stream.on('data', (c: Buffer) => chunks.push(c));
              stream.on('end', () => done(null, Buffer.concat(chunks)));
            });
          const res = await (who === 'public' ? req : req.set(bearer(token[who])));
          called.add(route);
          calls++;
          const label = `${call}: ${url}`;
          if (String(res.status) !== status) {
            problems.push(`${label}: ${res.status}, documented ${status} (${String(res.body).slice(0, 200)})`);
            continue;
          }
          if (status.startsWith('3')) {
            if (!res.headers.location) problems.push(`${label}: a redirect without a Location`);
            continue;
          }
          const type = String(res.headers['content-type'] ?? '')
            .split(';')[0]
            .trim();
          const media = documented.content?.[type];
          if (!media) {
            problems.push(`${label}: answered ${type}, documented ${Object.keys(documented.content ?? {})}`);
            continue;
          }
          const bytes = res.body as Buffer;
          let body: unknown = bytes.toString('utf8');
          if (type === 'application/json') body = JSON.parse(body as string);
          else if (!bytes.length) problems.push(`${label}: an empty ${type} download`);
          const validate = ajv.compile(resolveAgainst(media.schema));
          if (!validate(body)) problems.push(`${label}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
          if (Array.isArray(body) && !body.length && !MAY_BE_EMPTY[route])
            problems.push(`${label}: an empty list (its rows unchecked): fill it, or say in MAY_BE_EMPTY why not`);
          for (const [name, header] of Object.entries(documented.headers ?? {})) {
            const value = res.headers[name.toLowerCase()] as string | undefined;
            const typed = header.schema.type === 'integer' || header.schema.type === 'number' ? Number(value) : value;
            if (value === undefined || !ajv.validate(header.schema, typed))
              problems.push(`${label}: header ${name}: ${value}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(gets.length);
    expect(gets.map(([path]) => `GET ${path}`).filter((r) => !called.has(r))).toEqual([]);
    // Every exception listed above is a call the document has, still not made.
    expect(Object.keys(NOT_CALLED).filter((c) => !notCalledSeen.has(c))).toEqual([]);
    const documentedGets = new Set(gets.map(([path]) => `GET ${path}`));
    expect(Object.keys(MAY_BE_EMPTY).filter((r) => !documentedGets.has(r))).toEqual([]);
  });

  /**
   * The URLs to call `path` with as `who`: path parameters from `ids` (an enumerated one takes each of its values),
   * required query parameters from `queries`. A parameter without a value is a problem, not a skip.
   */
  function urlsFor(path: string, op: Operation, who: Who | 'public', problems: string[]): string[] {
    let urls = [path];
    for (const p of op.parameters ?? []) {
      if (p.in !== 'path') continue;
      const values = (p.schema?.enum as string[] | undefined) ?? [ids[path]?.[who]?.[p.name]];
      if (values.some((v) => v === undefined)) {
        problems.push(`GET ${path} as ${who}: no value for the path parameter ${p.name}`);
        return [];
      }
      urls = urls.flatMap((u) => values.map((v) => u.replace(`{${p.name}}`, encodeURIComponent(v!))));
    }
    const required = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name);
    const given = queries[path] ?? [''];
    for (const name of required)
      if (!given.every((q) => new URLSearchParams(q).has(name))) {
        problems.push(`GET ${path}: no value for the required query parameter ${name}`);
        return [];
      }
    return urls.flatMap((u) => given.map((q) => (q ? `${u}?${q}` : u)));
  }
});

/** A response schema whose references point into the registered document. */
function resolveAgainst(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`)) as Json;
}
