import dayjs from 'dayjs';
import { ERROR_CODES, ErrorCode } from '@portal/contracts';
import { In, Not } from 'typeorm';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Group } from '../src/groups/entities/group.entity';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { GuardianLink } from '../src/guardians/entities/guardian-link.entity';
import { individualKey } from '../src/messages/conversation-key';
import { Attachment } from '../src/messages/entities/message.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { ACCESS, type Who } from './access-matrix';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/** A 403 from the role check, as opposed to an ownership refusal. */
const ROLE_GATE = /^Access denied\./;
/** Codes of a refusal on the record itself (its owner, its members or its audience), never the role check's. */
const RECORD_REFUSALS: string[] = [ErrorCode.NotOwner, ErrorCode.NotAMember, ErrorCode.NotInAudience];
const WHO: Who[] = ['admin', 'mentor', 'mentee', 'guardian'];
const ZERO_ID = '6b1d2c1e-0000-4000-8000-000000000000';

describe(`access matrix (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const token: Record<string, string> = {};
  /** fixture name → role → id (undefined: no such record for that role). */
  const fixtures: Record<string, Partial<Record<Who, string>>> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const users = t.db.getRepository(User);
    const id = async (email: string) => (await users.findOneByOrFail({ email })).id;
    const helen = await id(DEMO_ACCOUNTS.mentor);
    const rahul = await id('r.menon@example.edu');
    const jordan = await id(DEMO_ACCOUNTS.mentee);
    // Not one of the two accounts below that are deactivated and signed out (ids are random: "the first" varies by run).
    const theirs = await t.db.getRepository(MenteeProfile).findOneOrFail({
      where: { mentorId: rahul, user: { email: Not(In(['student30@example.edu', 'student31@example.edu'])) } },
      relations: { user: true },
    });
    for (const who of WHO) token[who] = await tokenFor(t, DEMO_ACCOUNTS[who]);
    token.foreignMentee = await tokenFor(t, theirs.user!.email);
    token.rahul = await tokenFor(t, 'r.menon@example.edu');
    // A deactivated user and a signed-out one hold tokens that must no longer work.
    token.inactive = await tokenFor(t, 'student30@example.edu');
    await users.update({ email: 'student30@example.edu' }, { isActive: false });
    token.signedOut = await tokenFor(t, 'student31@example.edu');
    await t.http().post('/api/auth/logout').set(bearer(token.signedOut)).expect(204);

    const day = dayjs().add(120, 'day').format('YYYY-MM-DD');
    const leave = (tok: string) =>
      t
        .http()
        .post('/api/leaves')
        .set(bearer(tok))
        .send({ leaveType: 'sick', startDate: day, endDate: day, reason: 'x' })
        .expect(201);
    const grievance = (tok: string) =>
      t
        .http()
        .post('/api/grievances')
        .set(bearer(tok))
        .send({
          name: 'N',
          email: 'e',
          rollNo: 'r',
          subject: 's',
          grievanceType: 'other',
          dateOfIncident: dayjs().format('YYYY-MM-DD'),
          description: 'd',
        })
        .expect(201);
    const ownLeave = (await leave(token.mentee)).body._id;
    const foreignLeave = (await leave(token.foreignMentee)).body._id;
    const ownGrievance = (await grievance(token.mentee)).body._id;
    const foreignGrievance = (await grievance(token.foreignMentee)).body._id;
    const groups = await t.db.getRepository(Group).find({ relations: { mentees: true } });
    const ownGroup = groups.find((g) => g.mentorId === helen && g.mentees!.some((m) => m.id === jordan))!.id;
    const foreignGroup = groups.find((g) => g.mentorId === rahul)!.id;
    const spareGroup = (
      await t.http().post('/api/groups').set(bearer(token.mentor)).send({ name: 'Spare', menteeIds: [] }).expect(201)
    ).body._id;
    const editableGroup = (
      await t.http().post('/api/groups').set(bearer(token.mentor)).send({ name: 'Editable', menteeIds: [] }).expect(201)
    ).body._id;
    const post = (tok: string, targetAudience: string) =>
      t
        .http()
        .post('/api/announcements')
        .set(bearer(tok))
        .send({ title: 't', content: 'c', targetAudience })
        .expect(201);
    const ownAnnouncement = (await post(token.mentor, 'all')).body._id;
    const spareAnnouncement = (await post(token.mentor, 'all')).body._id;
    const foreignAnnouncement = (await post(token.rahul, 'all')).body._id;
    const staffAnnouncement = (await post(token.rahul, 'mentors')).body._id;
    const spareUser = (
      await t
        .http()
        .post('/api/admin/users')
        .set(bearer(token.admin))
        .send({
          email: 'spare@example.edu',
          password: 'secret1',
          role: 'mentee',
          fullName: 'Spare',
          phone: '1',
          class: '9',
          section: 'A',
        })
        .expect(201)
    ).body.user._id;
    const attachment = async (uploader: string, key: string) =>
      (
        await t.db.getRepository(Attachment).save(
          t.db.getRepository(Attachment).create({
            uploaderId: uploader,
            conversationType: 'individual',
            conversationKey: key,
            kind: 'document',
            fileName: 'f.txt',
            mimeType: 'text/plain',
            size: 1,
            storageName: 'missing',
          }),
        )
      ).id;
    // A student who is not one of the demo guardian's children (ids are random: "another mentor's student" may be).
    const guardianOf = new Set(
      (await t.db.getRepository(GuardianLink).findBy({ guardianId: await id(DEMO_ACCOUNTS.guardian) })).map(
        (l) => l.menteeId,
      ),
    );
    // Not the spare student either: the admin's delete of it (another route of this matrix) would take the leave along.
    const notTheirChild = (await t.db.getRepository(MenteeProfile).find({ order: { studentId: 'ASC' } })).find(
      (m) => !guardianOf.has(m.id) && m.id !== spareUser,
    )!.id;
    // A leave the demo guardian filed for their child, and one of a child not theirs.
    const leaveOf = async (menteeId: string, filedById: string | null, startDate: string) =>
      (
        await t.db.getRepository(LeaveRequest).save(
          t.db.getRepository(LeaveRequest).create({
            menteeId,
            filedById,
            leaveType: 'casual',
            startDate,
            endDate: startDate,
            daysCount: 1,
            reason: 'Matrix',
            status: 'pending',
            approvedById: null,
            decidedAt: null,
            mentorComments: '',
          }),
        )
      ).id;
    const guardianLeave = await leaveOf(jordan, await id(DEMO_ACCOUNTS.guardian), '2099-03-02');
    const notTheirChildsLeave = await leaveOf(notTheirChild, null, '2099-03-02');
    const ownAttachment = await attachment(helen, individualKey(helen, jordan));
    const foreignAttachment = await attachment(rahul, individualKey(rahul, theirs.id));

    Object.assign(fixtures, {
      spareUser: { admin: spareUser },
      ownMentee: { admin: jordan, mentor: jordan },
      foreignMentee: { mentor: theirs.id },
      ownLeave: { admin: ownLeave, mentor: ownLeave, mentee: ownLeave },
      foreignLeave: { mentor: foreignLeave, mentee: foreignLeave, guardian: notTheirChildsLeave },
      guardianLeave: { guardian: guardianLeave },
      ownGrievance: { admin: ownGrievance, mentor: ownGrievance, mentee: ownGrievance },
      foreignGrievance: { mentor: foreignGrievance, mentee: foreignGrievance },
      ownGroup: { admin: ownGroup, mentor: ownGroup, mentee: ownGroup },
      foreignGroup: { mentor: foreignGroup, mentee: foreignGroup },
      spareGroup: { mentor: spareGroup },
      editableGroup: { mentor: editableGroup },
      ownAnnouncement: { mentor: ownAnnouncement, mentee: ownAnnouncement },
      spareAnnouncement: { mentor: spareAnnouncement },
      foreignAnnouncement: { admin: foreignAnnouncement, mentor: foreignAnnouncement },
      staffAnnouncement: { mentee: staffAnnouncement },
      partner: { admin: jordan, mentor: jordan, mentee: helen },
      staffPartner: { admin: jordan, mentor: jordan },
      stranger: { mentor: theirs.id, mentee: rahul },
      ownAttachment: { mentor: ownAttachment, mentee: ownAttachment },
      foreignAttachment: { mentor: foreignAttachment, mentee: foreignAttachment },
      ownChild: { guardian: jordan },
      foreignChild: { guardian: notTheirChild },
    });
  });
  afterAll(() => t.close());

  const call = (route: string, id: string | undefined, tok?: string) => {
    const [method, pattern] = route.split(' ');
    const rule = ACCESS[route];
    const path =
      pattern.replace(':type', rule.type ?? 'individual').replace(':id', id ?? ZERO_ID) +
      (rule.query ? `?${rule.query}` : '');
    const req = t.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
    if (tok) req.set(bearer(tok));
    return (method === 'GET' || method === 'DELETE' ? req : req.send(rule.body ?? {})).then((res) => {
      // Every refusal, whatever the route, carries one of the contract's error codes.
      if (res.status >= 400)
        expect([route, res.status, ERROR_CODES.includes(res.body.code)]).toEqual([route, res.status, true]);
      return res;
    });
  };
  const anyId = (route: string) => {
    const r = ACCESS[route];
    return [r.own, r.foreign]
      .filter(Boolean)
      .map((f) => Object.values(fixtures[f!] ?? {})[0])
      .find(Boolean);
  };

  it('covers every route the API registered, and nothing else', () => {
    const registered = t.routes.filter((r) => r.url.startsWith('/api')).map((r) => `${r.method} ${r.url}`);
    expect([...new Set(registered)].sort()).toEqual(Object.keys(ACCESS).sort());
  });

  const routes = Object.keys(ACCESS);
  const guarded = routes.filter((r) => ACCESS[r].roles !== 'public');

  it.each(guarded)('%s: 401 anonymous, deactivated and signed out', async (route) => {
    for (const tok of [undefined, token.inactive, token.signedOut, 'garbage']) {
      const res = await call(route, anyId(route), tok);
      expect([route, res.status, res.body.code]).toEqual([route, 401, ErrorCode.Unauthenticated]);
    }
  });

  it.each(guarded)('%s: the roles outside the rule get the role refusal; the roles inside never do', async (route) => {
    const roles = ACCESS[route].roles as Who[];
    for (const who of WHO) {
      const tok = token[who];
      const res = await call(route, fixtures[ACCESS[route].own ?? '']?.[who] ?? anyId(route), tok);
      // Signing out ends the session, so sign in again for the next checks.
      if (route === 'POST /api/auth/logout') token[who] = await tokenFor(t, DEMO_ACCOUNTS[who]);
      if (roles.includes(who)) {
        expect([route, who, res.status === 403 && ROLE_GATE.test(String(res.body.message))]).toEqual([
          route,
          who,
          false,
        ]);
        expect(res.status).not.toBe(401);
      } else {
        expect([route, who, res.status, res.body.code, res.body.message]).toEqual([
          route,
          who,
          403,
          ErrorCode.Forbidden,
          expect.stringMatching(ROLE_GATE),
        ]);
      }
    }
  });

  const owned = guarded.filter((r) => ACCESS[r].own);
  it.each(owned)('%s: mentors, mentees and guardians reach their own record', async (route) => {
    for (const who of ['mentor', 'mentee', 'guardian'] as const) {
      const own = fixtures[ACCESS[route].own!]?.[who];
      if (!own || !(ACCESS[route].roles as Who[]).includes(who)) continue;
      const res = await call(route, own, token[who]);
      expect([route, who, [401, 403].includes(res.status)]).toEqual([route, who, false]);
    }
  });

  const foreign = guarded.filter((r) => ACCESS[r].foreign);
  it.each(foreign)("%s: another mentor's, mentee's or guardian's record is refused with 403", async (route) => {
    let checked = 0;
    for (const who of ['mentor', 'mentee', 'guardian'] as const) {
      const other = fixtures[ACCESS[route].foreign!]?.[who];
      if (!other || !(ACCESS[route].roles as Who[]).includes(who)) continue;
      const res = await call(route, other, token[who]);
      expect([route, who, res.status, RECORD_REFUSALS.includes(res.body.code)]).toEqual([route, who, 403, true]);
      expect(res.body.message).not.toMatch(ROLE_GATE);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
