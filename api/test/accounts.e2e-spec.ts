import { ErrorCode, MSG } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { MentorProfile } from '../src/users/entities/mentor-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, menteeOfAnotherMentor, startTestApp, tokenFor, type TestApp } from './support/test-app';

const mentorSignUp = (email: string) => ({
  email,
  password: 'secret12',
  role: 'mentor',
  fullName: 'New Mentor',
  phone: '555-0100',
  department: 'Physics',
});
const menteeSignUp = (email: string) => ({
  email,
  password: 'secret12',
  role: 'mentee',
  fullName: 'New Student',
  phone: '555-0101',
  class: '10',
  section: 'A',
});

describe(`self-registration and approval (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // Rate limits see the X-Forwarded-For address.
    t = await startTestApp({ env: { REGISTER_LIMIT_PER_IP: '3', TRUST_PROXY: '1' } });
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
  });
  afterAll(() => t.close());

  const register = (body: object, ip: string) =>
    t.http().post('/api/auth/register').set('X-Forwarded-For', ip).send(body);
  const login = (email: string) => t.http().post('/api/auth/login').send({ email, password: 'secret12' });

  it('a self-registered mentor waits for approval: sign-in is 403 ACCOUNT_PENDING until an admin approves', async () => {
    const res = await register(mentorSignUp('pending.mentor@example.edu'), '10.1.0.1').expect(201);
    expect(res.body.user).toMatchObject({ pendingApproval: true, isActive: false });
    expect(res.body.message).toBe(MSG.registeredPending);
    const refused = await login('pending.mentor@example.edu').expect(403);
    expect(refused.body).toMatchObject({ code: ErrorCode.AccountPending, message: MSG.accountPending });

    const dash = (await t.http().get('/api/admin/dashboard').set(bearer(admin)).expect(200)).body;
    expect(dash.stats.pendingApprovals).toBe(1);
    const list = (await t.http().get('/api/admin/users?status=pending').set(bearer(admin)).expect(200)).body;
    expect(list.users.map((u: { email: string }) => u.email)).toEqual(['pending.mentor@example.edu']);

    const id = res.body.user._id;
    const approved = await t.http().put(`/api/admin/users/${id}/approve`).set(bearer(admin)).expect(200);
    expect(approved.body.user).toMatchObject({ pendingApproval: false, isActive: true });
    await login('pending.mentor@example.edu').expect(200);
    await t.http().put(`/api/admin/users/${id}/approve`).set(bearer(admin)).expect(409);
    const audit = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'user.approve' });
    expect(audit).toMatchObject({ targetId: id });
  });

  it('declining removes the account and is audit-logged', async () => {
    const res = await register(mentorSignUp('declined.mentor@example.edu'), '10.1.0.2').expect(201);
    const id = res.body.user._id;
    await t.http().put(`/api/admin/users/${id}/decline`).set(bearer(admin)).expect(200);
    expect(await t.db.getRepository(User).existsBy({ id })).toBe(false);
    expect(await t.db.getRepository(MentorProfile).existsBy({ id })).toBe(false);
    expect(await t.db.getRepository(AuditEntry).existsBy({ action: 'user.decline', targetId: id })).toBe(true);
    await login('declined.mentor@example.edu').expect(401);
  });

  it('only a pending account can be declined', async () => {
    const mentee = (await t.http().get('/api/admin/users?role=mentee').set(bearer(admin))).body.users[0];
    const res = await t.http().put(`/api/admin/users/${mentee._id}/decline`).set(bearer(admin)).expect(409);
    expect(res.body.code).toBe(ErrorCode.NotPending);
    expect(await t.db.getRepository(User).existsBy({ id: mentee._id })).toBe(true);
  });

  it('mentees self-register active; an admin creating a mentor makes it active', async () => {
    const res = await register(menteeSignUp('new.mentee@example.edu'), '10.1.0.3').expect(201);
    expect(res.body.user).toMatchObject({ pendingApproval: false, isActive: true });
    await login('new.mentee@example.edu').expect(200);
    const created = await t
      .http()
      .post('/api/admin/users')
      .set(bearer(admin))
      .send(mentorSignUp('admin.made@example.edu'))
      .expect(201);
    expect(created.body.user).toMatchObject({ pendingApproval: false, isActive: true });
    await login('admin.made@example.edu').expect(200);
  });

  it('registration is limited per address: 429 past the limit, other addresses unaffected', async () => {
    for (let i = 0; i < 3; i++) await register(menteeSignUp(`burst${i}@example.edu`), '10.9.9.9').expect(201);
    const res = await register(menteeSignUp('burst3@example.edu'), '10.9.9.9').expect(429);
    expect(res.body.code).toBe(ErrorCode.TooManyRequests);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.getRepository(User).existsBy({ email: 'burst3@example.edu' })).toBe(false);
    await register(menteeSignUp('burst3@example.edu'), '10.9.9.10').expect(201);
  });
});

describe(`who may message whom (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const id: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    const users = t.db.getRepository(User);
    const other = await menteeOfAnotherMentor(t);
    const emails: Record<string, string> = {
      admin: DEMO_ACCOUNTS.admin,
      mentor: DEMO_ACCOUNTS.mentor,
      mentee: DEMO_ACCOUNTS.mentee,
      otherMentor: 'r.menon@example.edu',
      otherMentee: other.email,
    };
    for (const [k, email] of Object.entries(emails)) {
      id[k] = (await users.findOneByOrFail({ email })).id;
      tok[k] = await tokenFor(t, email);
    }
  });
  afterAll(() => t.close());

  const send = (from: string, to: string) =>
    t
      .http()
      .post('/api/messages')
      .set(bearer(tok[from]))
      .send({ conversationType: 'individual', conversationId: id[to], content: 'hello' });

  it.each([
    ['mentee', 'admin'],
    ['mentor', 'admin'],
    ['mentee', 'otherMentor'],
    ['mentee', 'otherMentee'],
    ['mentor', 'otherMentee'],
    ['mentor', 'otherMentor'],
    ['otherMentee', 'mentor'],
  ])('%s may not write to %s unasked (403)', async (from, to) => {
    const res = await send(from, to).expect(403);
    expect(res.body.code).toBe(ErrorCode.NotAMember);
    await t.http().get(`/api/messages/individual/${id[to]}`).set(bearer(tok[from])).expect(403);
  });

  it.each([
    ['admin', 'mentee'],
    ['admin', 'mentor'],
    ['admin', 'otherMentor'],
    ['mentor', 'mentee'],
    ['mentee', 'mentor'],
  ])('%s may write to %s', async (from, to) => {
    await send(from, to).expect(201);
  });

  it('a mentee or mentor may answer an admin who wrote to them', async () => {
    await send('mentee', 'admin').expect(201);
    await send('mentor', 'admin').expect(201);
    await send('otherMentee', 'admin').expect(403);
  });
});
