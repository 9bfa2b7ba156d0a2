import { In, Like } from 'typeorm';
import { MSG } from '@portal/contracts';
import { AnnouncementComment, AnnouncementLike } from '../src/announcements/entities/announcement.entity';
import { AttendanceRecord } from '../src/attendance/entities/attendance-record.entity';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/database/seed/demo-seed';
import { Grievance, GrievanceComment } from '../src/grievances/entities/grievance.entity';
import { Group } from '../src/groups/entities/group.entity';
import { LeaveRequest } from '../src/leaves/entities/leave-request.entity';
import { individualKeysOf } from '../src/messages/conversation-key';
import { ConversationRead, Message } from '../src/messages/entities/message.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { MentorProfile } from '../src/users/entities/mentor-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, codeOf, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`admin user management (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string;
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;
  const audit = (action: string) =>
    t.db.getRepository(AuditEntry).find({ where: { action }, order: { createdAt: 'DESC' } });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
  });
  afterAll(() => t.close());

  describe('GET /api/admin/users', () => {
    it('pages by 12, newest first, with the profile fields the cards read', async () => {
      const res = await t.http().get('/api/admin/users?page=1&limit=12').set(bearer(admin)).expect(200);
      expect(res.body.users).toHaveLength(12);
      expect(res.body.total).toBe(await t.db.getRepository(User).count());
      expect(res.body.totalPages).toBe(Math.ceil(res.body.total / 12));
      const dates = res.body.users.map((u: { createdAt: string }) => u.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const mentee = res.body.users.find((u: { role: string }) => u.role === 'mentee');
      expect(mentee.profile).toEqual(
        expect.objectContaining({
          fullName: expect.any(String),
          studentId: expect.stringMatching(/^STU-/),
          class: expect.any(String),
          section: expect.any(String),
        }),
      );
      const last = await t
        .http()
        .get(`/api/admin/users?page=${res.body.totalPages}&limit=12`)
        .set(bearer(admin))
        .expect(200);
      expect(last.body.users.length).toBe(res.body.total - 12 * (res.body.totalPages - 1));
    });

    it('filters by role, status and a case-insensitive search over name, e-mail and ids', async () => {
      const mentors = await t.http().get('/api/admin/users?role=mentor').set(bearer(admin)).expect(200);
      expect(mentors.body.total).toBe(4);
      expect(mentors.body.users.every((u: { role: string }) => u.role === 'mentor')).toBe(true);
      const byName = await t.http().get('/api/admin/users?search=HELEN').set(bearer(admin)).expect(200);
      expect(byName.body.users.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.mentor]);
      const byStudentId = await t.http().get('/api/admin/users?search=stu-2026001').set(bearer(admin)).expect(200);
      expect(byStudentId.body.users.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.mentee]);
      const inactive = await t.http().get('/api/admin/users?status=inactive').set(bearer(admin)).expect(200);
      expect(inactive.body.total).toBe(await t.db.getRepository(User).countBy({ isActive: false }));
    });

    it.each([
      'limit=100000',
      'page=0',
      'page=abc',
      'role=owner',
      'status=gone',
      `search=${'x'.repeat(101)}`,
      'sort=email',
    ])('refuses ?%s with 400', async (query) => {
      const res = await t.http().get(`/api/admin/users?${query}`).set(bearer(admin)).expect(400);
      expect(res.body.statusCode).toBe(400);
    });
  });

  describe('POST /api/admin/users', () => {
    it('creates a mentee with its profile, and logs who did it without the password', async () => {
      const res = await t
        .http()
        .post('/api/admin/users')
        .set(bearer(admin))
        .send({
          email: 'added@example.edu',
          password: 'secret1',
          role: 'mentee',
          fullName: 'Added Student',
          phone: '555',
          class: '10',
          section: 'A',
        })
        .expect(201);
      expect(res.body.message).toBe('User created successfully');
      expect(await t.db.getRepository(MenteeProfile).countBy({ id: res.body.user._id })).toBe(1);
      const [entry] = await audit('user.create');
      expect(entry).toMatchObject({ actorEmail: DEMO_ACCOUNTS.admin, targetId: res.body.user._id });
      expect(JSON.stringify(entry.changes)).not.toContain('secret1');
      await t.http().post('/api/auth/login').send({ email: 'added@example.edu', password: 'secret1' }).expect(200);
    });

    it('refuses a used e-mail with 409 and bad data with 400, storing nothing', async () => {
      const before = await t.db.getRepository(User).count();
      const dup = await t
        .http()
        .post('/api/admin/users')
        .set(bearer(admin))
        .send({
          email: DEMO_ACCOUNTS.mentor,
          password: 'secret1',
          role: 'mentor',
          fullName: 'X',
          phone: '1',
          department: 'Y',
        })
        .expect(409);
      expect(dup.body).toMatchObject({ code: 'EMAIL_TAKEN', message: MSG.emailTaken });
      await t
        .http()
        .post('/api/admin/users')
        .set(bearer(admin))
        .send({ email: 'x@example.edu', password: '1', role: 'mentee' })
        .expect(400);
      expect(await t.db.getRepository(User).count()).toBe(before);
    });
  });

  describe('PUT /api/admin/users/:id and /profile', () => {
    it('changes the e-mail, refuses a role change, and records before and after', async () => {
      const id = await idOf('student20@example.edu');
      const res = await t
        .http()
        .put(`/api/admin/users/${id}`)
        .set(bearer(admin))
        .send({ email: 'renamed20@example.edu' })
        .expect(200);
      expect(res.body.user.email).toBe('renamed20@example.edu');
      const [entry] = await audit('user.update');
      expect(entry.changes).toEqual({ email: { from: 'student20@example.edu', to: 'renamed20@example.edu' } });
      await t
        .http()
        .put(`/api/admin/users/${id}`)
        .set(bearer(admin))
        .send({ email: 'renamed20@example.edu', role: 'admin' })
        .expect(400);
      expect(
        await codeOf(
          t.http().put(`/api/admin/users/${id}`).set(bearer(admin)).send({ email: DEMO_ACCOUNTS.admin }).expect(409),
        ),
      ).toBe('EMAIL_TAKEN');
      expect((await t.db.getRepository(User).findOneByOrFail({ id })).role).toBe('mentee');
    });

    it('updates role-specific profile fields, trimming and splitting lists', async () => {
      const id = await idOf('r.menon@example.edu');
      const res = await t
        .http()
        .put(`/api/admin/users/${id}/profile`)
        .set(bearer(admin))
        .send({
          fullName: 'Rahul K. Menon',
          subjects: [' Mechanics ', '', 'Waves'],
          experience: 9,
          officeHours: '10:00 AM - 2:00 PM',
        })
        .expect(200);
      expect(res.body.profile).toMatchObject({
        fullName: 'Rahul K. Menon',
        subjects: ['Mechanics', 'Waves'],
        experience: 9,
      });
      const stored = await t.db.getRepository(MentorProfile).findOneByOrFail({ id });
      expect(stored.subjects).toEqual(['Mechanics', 'Waves']);
      const [entry] = await audit('user.profile.update');
      expect(entry.changes.experience).toEqual({ from: 8, to: 9 });
    });

    it.each([
      [{ class: '11' }, 'class does not apply to a mentor'],
      [{ experience: -1 }, 'Experience must be 0 or more'],
      [{ experience: 'ten' }, 'Experience must be a whole number of years'],
      [{ fullName: '' }, MSG.fullNameRequired],
      [{ subjects: 'Math' }, 'subjects must be a list'],
      [{}, 'Nothing to update'],
    ])('refuses %j for a mentor', async (body, message) => {
      const id = await idOf('s.okafor@example.edu');
      const before = await t.db.getRepository(MentorProfile).findOneByOrFail({ id });
      const res = await t.http().put(`/api/admin/users/${id}/profile`).set(bearer(admin)).send(body).expect(400);
      expect(res.body.code).toBe(
        /Nothing to update/.test(message)
          ? 'NOTHING_TO_UPDATE'
          : /does not apply/.test(message)
            ? 'FIELD_NOT_APPLICABLE'
            : 'VALIDATION_FAILED',
      );
      expect(JSON.stringify(res.body.message)).toContain(message);
      expect(await t.db.getRepository(MentorProfile).findOneByOrFail({ id })).toEqual(before);
    });

    it.each([
      [{ dateOfBirth: '2011-02-30' }, 'Date of birth must be a real date'],
      [{ bloodGroup: 'Z+' }, 'Blood group must be one of'],
      [{ department: 'Art' }, 'department does not apply to a mentee'],
      [{ parentInfo: { email: 'not-mail' } }, 'Parent email must be a valid e-mail address'],
    ])('refuses %j for a mentee', async (body, message) => {
      const res = await t
        .http()
        .put(`/api/admin/users/${await idOf('student21@example.edu')}/profile`)
        .set(bearer(admin))
        .send(body)
        .expect(400);
      expect(res.body.code).toBe(/does not apply/.test(message) ? 'FIELD_NOT_APPLICABLE' : 'VALIDATION_FAILED');
      expect(JSON.stringify(res.body.message)).toContain(message);
    });

    it('refuses a student id already in use (409) and answers 404 / 400 for missing or malformed ids', async () => {
      expect(
        await codeOf(
          t
            .http()
            .put(`/api/admin/users/${await idOf('student22@example.edu')}/profile`)
            .set(bearer(admin))
            .send({ studentId: 'STU-2026001' })
            .expect(409),
        ),
      ).toBe('ID_TAKEN');
      expect(
        await codeOf(
          t.http().get('/api/admin/users/6b1d2c1e-0000-4000-8000-000000000000').set(bearer(admin)).expect(404),
        ),
      ).toBe('USER_NOT_FOUND');
      expect(await codeOf(t.http().get('/api/admin/users/not-an-id').set(bearer(admin)).expect(400))).toBe(
        'VALIDATION_FAILED',
      );
    });
  });

  describe('PUT /api/admin/users/:id/toggle-status', () => {
    it('deactivates (the user can no longer sign in, existing tokens die) and reactivates', async () => {
      const email = 'student23@example.edu';
      const token = await tokenFor(t, email);
      const id = await idOf(email);
      const off = await t.http().put(`/api/admin/users/${id}/toggle-status`).set(bearer(admin)).expect(200);
      expect(off.body.user.isActive).toBe(false);
      await t.http().get('/api/auth/me').set(bearer(token)).expect(401);
      await t.http().post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(403);
      expect((await audit('user.deactivate'))[0].targetId).toBe(id);
      const on = await t.http().put(`/api/admin/users/${id}/toggle-status`).set(bearer(admin)).expect(200);
      expect(on.body.user.isActive).toBe(true);
      await t.http().post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    });

    it('refuses to deactivate or delete the acting admin', async () => {
      const id = await idOf(DEMO_ACCOUNTS.admin);
      expect(await codeOf(t.http().put(`/api/admin/users/${id}/toggle-status`).set(bearer(admin)).expect(400))).toBe(
        'OWN_ACCOUNT',
      );
      expect(await codeOf(t.http().delete(`/api/admin/users/${id}`).set(bearer(admin)).expect(400))).toBe(
        'OWN_ACCOUNT',
      );
      expect((await t.db.getRepository(User).findOneByOrFail({ id })).isActive).toBe(true);
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('deletes a mentor: mentees become unassigned, groups and their chats go, and the answer says which', async () => {
      const id = await idOf('r.menon@example.edu');
      const mentees = await t.db.getRepository(MenteeProfile).countBy({ mentorId: id });
      const groups = await t.db.getRepository(Group).findBy({ mentorId: id });
      expect(mentees).toBeGreaterThan(0);
      expect(groups.length).toBeGreaterThan(0);
      const groupMessages = await t.db
        .getRepository(Message)
        .countBy({ conversationType: 'group', conversationKey: In(groups.map((g) => g.id)) });
      const res = await t.http().delete(`/api/admin/users/${id}`).set(bearer(admin)).expect(200);
      expect(res.body.message).toBe('User deleted successfully');
      expect(res.body.removed).toMatchObject({ menteesUnassigned: mentees, groups: groups.length, groupMessages });
      expect(await t.db.getRepository(User).countBy({ id })).toBe(0);
      expect(await t.db.getRepository(MenteeProfile).countBy({ mentorId: id })).toBe(0);
      expect(await t.db.getRepository(Group).countBy({ mentorId: id })).toBe(0);
      expect(await t.db.getRepository(Message).countBy({ conversationKey: groups[0].id })).toBe(0);
      const [entry] = await audit('user.delete');
      expect(entry).toMatchObject({ targetId: id, targetLabel: expect.stringContaining('r.menon@example.edu') });
    });

    it('erases a mentee: attendance, leaves and individual chats go, open grievances stay, their token stops working', async () => {
      const id = await idOf(DEMO_ACCOUNTS.mentee);
      const theirToken = await tokenFor(t, DEMO_ACCOUNTS.mentee);
      // Traces in every module: a grievance thread, a comment and a like on an announcement, group chat, read marks.
      const grievance = (
        await t
          .http()
          .post('/api/grievances')
          .set(bearer(theirToken))
          .send({
            name: 'J',
            email: 'j',
            rollNo: '1',
            subject: 's',
            grievanceType: 'other',
            dateOfIncident: '2026-01-05',
            description: 'd',
          })
          .expect(201)
      ).body;
      await t
        .http()
        .post(`/api/grievances/${grievance._id}/comments`)
        .set(bearer(admin))
        .send({ content: 'Noted' })
        .expect(201);
      const announcement = (await t.http().get('/api/announcements').set(bearer(theirToken)).expect(200)).body[0];
      await t
        .http()
        .post(`/api/announcements/${announcement._id}/comments`)
        .set(bearer(theirToken))
        .send({ content: 'Thanks' })
        .expect(201);
      await t.http().post(`/api/announcements/${announcement._id}/likes`).set(bearer(theirToken)).expect(200);
      const group = (await t.http().get('/api/groups/mentee').set(bearer(theirToken)).expect(200)).body[0];
      await t
        .http()
        .post('/api/messages')
        .set(bearer(theirToken))
        .send({ conversationType: 'group', conversationId: group._id, content: 'Bye' })
        .expect(201);
      const [mine, theirs] = individualKeysOf(id);
      const expected = {
        attendanceRecords: await t.db.getRepository(AttendanceRecord).countBy({ menteeId: id }),
        leaveRequests: await t.db.getRepository(LeaveRequest).countBy({ menteeId: id }),
        chatMessages: await t.db
          .getRepository(Message)
          .countBy([{ senderId: id }, { conversationKey: Like(mine) }, { conversationKey: Like(theirs) }]),
      };
      // A student's Delete is erasure: their open grievances (the one above and one from the demo seed) are kept.
      const open = await t.db
        .getRepository(Grievance)
        .countBy({ menteeId: id, status: In(['pending', 'in-progress']) });
      expect(open).toBe(2);
      const res = await t.http().delete(`/api/admin/users/${id}`).set(bearer(admin)).expect(200);
      expect(res.body.removed).toEqual(expected);
      expect(res.body.held).toMatchObject({ openGrievances: open });
      expect(await t.db.getRepository(AttendanceRecord).countBy({ menteeId: id })).toBe(0);
      expect(await t.db.getRepository(LeaveRequest).countBy({ menteeId: id })).toBe(0);
      expect(await t.db.getRepository(GrievanceComment).countBy({ grievanceId: grievance._id })).toBe(1);
      expect(await t.db.getRepository(Grievance).findOneByOrFail({ id: grievance._id })).toMatchObject({
        menteeId: null,
      });
      expect(await t.db.getRepository(AnnouncementComment).countBy({ userId: id })).toBe(0);
      expect(await t.db.getRepository(AnnouncementLike).countBy({ userId: id })).toBe(0);
      expect(
        await t.db
          .getRepository(Message)
          .countBy([{ senderId: id }, { conversationKey: Like(mine) }, { conversationKey: Like(theirs) }]),
      ).toBe(0);
      expect(await t.db.getRepository(ConversationRead).countBy({ userId: id })).toBe(0);
      expect(
        (
          await t.db.getRepository(Group).findOneOrFail({ where: { id: group._id }, relations: { mentees: true } })
        ).mentees!.map((m) => m.id),
      ).not.toContain(id);
      const entry = (await audit('user.erase')).find((e) => e.targetId === id)!;
      expect(entry.changes).toMatchObject({
        attendanceRecords: { from: expected.attendanceRecords, to: 0 },
        'held.openGrievances': { from: open, to: open },
      });
      expect(await codeOf(t.http().delete(`/api/admin/users/${id}`).set(bearer(admin)).expect(404))).toBe(
        'USER_NOT_FOUND',
      );
      await t.http().get('/api/auth/me').set(bearer(theirToken)).expect(401);
    });
  });

  it('GET /api/admin/audit lists entries newest first, filtered by action and search', async () => {
    const all = await t.http().get('/api/admin/audit?limit=100').set(bearer(admin)).expect(200);
    expect(all.body.total).toBe(await t.db.getRepository(AuditEntry).count());
    const deletes = await t.http().get('/api/admin/audit?action=user.delete').set(bearer(admin)).expect(200);
    expect(deletes.body.items.every((e: { action: string }) => e.action === 'user.delete')).toBe(true);
    const search = await t.http().get('/api/admin/audit?search=R.MENON').set(bearer(admin)).expect(200);
    expect(search.body.items.length).toBeGreaterThan(0);
    await t.http().get('/api/admin/audit?action=drop.table').set(bearer(admin)).expect(400);
  });

  describe("one bare e-mail address (validator.js's isEmail), not the spec's loose pattern (README: decisions)", () => {
    const mentor = (email: string) => ({
      email,
      password: 'secret1',
      role: 'mentor',
      fullName: 'T',
      phone: '1',
      department: 'D',
    });

    it('refuses an address without a dot after "@" from now on; an account stored with one keeps signing in', async () => {
      const refused = await t
        .http()
        .post('/api/admin/users')
        .set(bearer(admin))
        .send(mentor('teacher@campus'))
        .expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: [MSG.emailInvalid] });
      expect(await t.db.getRepository(User).existsBy({ email: 'teacher@campus' })).toBe(false);
      const created = await t
        .http()
        .post('/api/admin/users')
        .set(bearer(admin))
        .send(mentor('teacher@campus.edu'))
        .expect(201);
      // Stored under the old rule (an intranet domain): signing in keeps the loose pattern.
      await t.db.getRepository(User).update({ id: created.body.user._id }, { email: 'teacher@campus' });
      await t.http().post('/api/auth/login').send({ email: 'teacher@campus', password: 'secret1' }).expect(200);
      const id = created.body.user._id;
      await t.http().put(`/api/admin/users/${id}`).set(bearer(admin)).send({ email: 'head@campus' }).expect(400);
      await t.http().put(`/api/admin/users/${id}`).set(bearer(admin)).send({ email: 'head@campus.edu' }).expect(200);
      expect((await t.db.getRepository(User).findOneByOrFail({ id })).email).toBe('head@campus.edu');
    });

    it.each([
      'own@x.test,victim1@v.test',
      'a@x;b@y',
      'Asha <asha@example.edu>',
      'two words@campus.edu',
      '@campus.edu',
      'teacher@',
      'no-at-sign',
    ])('refuses %j as a new user, an edited e-mail and a guardian e-mail, storing nothing', async (email) => {
      const users = await t.db.getRepository(User).count();
      const created = await t.http().post('/api/admin/users').set(bearer(admin)).send(mentor(email)).expect(400);
      expect(created.body).toMatchObject({ code: 'VALIDATION_FAILED', message: [MSG.emailInvalid] });
      expect(await t.db.getRepository(User).count()).toBe(users);

      const mentee = await idOf('student24@example.edu');
      const edited = await t.http().put(`/api/admin/users/${mentee}`).set(bearer(admin)).send({ email }).expect(400);
      expect(edited.body).toMatchObject({ code: 'VALIDATION_FAILED', message: [MSG.emailInvalid] });
      expect((await t.db.getRepository(User).findOneByOrFail({ id: mentee })).email).toBe('student24@example.edu');

      const before = (await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: mentee })).parentInfo;
      const guardian = await t
        .http()
        .put(`/api/admin/users/${mentee}/profile`)
        .set(bearer(admin))
        .send({ parentInfo: { email } })
        .expect(400);
      expect(guardian.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: [expect.stringContaining('Parent email must be a valid e-mail address')],
      });
      expect((await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: mentee })).parentInfo).toEqual(before);
    });

    it('takes a guardian e-mail that is one address (trimmed), and an empty one clears it', async () => {
      const mentee = await idOf('student24@example.edu');
      const profile = () => t.db.getRepository(MenteeProfile).findOneByOrFail({ id: mentee });
      const put = (email: string) =>
        t.http().put(`/api/admin/users/${mentee}/profile`).set(bearer(admin)).send({ parentInfo: { email } });
      await put(' parent@home.example ').expect(200);
      expect((await profile()).parentInfo.email).toBe('parent@home.example');
      await put('').expect(200);
      expect((await profile()).parentInfo.email ?? '').toBe('');
    });
  });

  it('edits a mentee recorded without class and section when they are left out, and refuses to empty a set class', async () => {
    const id = await idOf('student25@example.edu');
    const profiles = t.db.getRepository(MenteeProfile);
    await profiles.update({ id }, { className: '', section: '' });
    await t
      .http()
      .put(`/api/admin/users/${id}/profile`)
      .set(bearer(admin))
      .send({ fullName: 'Renamed Student', phone: '555 0199', academicYear: '2026-2027' })
      .expect(200);
    expect(await profiles.findOneByOrFail({ id })).toMatchObject({
      className: '',
      section: '',
      academicYear: '2026-2027',
    });
    await t
      .http()
      .put(`/api/admin/users/${id}/profile`)
      .set(bearer(admin))
      .send({ class: '9', section: 'B' })
      .expect(200);
    const res = await t
      .http()
      .put(`/api/admin/users/${id}/profile`)
      .set(bearer(admin))
      .send({ class: ' ' })
      .expect(400);
    expect(JSON.stringify(res.body.message)).toContain(MSG.classRequired);
    expect(await profiles.findOneByOrFail({ id })).toMatchObject({ className: '9', section: 'B' });
  });
});
