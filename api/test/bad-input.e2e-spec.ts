import dayjs from 'dayjs';
import { ERROR_CODES, ErrorCode } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { ENTITIES } from '../src/database/entities';
import { Group } from '../src/groups/entities/group.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Bad input of every kind on every call that takes a body or a query: each gets a 4xx with a message, and nothing in
 * the database changes.
 */
describe(`bad-input sweep (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    for (const who of ['admin', 'mentor', 'mentee'] as const) tok[who] = await tokenFor(t, DEMO_ACCOUNTS[who]);
    const users = t.db.getRepository(User);
    ids.mentee = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    ids.mentor = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    ids.group = (await t.db.getRepository(Group).findOneByOrFail({ mentorId: ids.mentor })).id;
  });
  afterAll(() => t.close());

  const snapshot = async () => Promise.all(ENTITIES.map((e) => t.db.getRepository(e).count()));
  // Yesterday, or Saturday when yesterday was a Sunday (attendance refuses Sundays).
  const yesterday = dayjs().subtract(1, 'day');
  const day = yesterday.subtract(yesterday.day() === 0 ? 1 : 0, 'day').format('YYYY-MM-DD');

  /** A valid body for each call; the sweep spoils it one way at a time. */
  const CALLS: {
    name: string;
    who: string;
    method: 'post' | 'put' | 'patch';
    path: () => string;
    body: () => Record<string, unknown>;
  }[] = [
    {
      name: 'register',
      who: 'anon',
      method: 'post',
      path: () => '/api/auth/register',
      body: () => ({
        email: 'new@example.edu',
        password: 'secret1',
        role: 'mentee',
        fullName: 'N',
        phone: '1',
        class: '9',
        section: 'A',
      }),
    },
    {
      name: 'login',
      who: 'anon',
      method: 'post',
      path: () => '/api/auth/login',
      body: () => ({ email: 'x@example.edu', password: 'wrong-one' }),
    },
    {
      name: 'mentor profile',
      who: 'mentor',
      method: 'put',
      path: () => '/api/mentors/profile',
      body: () => ({ phone: '123' }),
    },
    {
      name: 'admin create user',
      who: 'admin',
      method: 'post',
      path: () => '/api/admin/users',
      body: () => ({
        email: 'n2@example.edu',
        password: 'secret1',
        role: 'mentor',
        fullName: 'N',
        phone: '1',
        department: 'D',
      }),
    },
    {
      name: 'admin user e-mail',
      who: 'admin',
      method: 'put',
      path: () => `/api/admin/users/${ids.mentee}`,
      body: () => ({ email: 'changed@example.edu' }),
    },
    {
      name: 'admin user profile',
      who: 'admin',
      method: 'put',
      path: () => `/api/admin/users/${ids.mentee}/profile`,
      body: () => ({ fullName: 'Changed' }),
    },
    {
      name: 'assign mentor',
      who: 'admin',
      method: 'put',
      path: () => '/api/admin/assign-mentor',
      body: () => ({ menteeId: ids.mentee, mentorId: null }),
    },
    {
      name: 'save attendance',
      who: 'admin',
      method: 'post',
      path: () => '/api/admin/attendance',
      body: () => ({ date: day, attendanceData: { [ids.mentee]: { [day]: 'present' } } }),
    },
    {
      name: 'request leave',
      who: 'mentee',
      method: 'post',
      path: () => '/api/leaves',
      body: () => ({ leaveType: 'sick', startDate: '2031-01-05', endDate: '2031-01-06', reason: 'x' }),
    },
    {
      name: 'submit grievance',
      who: 'mentee',
      method: 'post',
      path: () => '/api/grievances',
      body: () => ({
        name: 'N',
        email: 'e',
        rollNo: 'r',
        subject: 's',
        grievanceType: 'other',
        dateOfIncident: day,
        description: 'd',
      }),
    },
    {
      name: 'create group',
      who: 'mentor',
      method: 'post',
      path: () => '/api/groups',
      body: () => ({ name: 'G', menteeIds: [] }),
    },
    {
      name: 'edit group',
      who: 'mentor',
      method: 'put',
      path: () => `/api/groups/${ids.group}`,
      body: () => ({ name: 'G2', menteeIds: [] }),
    },
    {
      name: 'post announcement',
      who: 'mentor',
      method: 'post',
      path: () => '/api/announcements',
      body: () => ({ title: 't', content: 'c' }),
    },
    {
      name: 'send message',
      who: 'mentor',
      method: 'post',
      path: () => '/api/messages',
      body: () => ({ conversationType: 'individual', conversationId: ids.mentee, content: 'hi' }),
    },
  ];

  const SPOILERS: [string, (b: Record<string, unknown>) => unknown, number[]][] = [
    ['an extra role field', (b) => ({ ...b, role: 'admin' }), [400]],
    [
      'an extra mentorId field',
      (b) => ({ ...b, mentorId: '6b1d2c1e-0000-4000-8000-000000000000', menteeId: b.menteeId }),
      [400],
    ],
    ['an extra authorId field', (b) => ({ ...b, authorId: 'x' }), [400]],
    ['an extra status field', (b) => ({ ...b, status: 'approved' }), [400]],
    ['an extra isActive field', (b) => ({ ...b, isActive: false }), [400]],
    ['objects in place of every value', (b) => Object.fromEntries(Object.keys(b).map((k) => [k, { $gt: '' }])), [400]],
    ['numbers in place of every value', (b) => Object.fromEntries(Object.keys(b).map((k) => [k, 12345])), [400]],
    ['an array body', () => [], [400]],
    [
      'every value 100k characters long',
      (b) => Object.fromEntries(Object.keys(b).map((k) => [k, 'x'.repeat(100_000)])),
      [400],
    ],
    [
      'an impossible date everywhere a date goes',
      (b) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, /date/i.test(k) ? '2026-02-30' : v])),
      [400],
    ],
    ['a body over 1 MiB', (b) => ({ ...b, padding: 'x'.repeat(1_100_000) }), [413]],
  ];
  /** The code each refusal must carry: validation for every bad value, the size limit for the oversized body. */
  const CODE: Record<number, string> = { 400: ErrorCode.ValidationFailed, 413: ErrorCode.PayloadTooLarge };

  // An "extra" field is only extra where the call does not take it.
  const extraField = (name: string) => /^an extra (\w+) field$/.exec(name)?.[1];
  const cases = CALLS.flatMap((c) =>
    SPOILERS.filter(
      ([name]) => !(name.startsWith('an impossible date') && !Object.keys(c.body()).some((k) => /date/i.test(k))),
    )
      .filter(([name]) => !(extraField(name) && extraField(name)! in c.body()))
      .map(([name, spoil, statuses]) => [c.name, name, c, spoil, statuses] as const),
  );

  it.each(cases)('%s with %s: a clear 4xx and nothing changes', async (_n, _s, c, spoil, statuses) => {
    const before = await snapshot();
    const req = t.http()[c.method](c.path()) as ReturnType<ReturnType<TestApp['http']>['post']>;
    if (c.who !== 'anon') req.set(bearer(tok[c.who]));
    const res = await req.set('content-type', 'application/json').send(JSON.stringify(spoil(c.body())));
    expect(statuses).toContain(res.status);
    expect(res.body.message).toBeTruthy();
    expect(ERROR_CODES).toContain(res.body.code);
    expect(res.body.code).toBe(CODE[res.status]);
    expect(res.body).not.toHaveProperty('stack');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    '/api/admin/users?limit=100000',
    '/api/admin/users?page=-1',
    '/api/admin/users?role[$ne]=x',
    '/api/admin/audit?limit=0',
    '/api/admin/attendance?date=2026-13-01',
    '/api/admin/attendance?month=0&year=2026',
    // A bad day beside a month, a bad month beside a day: each part is checked whenever it is given.
    '/api/admin/attendance?date=garbage&month=1&year=2026',
    '/api/admin/attendance?date=2026-03-10&month=13',
    '/api/leaves/admin?status=all',
    '/api/grievances/admin?category=weird',
    '/api/admin/reports/overview?period=forever',
    `/api/admin/mentees?search=${'x'.repeat(200)}`,
    '/api/admin/users/not-an-id',
    '/api/leaves/12345',
    '/api/messages/individual/x?limit=100000',
    // Every list is bounded: a page size past the maximum, or one that is not a whole number, is refused.
    '/api/leaves/admin?limit=abc',
    '/api/grievances/admin?page=0',
    '/api/admin/mentees?limit=100000',
    '/api/admin/mentors?page=abc',
    '/api/admin/password-resets?limit=0',
    '/api/admin/groups?limit=1.5',
    '/api/admin/followup/outcomes?limit=100000',
    '/api/leaves/admin/export?limit=10',
  ])('GET %s is refused with 400', async (url) => {
    const res = await t.http().get(url).set(bearer(tok.admin));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.ValidationFailed);
    expect(res.body.message).toBeTruthy();
  });

  /**
   * An explicit null where a field may only be left out: 400, never a 500 from a NOT NULL column. Each optional field
   * of each call, one at a time (the other fields as a valid call sends them).
   */
  const anyId = '6b1d2c1e-0000-4000-8000-000000000000';
  const NULL_FIELDS: {
    name: string;
    who: string;
    method: 'post' | 'put' | 'patch';
    path: () => string;
    body: Record<string, unknown>;
    fields: string[];
  }[] = [
    {
      name: 'post announcement',
      who: 'mentor',
      method: 'post',
      path: () => '/api/announcements',
      body: { title: 't', content: 'c' },
      fields: ['priority', 'targetAudience', 'groupId', 'class', 'section'],
    },
    {
      name: 'post group announcement',
      who: 'mentor',
      method: 'post',
      path: () => '/api/announcements',
      body: { title: 't', content: 'c', targetAudience: 'group', groupId: anyId },
      fields: ['groupId'],
    },
    {
      name: 'post class announcement',
      who: 'mentor',
      method: 'post',
      path: () => '/api/announcements',
      body: { title: 't', content: 'c', targetAudience: 'class', class: '9', section: 'A' },
      fields: ['class', 'section'],
    },
    {
      name: 'edit announcement',
      who: 'mentor',
      method: 'patch',
      path: () => `/api/announcements/${anyId}`,
      body: {},
      fields: ['title', 'content', 'priority'],
    },
    {
      name: 'mentor profile',
      who: 'mentor',
      method: 'put',
      path: () => '/api/mentors/profile',
      body: {},
      fields: ['email', 'phone', 'qualifications', 'citations'],
    },
    {
      name: "admin edits a mentor's profile",
      who: 'admin',
      method: 'put',
      path: () => `/api/admin/users/${ids.mentor}/profile`,
      body: {},
      fields: [
        'fullName',
        'phone',
        'department',
        'position',
        'employeeId',
        'subjects',
        'qualifications',
        'citations',
        'experience',
        'officeHours',
      ],
    },
    {
      name: "admin edits a mentee's profile",
      who: 'admin',
      method: 'put',
      path: () => `/api/admin/users/${ids.mentee}/profile`,
      body: {},
      fields: [
        'studentId',
        'class',
        'section',
        'academicYear',
        'address',
        'medicalConditions',
        'hobbies',
        'parentInfo',
      ],
    },
    {
      name: "admin edits a mentee's parent info",
      who: 'admin',
      method: 'put',
      path: () => `/api/admin/users/${ids.mentee}/profile`,
      body: {},
      fields: ['fatherName', 'motherName', 'primaryContact', 'secondaryContact', 'email', 'emergencyContact'].map(
        (f) => `parentInfo.${f}`,
      ),
    },
    {
      name: 'register a mentor',
      who: 'anon',
      method: 'post',
      path: () => '/api/auth/register',
      body: {
        email: 'nul@example.edu',
        password: 'secret1',
        role: 'mentor',
        fullName: 'N',
        phone: '1',
        department: 'D',
      },
      fields: ['employeeId', 'position'],
    },
    {
      name: 'create group',
      who: 'mentor',
      method: 'post',
      path: () => '/api/groups',
      body: { name: 'G', menteeIds: [] },
      fields: ['description', 'color'],
    },
    {
      name: 'approve leave',
      who: 'mentor',
      method: 'put',
      path: () => `/api/leaves/${anyId}/approve`,
      body: {},
      fields: ['mentorComments'],
    },
    {
      name: 'resolve grievance',
      who: 'admin',
      method: 'put',
      path: () => `/api/grievances/${anyId}/resolve`,
      body: {},
      fields: ['resolution', 'mentorComments', 'adminComments', 'status'],
    },
    {
      name: 'send message',
      who: 'mentor',
      method: 'post',
      path: () => '/api/messages',
      body: { conversationType: 'individual', conversationId: anyId, content: 'hi' },
      fields: ['attachmentId'],
    },
  ];
  const nullCases = NULL_FIELDS.flatMap((c) => c.fields.map((f) => [c.name, f, c] as const));

  it.each(nullCases)('%s with %s: null is refused with 400 VALIDATION_FAILED', async (_n, field, c) => {
    const before = await snapshot();
    const body = structuredClone(c.body);
    const [outer, inner] = field.split('.');
    if (inner) body[outer] = { [inner]: null };
    else body[outer] = null;
    const req = t.http()[c.method](c.path()) as ReturnType<ReturnType<TestApp['http']>['post']>;
    if (c.who !== 'anon') req.set(bearer(tok[c.who]));
    const res = await req.send(body);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: ErrorCode.ValidationFailed });
    expect(res.body.message).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  /**
   * Text that shows nothing (only Unicode White_Space, default-ignorable, format characters, U+2800, U+3164, U+FFA0) in
   * a field that must say something: 400 VALIDATION_FAILED with the field's message, nothing stored.
   */
  const INVISIBLE = ['\u200B\u2800', '\u3164\u00A0\uFFA0 \u2060\uFEFF\u180E\u00AD\u034F\u115F\u202E\u3000'];
  const BLANK_FIELDS: {
    name: string;
    who: string;
    method: 'post' | 'put' | 'patch';
    path: () => string;
    body: (text: string) => Record<string, unknown>;
    message: string;
  }[] = [
    {
      name: 'a chat message',
      who: 'mentor',
      method: 'post',
      path: () => '/api/messages',
      body: (content) => ({ conversationType: 'individual', conversationId: ids.mentee, content }),
      message: 'A message needs text or an attachment',
    },
    {
      name: 'a grievance comment',
      who: 'mentee',
      method: 'post',
      path: () => `/api/grievances/${anyId}/comments`,
      body: (content) => ({ content }),
      message: 'Comment cannot be empty',
    },
    {
      name: 'an announcement comment',
      who: 'mentee',
      method: 'post',
      path: () => `/api/announcements/${anyId}/comments`,
      body: (content) => ({ content }),
      message: 'Comment cannot be empty',
    },
    {
      name: 'a leave reason',
      who: 'mentee',
      method: 'post',
      path: () => '/api/leaves',
      body: (reason) => ({ leaveType: 'sick', startDate: '2031-01-05', endDate: '2031-01-06', reason }),
      message: 'Reason is required',
    },
    {
      name: 'a grievance subject',
      who: 'mentee',
      method: 'post',
      path: () => '/api/grievances',
      body: (subject) => ({
        name: 'N',
        email: 'e',
        rollNo: 'r',
        subject,
        grievanceType: 'other',
        dateOfIncident: day,
        description: 'd',
      }),
      message: 'Subject is required',
    },
    {
      name: 'an announcement title',
      who: 'mentor',
      method: 'post',
      path: () => '/api/announcements',
      body: (title) => ({ title, content: 'c' }),
      message: 'Title and content are required',
    },
    {
      name: 'an edited announcement title',
      who: 'mentor',
      method: 'patch',
      path: () => `/api/announcements/${anyId}`,
      body: (title) => ({ title }),
      message: 'Title and content are required',
    },
    {
      name: "a reopened grievance's reason",
      who: 'mentee',
      method: 'post',
      path: () => `/api/grievances/${anyId}/reopen`,
      body: (reason) => ({ reason }),
      message: 'A reason is required',
    },
    {
      name: "a revealed identity's reason",
      who: 'admin',
      method: 'post',
      path: () => `/api/admin/grievances/${anyId}/reveal`,
      body: (reason) => ({ reason }),
      message: 'A reason is required',
    },
    {
      name: "a school closure's reason",
      who: 'admin',
      method: 'post',
      path: () => '/api/admin/calendar/closures',
      body: (reason) => ({ closures: [{ date: '2031-01-06', reason }] }),
      message: 'Each closure needs a reason',
    },
  ];
  const codePoints = (text: string) =>
    [...text].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`).join(' ');
  const blankCases = BLANK_FIELDS.flatMap((c) => INVISIBLE.map((text) => [c.name, codePoints(text), c, text] as const));

  it.each(blankCases)('%s of invisible characters only (%s) is refused with 400, storing nothing', async (...args) => {
    const [, , c, text] = args;
    const before = await snapshot();
    const req = t.http()[c.method](c.path()) as ReturnType<ReturnType<TestApp['http']>['post']>;
    const res = await req.set(bearer(tok[c.who])).send(c.body(text));
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: ErrorCode.ValidationFailed });
    expect(JSON.stringify(res.body.message)).toContain(c.message);
    expect(await snapshot()).toEqual(before);
  });

  it('null still clears the fields where it means "none": date of birth, blood group, a mentee\'s mentor', async () => {
    await t
      .http()
      .put(`/api/admin/users/${ids.mentee}/profile`)
      .set(bearer(tok.admin))
      .send({ dateOfBirth: null, bloodGroup: null })
      .expect(200);
  });

  describe('JSON nested deeper than any call takes, under the size limit', () => {
    const deep = (open: string, close: string, levels: number) => open.repeat(levels) + close.repeat(levels);
    it.each([
      ['arrays', `{"title":"t","content":"c","x":${deep('[', ']', 100_000)}}`],
      ['objects', `{"title":"t","content":"c","x":${deep('{"a":', '}', 50_000).replace(/\{"a":\}/, '{"a":1}')}}`],
      ['arrays just past the limit', `{"title":"t","content":"c","x":${deep('[', ']', 64)}}`],
    ])('%s: 400 BAD_REQUEST with a clear message, nothing stored', async (_kind, body) => {
      expect(body.length).toBeLessThan(1024 * 1024);
      const before = await snapshot();
      const res = await t
        .http()
        .post('/api/announcements')
        .set(bearer(tok.mentor))
        .set('content-type', 'application/json')
        .send(body);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: ErrorCode.BadRequest });
      expect(res.body.message).toMatch(/nested too deeply/);
      expect(await snapshot()).toEqual(before);
    });

    it('ordinary nesting (attendance: three levels) still parses', async () => {
      await t
        .http()
        .post('/api/admin/attendance')
        .set(bearer(tok.admin))
        .set('content-type', 'application/json')
        .send(JSON.stringify({ date: day, attendanceData: { [ids.mentee]: { [day]: 'present' } } }))
        .expect(201);
    });
  });

  describe('a bodiless call with Content-Type: application/json (the spec client sends it on every call)', () => {
    const json = { 'content-type': 'application/json' };

    it('is read as an empty body by every write route: never "Body cannot be empty"', async () => {
      // Sign-out last: it ends the caller's sessions.
      const last = (r: { url: string }) => (r.url === '/api/auth/logout' ? 1 : 0);
      const writes = t.routes.filter(
        (r) => r.url.startsWith('/api') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
      );
      writes.sort((a, b) => last(a) - last(b));
      expect(writes.length).toBeGreaterThan(20);
      const refused: string[] = [];
      for (const r of writes) {
        const url = r.url.replace(/:type/, 'group').replace(/:\w+/g, anyId);
        const req = t.http()[r.method.toLowerCase() as 'post'](url).set(bearer(tok.admin)).set(json);
        const res = await req;
        if (
          res.status >= 500 ||
          /Body cannot be empty/.test(JSON.stringify(res.body)) ||
          res.body.code === ErrorCode.BadRequest
        )
          refused.push(`${r.method} ${r.url}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(refused).toEqual([]);
      // The sweep signed the admin out (every session): sign in again for the tests that follow.
      tok.admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    });

    it('toggle-status, likes, sign-out and deletes succeed without a body', async () => {
      const users = t.db.getRepository(User);
      const target = await users.findOneByOrFail({ email: 'student30@example.edu' });
      await t.http().put(`/api/admin/users/${target.id}/toggle-status`).set(bearer(tok.admin)).set(json).expect(200);
      await t.http().put(`/api/admin/users/${target.id}/toggle-status`).set(bearer(tok.admin)).set(json).expect(200);

      const list = await t.http().get('/api/announcements').set(bearer(tok.mentee)).expect(200);
      const announcement = (list.body.announcements ?? list.body)[0];
      await t.http().post(`/api/announcements/${announcement._id}/likes`).set(bearer(tok.mentee)).set(json).expect(200);

      const group = await t
        .http()
        .post('/api/groups')
        .set(bearer(tok.mentor))
        .send({ name: 'Bodiless delete', menteeIds: [] })
        .expect(201);
      await t.http().delete(`/api/groups/${group.body._id}`).set(bearer(tok.mentor)).set(json).expect(200);

      const own = await t
        .http()
        .post('/api/announcements')
        .set(bearer(tok.mentor))
        .send({ title: 'To delete', content: 'soon gone' })
        .expect(201);
      await t.http().delete(`/api/announcements/${own.body._id}`).set(bearer(tok.mentor)).set(json).expect(204);

      await t
        .http()
        .post('/api/messages')
        .set(bearer(tok.mentor))
        .send({ conversationType: 'individual', conversationId: ids.mentee, content: 'to be deleted' })
        .expect(201);
      await t
        .http()
        .delete(`/api/messages/conversation/individual/${ids.mentee}`)
        .set(bearer(tok.mentor))
        .set(json)
        .expect(200);

      await t.http().delete(`/api/admin/users/${target.id}`).set(bearer(tok.admin)).set(json).expect(200);
      const spare = await tokenFor(t, 'student31@example.edu');
      await t.http().post('/api/auth/logout').set(bearer(spare)).set(json).expect(204);
    });
  });
});
