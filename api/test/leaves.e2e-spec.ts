import dayjs from 'dayjs';
import { ErrorCode, LIST_SIZE, MAX_LIST_SIZE, MENTEE_LEAVE_TYPES, TOTAL_COUNT_HEADER } from '@portal/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { bearer, codeOf, menteeOfAnotherMentor, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`leaves (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string, mentor: string, otherMentor: string, mentee: string, otherMentee: string;
  const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
  const leaves = () => t.db.getRepository(LeaveRequest);
  beforeAll(async () => {
    t = await startTestApp();
    [admin, mentor, otherMentor, mentee] = await Promise.all([
      tokenFor(t, DEMO_ACCOUNTS.admin),
      tokenFor(t, DEMO_ACCOUNTS.mentor),
      tokenFor(t, 'r.menon@example.edu'),
      tokenFor(t, DEMO_ACCOUNTS.mentee),
    ]);
    // A mentee of another mentor.
    otherMentee = await tokenFor(t, (await menteeOfAnotherMentor(t)).email, DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const request = (token: string, body: object) => t.http().post('/api/leaves').set(bearer(token)).send(body);

  it('the demo school holds only leaves of the types its request form offers', async () => {
    const types = (await leaves().find({ select: { leaveType: true } })).map((l) => l.leaveType);
    expect(types.length).toBeGreaterThan(0);
    expect(types.filter((type) => !MENTEE_LEAVE_TYPES.includes(type))).toEqual([]);
  });

  it('a mentee requests leave; days are counted inclusively and the mentor, the admin and the dashboards see it', async () => {
    const before = (await t.http().get('/api/mentors/dashboard').set(bearer(mentor))).body.pendingLeaves;
    const res = await request(mentee, {
      leaveType: 'sick',
      startDate: day(40),
      endDate: day(42),
      reason: 'Surgery',
    }).expect(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      daysCount: 3,
      leaveType: 'sick',
      menteeId: { fullName: 'Jordan Rivera' },
      mentorId: { fullName: 'Dr. Helen Carter' },
    });
    expect(await leaves().countBy({ id: res.body._id, status: 'pending' })).toBe(1);
    const ofMentor = await t.http().get('/api/leaves/mentor?status=pending').set(bearer(mentor)).expect(200);
    expect(ofMentor.body.map((l: { _id: string }) => l._id)).toContain(res.body._id);
    const ofOther = await t.http().get('/api/leaves/mentor').set(bearer(otherMentor)).expect(200);
    expect(ofOther.body.map((l: { _id: string }) => l._id)).not.toContain(res.body._id);
    expect((await t.http().get('/api/mentors/dashboard').set(bearer(mentor))).body.pendingLeaves).toBe(before + 1);
    const mine = await t.http().get('/api/leaves/mentee').set(bearer(mentee)).expect(200);
    expect(mine.body.every((l: { menteeId: { fullName: string } }) => l.menteeId.fullName === 'Jordan Rivera')).toBe(
      true,
    );
    // Read as flat rows, dates come out as stored on either driver.
    const stored = await leaves().findOneByOrFail({ id: res.body._id });
    expect([res.body.startDate, res.body.endDate, res.body.createdAt]).toEqual([
      day(40),
      day(42),
      stored.createdAt.toISOString(),
    ]);
    expect(mine.body.find((l: { _id: string }) => l._id === res.body._id)).toEqual(res.body);
    const recent = (await t.http().get('/api/mentees/dashboard').set(bearer(mentee)).expect(200)).body.recentLeaves;
    expect(recent.find((l: { _id: string }) => l._id === res.body._id)).toEqual(res.body);
  });

  it.each([
    [
      { leaveType: 'sick', startDate: day(50), endDate: day(49), reason: 'x' },
      'End date cannot be before the start date',
      'INVALID_DATE_RANGE',
    ],
    [
      { leaveType: 'holiday', startDate: day(50), endDate: day(50), reason: 'x' },
      'Leave type is required',
      'VALIDATION_FAILED',
    ],
    [
      { leaveType: 'sick', startDate: '2026-02-30', endDate: day(50), reason: 'x' },
      'Start date must be a real date',
      'VALIDATION_FAILED',
    ],
    [
      { leaveType: 'sick', startDate: day(50), endDate: day(50), reason: '   ' },
      'Reason is required',
      'VALIDATION_FAILED',
    ],
    [{ leaveType: 'sick', startDate: day(50), endDate: day(200), reason: 'x' }, 'at most 60 days', 'LEAVE_TOO_LONG'],
    [
      { leaveType: 'sick', startDate: day(50), endDate: day(50), reason: 'x', status: 'approved' },
      'property status should not exist',
      'VALIDATION_FAILED',
    ],
  ])('refuses %j with a clear 400 and stores nothing', async (body, message, code) => {
    const before = await leaves().count();
    const res = await request(mentee, body).expect(400);
    expect(res.body.code).toBe(code);
    expect(JSON.stringify(res.body.message)).toContain(message);
    expect(await leaves().count()).toBe(before);
  });

  it('refuses a leave overlapping a pending or approved one (409)', async () => {
    const res = await request(mentee, {
      leaveType: 'casual',
      startDate: day(41),
      endDate: day(45),
      reason: 'Trip',
    }).expect(409);
    expect(res.body).toMatchObject({ code: 'LEAVE_OVERLAP', message: expect.stringMatching(/overlaps these dates/) });
  });

  it('only mentees request leave', async () => {
    await request(mentor, { leaveType: 'sick', startDate: day(70), endDate: day(70), reason: 'x' }).expect(403);
  });

  it('the mentor rejects with a reason; the mentee sees it; a second decision is 409 and changes nothing', async () => {
    const created = (
      await request(mentee, { leaveType: 'casual', startDate: day(60), endDate: day(60), reason: 'Wedding' }).expect(
        201,
      )
    ).body;
    const res = await t
      .http()
      .put(`/api/leaves/${created._id}/reject`)
      .set(bearer(mentor))
      .send({ mentorComments: 'Exams that day' })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      mentorComments: 'Exams that day',
      approvedBy: { fullName: 'Dr. Helen Carter' },
    });
    expect(res.body.decidedAt).toEqual(expect.any(String));
    const seen = await t.http().get(`/api/leaves/${created._id}`).set(bearer(mentee)).expect(200);
    expect(seen.body.mentorComments).toBe('Exams that day');
    expect(
      await codeOf(t.http().put(`/api/leaves/${created._id}/approve`).set(bearer(admin)).send({}).expect(409)),
    ).toBe('LEAVE_NOT_PENDING');
    expect((await leaves().findOneByOrFail({ id: created._id })).status).toBe('rejected');
  });

  it('an empty rejection reason becomes "Rejected"; an admin approves any leave', async () => {
    const a = (
      await request(mentee, { leaveType: 'sick', startDate: day(80), endDate: day(80), reason: 'a' }).expect(201)
    ).body;
    expect(
      (await t.http().put(`/api/leaves/${a._id}/reject`).set(bearer(mentor)).send({ mentorComments: '' }).expect(200))
        .body.mentorComments,
    ).toBe('Rejected');
    const b = (
      await request(otherMentee, { leaveType: 'sick', startDate: day(80), endDate: day(81), reason: 'b' }).expect(201)
    ).body;
    const ok = await t
      .http()
      .put(`/api/leaves/${b._id}/approve`)
      .set(bearer(admin))
      .send({ mentorComments: 'Approved by admin' })
      .expect(200);
    expect(ok.body).toMatchObject({
      status: 'approved',
      mentorComments: 'Approved by admin',
      approvedBy: { fullName: 'Alex Morgan' },
    });
  });

  it("a mentor acting on another mentor's mentee gets 403, and a mentee cannot see another mentee's leave", async () => {
    const theirs = (
      await request(otherMentee, { leaveType: 'sick', startDate: day(90), endDate: day(90), reason: 'c' }).expect(201)
    ).body;
    expect(
      await codeOf(t.http().put(`/api/leaves/${theirs._id}/approve`).set(bearer(mentor)).send({}).expect(403)),
    ).toBe('NOT_OWNER');
    expect(
      await codeOf(t.http().put(`/api/leaves/${theirs._id}/approve`).set(bearer(mentee)).send({}).expect(403)),
    ).toBe('FORBIDDEN');
    expect(await codeOf(t.http().get(`/api/leaves/${theirs._id}`).set(bearer(mentee)).expect(403))).toBe('NOT_OWNER');
    await t.http().get(`/api/leaves/${theirs._id}`).set(bearer(mentor)).expect(403);
    expect((await leaves().findOneByOrFail({ id: theirs._id })).status).toBe('pending');
    expect(
      await codeOf(
        t
          .http()
          .put('/api/leaves/6b1d2c1e-0000-4000-8000-000000000000/approve')
          .set(bearer(admin))
          .send({})
          .expect(404),
      ),
    ).toBe('LEAVE_NOT_FOUND');
  });

  it('admin list filters by status, type and search over mentee name, mentor name and type', async () => {
    const all = (await t.http().get('/api/leaves/admin').set(bearer(admin)).expect(200)).body;
    expect(all.length).toBe(await leaves().count());
    const sick = (await t.http().get('/api/leaves/admin?leaveType=sick&status=pending').set(bearer(admin)).expect(200))
      .body;
    expect(
      sick.every((l: { leaveType: string; status: string }) => l.leaveType === 'sick' && l.status === 'pending'),
    ).toBe(true);
    const byMentor = (await t.http().get('/api/leaves/admin?search=helen').set(bearer(admin)).expect(200)).body;
    expect(byMentor.length).toBeGreaterThan(0);
    expect(
      byMentor.every((l: { mentorId: { fullName: string } | null }) => l.mentorId?.fullName === 'Dr. Helen Carter'),
    ).toBe(true);
    await t.http().get('/api/leaves/admin').set(bearer(mentor)).expect(403);
    await t.http().get('/api/leaves/admin?status=lost').set(bearer(admin)).expect(400);
  });

  it('exports exactly the filtered rows as CSV, escaped and safe against formula injection', async () => {
    await request(otherMentee, {
      leaveType: 'emergency',
      startDate: day(100),
      endDate: day(100),
      reason: '=HYPERLINK("http://evil","x"), "quoted"\nsecond line',
    }).expect(201);
    const res = await t.http().get('/api/leaves/admin/export?leaveType=emergency').set(bearer(admin)).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const expected = (await t.http().get('/api/leaves/admin?leaveType=emergency').set(bearer(admin))).body.length;
    const { parse } = await import('csv-parse/sync');
    const rows = parse(res.text) as string[][];
    expect(rows[0][0]).toBe('Student');
    expect(rows.length - 1).toBe(expected);
    // The reason is the 10th column (after Days and School days).
    const evil = rows.find((r) => r[9].includes('HYPERLINK'))!;
    expect(evil[9]).toBe('\'=HYPERLINK("http://evil","x"), "quoted"\nsecond line');
    expect(rows.every((r) => r.every((cell) => !/^[=+\-@]/.test(cell)))).toBe(true);
    await t.http().get('/api/leaves/admin/export').set(bearer(mentor)).expect(403);
  });
  describe('the admin list, paged on the server', () => {
    type Row = { _id: string; leaveType: string; status: string; menteeId: { fullName: string } | null };
    const list = async (query: string) => {
      const res = await t.http().get(`/api/leaves/admin${query}`).set(bearer(admin)).expect(200);
      return { rows: res.body as Row[], total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
    };

    it('answers an array (as before) with the count of every matching row in a header; LIST_SIZE rows by default', async () => {
      const all = await list('');
      expect(Array.isArray(all.rows)).toBe(true);
      expect(all.total).toBe(await leaves().count());
      expect(all.rows.length).toBe(Math.min(all.total, LIST_SIZE));
      // page and limit cut the same order: page 2 of 2 is the third and fourth row.
      const second = await list('?page=2&limit=2');
      expect(second.rows.map((r) => r._id)).toEqual(all.rows.slice(2, 4).map((r) => r._id));
      expect(second.total).toBe(all.total);
      // Past the last page: no rows, the same count.
      expect(await list(`?page=${all.total + 1}&limit=1`)).toEqual({ rows: [], total: all.total });
    });

    it('searches every row, not the page shown: a leave beyond the first page is found, the count over all matches', async () => {
      const all = (await list('')).rows;
      const last = all[all.length - 1];
      const name = last.menteeId!.fullName;
      const found = await list(`?search=${encodeURIComponent(name.toUpperCase())}&limit=2`);
      const matching = all.filter((l) => l.menteeId?.fullName.toLowerCase().includes(name.toLowerCase()));
      expect(found.total).toBe(matching.length);
      const pages = Math.ceil(found.total / 2);
      const ids: string[] = [];
      for (let page = 1; page <= pages; page++)
        ids.push(...(await list(`?search=${encodeURIComponent(name)}&limit=2&page=${page}`)).rows.map((r) => r._id));
      expect(ids).toContain(last._id);
      expect(ids.sort()).toEqual(matching.map((l) => l._id).sort());
    });

    it("takes the user's % and _ as text, not as wildcards (bound parameters, escaped)", async () => {
      for (const term of ['%', '_', '!', "' OR 1=1 --"])
        expect(await list(`?search=${encodeURIComponent(term)}`)).toEqual({ rows: [], total: 0 });
    });

    it('filters and counts together; the export writes every matching row, not one page', async () => {
      const pending = await list('?status=pending&limit=1');
      expect(pending.total).toBe(await leaves().countBy({ status: 'pending' }));
      expect(pending.total).toBeGreaterThan(1);
      expect(pending.rows).toHaveLength(1);
      const csv = await t.http().get('/api/leaves/admin/export?status=pending').set(bearer(admin)).expect(200);
      const { parse } = await import('csv-parse/sync');
      expect((parse(csv.text) as string[][]).length - 1).toBe(pending.total);
      // The export has no page: asking for one is a mistake, said so.
      const paged = await t.http().get('/api/leaves/admin/export?status=pending&page=2').set(bearer(admin)).expect(400);
      expect(paged.body.code).toBe(ErrorCode.ValidationFailed);
    });

    it.each([
      [`limit=${MAX_LIST_SIZE + 1}`, `limit must be at most ${MAX_LIST_SIZE}`],
      ['limit=0', 'limit must be 1 or more'],
      ['limit=abc', 'limit must be a whole number'],
      ['page=0', 'page must be 1 or more'],
      ['page=1.5', 'page must be a whole number'],
    ])('refuses %s with 400 VALIDATION_FAILED: "%s"', async (query, message) => {
      const res = await t.http().get(`/api/leaves/admin?${query}`).set(bearer(admin)).expect(400);
      expect(res.body.code).toBe(ErrorCode.ValidationFailed);
      expect([res.body.message].flat()).toEqual([message]);
    });

    it("pages a mentor's and a mentee's lists the same way", async () => {
      const mine = await t.http().get('/api/leaves/mentor?limit=1').set(bearer(mentor)).expect(200);
      expect(mine.body).toHaveLength(1);
      expect(Number(mine.headers['x-total-count'])).toBeGreaterThan(1);
      const own = await t.http().get('/api/leaves/mentee').set(bearer(mentee)).expect(200);
      expect(Number(own.headers['x-total-count'])).toBe(own.body.length);
    });
  });
});
