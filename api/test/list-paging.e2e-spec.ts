import { ErrorCode, MAX_LIST_SIZE, TOTAL_COUNT_HEADER } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { bearer, fileDemoGrievance, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Every list is bounded (contracts: paging.ts): a list answered as an array keeps its array, takes `page` and `limit`
 * (MAX_LIST_SIZE at most) and says how many rows there are in X-Total-Count. Lists answered as objects (Page,
 * CursorPage) are tested with their screens.
 */
describe(`lists answered as arrays (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const token: Record<'admin' | 'mentor' | 'mentee' | 'guardian', string> = {
    admin: '',
    mentor: '',
    mentee: '',
    guardian: '',
  };
  const arrayLists: [keyof typeof token, string][] = [];

  beforeAll(async () => {
    t = await startTestApp();
    for (const role of ['admin', 'mentor', 'mentee', 'guardian'] as const)
      token[role] = await tokenFor(t, DEMO_ACCOUNTS[role]);
    const child = (await t.http().get('/api/guardian/children').set(bearer(token.guardian)).expect(200)).body[0];
    const grievance = await fileDemoGrievance(t, token.mentee);
    const announcement = (await t.http().get('/api/announcements').set(bearer(token.mentee)).expect(200)).body[0];
    arrayLists.push(
      ['admin', '/api/admin/password-resets'],
      ['admin', '/api/admin/mentors'],
      ['admin', '/api/admin/mentees'],
      ['admin', '/api/admin/groups'],
      ['admin', '/api/admin/followup/outcomes'],
      ['admin', '/api/leaves/admin'],
      ['admin', '/api/grievances/admin'],
      ['mentor', '/api/groups'],
      ['mentor', '/api/groups/archived'],
      ['mentor', '/api/mentors/mentees'],
      ['mentor', '/api/followup/queue'],
      ['mentor', '/api/mentor/absence-answers'],
      ['mentor', '/api/leaves/mentor'],
      ['mentor', '/api/grievances/mentor'],
      ['mentor', '/api/messages/conversations'],
      ['mentee', '/api/groups/mentee'],
      ['mentee', '/api/leaves/mentee'],
      ['mentee', '/api/grievances/mentee'],
      ['mentee', `/api/grievances/${grievance._id}/timeline`],
      ['mentee', `/api/grievances/${grievance._id}/comments`],
      ['mentee', `/api/announcements/${announcement._id}/comments`],
      ['guardian', '/api/guardian/children'],
      ['guardian', `/api/guardian/children/${child._id}/leaves`],
      ['admin', `/api/admin/mentees/${child._id}/guardians`],
      ['admin', `/api/admin/mentees/${child._id}/consents`],
    );
  });
  afterAll(() => t.close());

  it('every array list keeps its array, counts every row in X-Total-Count and cuts pages with page and limit', async () => {
    const header = TOTAL_COUNT_HEADER.toLowerCase();
    for (const [role, path] of arrayLists) {
      const whole = await t.http().get(path).set(bearer(token[role]));
      expect([path, whole.status, Array.isArray(whole.body)]).toEqual([path, 200, true]);
      const total = Number(whole.headers[header]);
      expect([path, total]).toEqual([path, whole.body.length]);
      const second = await t.http().get(`${path}?page=2&limit=1`).set(bearer(token[role]));
      expect([path, second.status, Number(second.headers[header])]).toEqual([path, 200, total]);
      expect([path, second.body]).toEqual([path, whole.body.slice(1, 2)]);
      const past = await t
        .http()
        .get(`${path}?page=${total + 1}&limit=1`)
        .set(bearer(token[role]));
      expect([path, past.body, Number(past.headers[header])]).toEqual([path, [], total]);
      const tooMany = await t
        .http()
        .get(`${path}?limit=${MAX_LIST_SIZE + 1}`)
        .set(bearer(token[role]));
      expect([path, tooMany.status, tooMany.body.code]).toEqual([path, 400, ErrorCode.ValidationFailed]);
    }
  });

  it('the API reference lists no unbounded array: each documents the header, but the cursor-paged announcement lists', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object; content?: object }> }>>;
    };
    const arrays = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => JSON.stringify(op.responses?.['200']?.content ?? {}).includes('"type":"array"'))
        .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, header: !!op.responses['200'].headers })),
    );
    const cursorPaged = ['GET /api/announcements', 'GET /api/guardian/children/{id}/announcements'];
    expect(arrays.filter((a) => !a.header).map((a) => a.route)).toEqual(cursorPaged);
    expect(arrays.length).toBe(arrayLists.length + cursorPaged.length);
  });
});
