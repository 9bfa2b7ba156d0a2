import { type Socket } from 'socket.io-client';
import { In, Like, Not } from 'typeorm';
import type { AnnouncementResponse } from '@portal/contracts';
import { LIKE_UPDATE_MS } from '../src/announcements/announcements.service';
import {
  AnnouncementLike,
  Announcement,
  AnnouncementRecipient,
} from '../src/announcements/entities/announcement.entity';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Group } from '../src/groups/entities/group.entity';
import { Notification } from '../src/notifications/entities/notification.entity';
import { OutboxService } from '../src/outbox/outbox.service';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import {
  collect as collectAll,
  delivered,
  feedsWatched,
  nextEvent,
  openSocket,
  WAIT_MS,
  waitUntil,
} from './support/sockets';
import { bearer, codeOf, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`announcements (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let url: string;
  let admin: string, mentor: string, otherMentor: string, mentee: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    [admin, mentor, otherMentor, mentee] = await Promise.all([
      tokenFor(t, DEMO_ACCOUNTS.admin),
      tokenFor(t, DEMO_ACCOUNTS.mentor),
      tokenFor(t, 'r.menon@example.edu'),
      tokenFor(t, DEMO_ACCOUNTS.mentee),
    ]);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const post = (token: string, body: object) => t.http().post('/api/announcements').set(bearer(token)).send(body);
  const connect = async (token: string) => {
    const s = await openSocket(url, token);
    sockets.push(s);
    return s;
  };
  /** The events of this name the socket receives; with `announcementId`, only those of that announcement. */
  const collect = (s: Socket, event: string, announcementId?: string) =>
    collectAll<{ announcementId?: string }>(s, event, (p) => !announcementId || p?.announcementId === announcementId);

  it('only mentors post; defaults are medium priority for all; validation says what is missing', async () => {
    const res = await post(mentor, { title: ' Exams ', content: 'Timetable is out' }).expect(201);
    expect(res.body).toMatchObject({
      title: 'Exams',
      priority: 'medium',
      targetAudience: 'all',
      authorId: { fullName: 'Dr. Helen Carter', role: 'mentor' },
      likes: [],
      commentCount: 0,
    });
    expect(await codeOf(post(mentee, { title: 'x', content: 'y' }).expect(403))).toBe('FORBIDDEN');
    await post(admin, { title: 'x', content: 'y' }).expect(403);
    const bad = await post(mentor, { title: '  ', content: 'y' }).expect(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.arrayContaining(['Title and content are required']),
    });
    await post(mentor, { title: 'x', content: 'y', priority: 'critical' }).expect(400);
    await post(mentor, { title: 'x', content: 'y', authorId: 'someone' }).expect(400);
  });

  it('audience is enforced: a mentee never reads a mentors-only announcement, live or listed', async () => {
    const menteeSocket = await connect(mentee);
    const mentorSocket = await connect(otherMentor);
    const toMentee = collect(menteeSocket, 'newAnnouncement');
    const toMentor = collect(mentorSocket, 'newAnnouncement');
    const staff = (
      await post(mentor, { title: 'Staff only', content: 'Meeting at 3', targetAudience: 'mentors' }).expect(201)
    ).body;
    const students = (
      await post(mentor, { title: 'For students', content: 'Bring books', targetAudience: 'mentees' }).expect(201)
    ).body;
    await waitUntil(() => toMentee.length && toMentor.length, { what: 'the announcements reaching their audiences' });
    await delivered(t, menteeSocket, mentorSocket);
    expect(toMentee.map((a) => (a as { _id: string })._id)).toEqual([students._id]);
    expect(toMentor.map((a) => (a as { _id: string })._id)).toEqual([staff._id]);
    const list = (await t.http().get('/api/announcements').set(bearer(mentee)).expect(200)).body.map(
      (a: { _id: string }) => a._id,
    );
    expect(list).toContain(students._id);
    expect(list).not.toContain(staff._id);
    expect(await codeOf(t.http().get(`/api/announcements/${staff._id}/comments`).set(bearer(mentee)).expect(403))).toBe(
      'NOT_IN_AUDIENCE',
    );
    await t.http().post(`/api/announcements/${staff._id}/likes`).set(bearer(mentee)).expect(403);
    const adminList = (await t.http().get('/api/announcements').set(bearer(admin)).expect(200)).body.map(
      (a: { _id: string }) => a._id,
    );
    expect(adminList).toEqual(expect.arrayContaining([staff._id, students._id]));
  });

  it('the author edits (Edited: updatedAt moves) and deletes; nobody else can', async () => {
    const a = (await post(mentor, { title: 'Draft', content: 'v1' }).expect(201)).body;
    // The edit comes later than the creation, to the millisecond.
    await waitUntil(() => Date.now() > Date.parse(a.createdAt), { every: 1 });
    const edited = (
      await t
        .http()
        .patch(`/api/announcements/${a._id}`)
        .set(bearer(mentor))
        .send({ content: 'v2', priority: 'urgent' })
        .expect(200)
    ).body;
    expect(edited).toMatchObject({ content: 'v2', priority: 'urgent', title: 'Draft' });
    expect(edited.updatedAt).not.toBe(edited.createdAt);
    expect(
      await codeOf(
        t.http().patch(`/api/announcements/${a._id}`).set(bearer(otherMentor)).send({ content: 'hack' }).expect(403),
      ),
    ).toBe('NOT_OWNER');
    await t.http().patch(`/api/announcements/${a._id}`).set(bearer(admin)).send({ content: 'hack' }).expect(403);
    await t.http().delete(`/api/announcements/${a._id}`).set(bearer(otherMentor)).expect(403);
    expect(
      await codeOf(
        t
          .http()
          .patch(`/api/announcements/${a._id}`)
          .set(bearer(mentor))
          .send({ targetAudience: 'mentors' })
          .expect(400),
      ),
    ).toBe('VALIDATION_FAILED');
    expect((await t.db.getRepository(Announcement).findOneByOrFail({ id: a._id })).content).toBe('v2');
    await t.http().delete(`/api/announcements/${a._id}`).set(bearer(mentor)).expect(204);
    expect(await t.db.getRepository(Announcement).countBy({ id: a._id })).toBe(0);
  });

  it('likes toggle per user; 50 concurrent likes from different users count exactly 50', async () => {
    const a = (await post(mentor, { title: 'Popular', content: 'Like me' }).expect(201)).body;
    const first = await t.http().post(`/api/announcements/${a._id}/likes`).set(bearer(mentee)).expect(200);
    expect(first.body).toMatchObject({ liked: true, likes: [{ userId: { _id: expect.any(String) } }] });
    const second = await t.http().post(`/api/announcements/${a._id}/likes`).set(bearer(mentee)).expect(200);
    expect(second.body).toMatchObject({ liked: false, likes: [] });

    const users = (await t.db.getRepository(User).find({ where: { role: 'mentee' } })).slice(0, 40);
    const mentors = await t.db.getRepository(User).find({ where: { role: 'mentor' } });
    const extra = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t
          .http()
          .post('/api/auth/register')
          .send({
            email: `liker${i}@example.edu`,
            password: 'secret1',
            role: 'mentee',
            fullName: `Liker ${i}`,
            phone: '1',
            class: '9',
            section: 'A',
          })
          .expect(201),
      ),
    );
    const emails = [
      ...users.map((u) => u.email),
      ...mentors.map((u) => u.email),
      ...extra.map((r) => r.body.user.email),
    ].slice(0, 50);
    expect(emails).toHaveLength(50);
    const tokens = await Promise.all(emails.map((e) => tokenFor(t, e, e.startsWith('liker') ? 'secret1' : undefined)));
    await Promise.all(
      tokens.map((tok) => t.http().post(`/api/announcements/${a._id}/likes`).set(bearer(tok)).expect(200)),
    );
    expect(await t.db.getRepository(AnnouncementLike).countBy({ announcementId: a._id })).toBe(50);
    const listed = (await t.http().get('/api/announcements').set(bearer(admin))).body.find(
      (x: { _id: string }) => x._id === a._id,
    );
    expect(listed.likes).toHaveLength(50);
  });

  /** A socket of this user whose page shows an announcements feed (watchAnnouncements), or not. */
  const feedSocket = async (token: string, watching = true) => {
    const s = await connect(token);
    if (watching) {
      s.emit('watchAnnouncements');
      await feedsWatched(t, s, 1);
    }
    return s;
  };
  const idOf = async (email: string) => (await t.db.getRepository(User).findOneByOrFail({ email })).id;

  it("comments carry the author's role and reach the feeds of the audience live, not every open page", async () => {
    const a = (await post(mentor, { title: 'Discuss', content: 'Thoughts?' }).expect(201)).body;
    const mentorSocket = await feedSocket(mentor);
    const menteeFeed = await feedSocket(mentee);
    const menteeElsewhere = await feedSocket(mentee, false);
    const live = collect(mentorSocket, 'newAnnouncementComment');
    // Of this announcement: likes of the ones before may still be on their way (LIKE_UPDATE_MS).
    const likesLive = collect(mentorSocket, 'announcementLikeUpdated', a._id);
    const menteeLive = collect(menteeFeed, 'newAnnouncementComment');
    const elsewhere = [
      collect(menteeElsewhere, 'newAnnouncementComment'),
      collect(menteeElsewhere, 'announcementLikeUpdated'),
    ];
    const arrived = [
      nextEvent(mentorSocket, 'newAnnouncementComment'),
      nextEvent(menteeFeed, 'newAnnouncementComment'),
      nextEvent<{ announcementId: string }>(mentorSocket, 'announcementLikeUpdated', (p) => p.announcementId === a._id),
    ];
    const c = await t
      .http()
      .post(`/api/announcements/${a._id}/comments`)
      .set(bearer(mentee))
      .send({ content: 'Great idea' })
      .expect(201);
    expect(c.body).toMatchObject({ content: 'Great idea', userRole: 'mentee', userId: { fullName: 'Jordan Rivera' } });
    await t.http().post(`/api/announcements/${a._id}/comments`).set(bearer(mentee)).send({ content: '  ' }).expect(400);
    await t.http().post(`/api/announcements/${a._id}/likes`).set(bearer(mentee)).expect(200);
    await Promise.all(arrived);
    await delivered(t, mentorSocket, menteeFeed, menteeElsewhere);
    expect(live).toEqual([{ announcementId: a._id, comment: expect.objectContaining({ _id: c.body._id }) }]);
    expect(menteeLive).toEqual(live);
    expect(likesLive).toEqual([
      { announcementId: a._id, likes: [{ userId: { _id: await idOf(DEMO_ACCOUNTS.mentee) } }] },
    ]);
    expect(elsewhere.flat()).toEqual([]);
    const thread = (await t.http().get(`/api/announcements/${a._id}/comments`).set(bearer(admin)).expect(200)).body;
    expect(thread.map((x: { content: string }) => x.content)).toEqual(['Great idea']);
  });

  it('likes reach the feeds of the audience and the author at most once a second, the last with the likes as they are', async () => {
    const a = (await post(mentor, { title: 'For students', content: 'Vote', targetAudience: 'mentees' }).expect(201))
      .body;
    const [menteeFeed, authorFeed, otherMentorFeed] = await Promise.all([
      feedSocket(mentee),
      feedSocket(mentor),
      feedSocket(otherMentor),
    ]);
    const toMentee = collect(menteeFeed, 'announcementLikeUpdated', a._id);
    const toAuthor = collect(authorFeed, 'announcementLikeUpdated', a._id);
    const toOtherMentor = collect(otherMentorFeed, 'announcementLikeUpdated', a._id);
    const like = (token: string) => t.http().post(`/api/announcements/${a._id}/likes`).set(bearer(token)).expect(200);
    // Eleven clicks in a row (the mentee's ten cancel out): the first is sent at once, the others together at the end
    // of each window.
    const started = Date.now();
    const [adminId, menteeId, authorId] = await Promise.all([
      idOf(DEMO_ACCOUNTS.admin),
      idOf(DEMO_ACCOUNTS.mentee),
      idOf(DEMO_ACCOUNTS.mentor),
    ]);
    type Likes = { announcementId: string; likes: { userId: { _id: string } }[] };
    const likedBy = (ids: string[]) => (p: Likes) =>
      p.announcementId === a._id && p.likes.map((l) => l.userId._id).join() === ids.join();
    for (let i = 0; i < 10; i++) await like(mentee);
    await like(admin);
    const clicking = Date.now() - started;
    const stored = await t.db.getRepository(AnnouncementLike).findBy({ announcementId: a._id });
    expect(stored.map((l) => l.userId)).toEqual([adminId]);
    // The likes as the last click left them reach both feeds, within a window of the last click (the wait starts
    // after the clicks: on a busy machine eleven requests can take longer than the wait itself).
    await waitUntil(
      () => (toMentee as Likes[]).some(likedBy([adminId])) && (toAuthor as Likes[]).some(likedBy([adminId])),
      { ms: LIKE_UPDATE_MS + WAIT_MS, what: 'the likes as the last click left them' },
    );
    // Then one more click, by the author: its update is sent after every update the clicks above caused (each window
    // sends at its end, one after the other), so what came before it is all those clicks sent.
    const isBarrier = likedBy([adminId, authorId]);
    const barrier = [
      nextEvent(menteeFeed, 'announcementLikeUpdated', isBarrier, LIKE_UPDATE_MS + WAIT_MS),
      nextEvent(authorFeed, 'announcementLikeUpdated', isBarrier, LIKE_UPDATE_MS + WAIT_MS),
    ];
    await like(mentor);
    await Promise.all(barrier);
    await delivered(t, otherMentorFeed);
    const sent = (list: Likes[]) => list.slice(0, list.findIndex(isBarrier));
    const toMenteeOfClicks = sent(toMentee as Likes[]);
    expect(toMenteeOfClicks[0]).toEqual({ announcementId: a._id, likes: [{ userId: { _id: menteeId } }] });
    expect(toMenteeOfClicks.at(-1)).toEqual({ announcementId: a._id, likes: [{ userId: { _id: adminId } }] });
    // One at once, then at most one per window that the clicks overlapped.
    expect(toMenteeOfClicks.length).toBeGreaterThanOrEqual(2);
    expect(toMenteeOfClicks.length).toBeLessThanOrEqual(2 + Math.floor(clicking / LIKE_UPDATE_MS));
    expect(toAuthor).toEqual(toMentee);
    // A mentor who did not write it is not of a mentees-only audience, feed or not.
    expect(toOtherMentor).toEqual([]);
  });

  it('a feed watched twice on one socket keeps its events until both stop watching', async () => {
    const a = (await post(mentor, { title: 'Twice', content: 'Two feeds' }).expect(201)).body;
    const s = await feedSocket(mentee);
    s.emit('watchAnnouncements');
    const got = collect(s, 'newAnnouncementComment');
    type Comment = { comment: { content: string } };
    const comment = async (text: string, heard: boolean) => {
      const arrived = heard && nextEvent<Comment>(s, 'newAnnouncementComment', (e) => e.comment.content === text);
      await t
        .http()
        .post(`/api/announcements/${a._id}/comments`)
        .set(bearer(admin))
        .send({ content: text })
        .expect(201);
      if (arrived) await arrived;
      else await delivered(t, s);
    };
    await feedsWatched(t, s, 2);
    await comment('one', true);
    s.emit('unwatchAnnouncements');
    await feedsWatched(t, s, 1);
    await comment('two', true);
    s.emit('unwatchAnnouncements');
    await feedsWatched(t, s, 0);
    await comment('three', false);
    expect(got.map((e) => (e as { comment: { content: string } }).comment.content)).toEqual(['one', 'two']);
  });

  // Issue 39: a mentor addresses one of their groups, or their mentees of one class and section.
  /** The demo mentor's mentees with their accounts (all in class 9-A in the demo school), by student id. */
  const helensMentees = async () =>
    t.db.getRepository(MenteeProfile).find({
      where: { mentorId: await idOf(DEMO_ACCOUNTS.mentor) },
      relations: { user: true },
      order: { studentId: 'ASC' },
    });
  /** Every event the socket receives from now on, with its payload. */
  const trace = (s: Socket) => {
    const got: { event: string; payload: unknown }[] = [];
    s.onAny((event: string, payload: unknown) => got.push({ event, payload }));
    return got;
  };
  /** The names of the traced events that mention the announcement (its id, or its title in a notification). */
  const about = (got: { event: string; payload: unknown }[], a: { _id: string; title: string }) =>
    got
      .filter((e) => [a._id, a.title].some((text) => JSON.stringify(e.payload ?? null).includes(text)))
      .map((e) => e.event);
  /** Who was told of the announcement titled `title` (announcement.new in the inbox), sorted. */
  const toldOf = async (title: string) =>
    (await t.db.getRepository(Notification).findBy({ kind: 'announcement.new', title: Like(`%${title}%`) }))
      .map((n) => n.userId)
      .sort();
  const feedIds = async (token: string, query = '') =>
    (
      (await t.http().get(`/api/announcements${query}`).set(bearer(token)).expect(200)).body as AnnouncementResponse[]
    ).map((a) => a._id);

  it('a group announcement reaches its members alone: listed, read, commented, liked, pushed and notified', async () => {
    const jordanId = await idOf(DEMO_ACCOUNTS.mentee);
    const [a, b] = (await helensMentees()).filter((m) => m.id !== jordanId);
    const group = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Science Club', menteeIds: [a.id, b.id] })
        .expect(201)
    ).body as { _id: string };
    const member = await tokenFor(t, a.user!.email);
    const [memberFeed, outsiderFeed, otherMentorFeed, adminFeed, authorFeed] = await Promise.all(
      [member, mentee, otherMentor, admin, mentor].map((token) => feedSocket(token)),
    );
    const [toMember, toOutsider, toOtherMentor, toAdmin, toAuthor] = [
      memberFeed,
      outsiderFeed,
      otherMentorFeed,
      adminFeed,
      authorFeed,
    ].map(trace);

    const posted = (
      await post(mentor, {
        title: 'Science fair kit',
        content: 'Bring goggles',
        targetAudience: 'group',
        groupId: group._id,
      }).expect(201)
    ).body as AnnouncementResponse;
    expect(posted).toMatchObject({
      targetAudience: 'group',
      targetGroup: { _id: group._id, name: 'Science Club' },
      targetClass: null,
    });
    expect(posted.updatedAt).toBe(posted.createdAt); // not "Edited"
    const recipients = await t.db.getRepository(AnnouncementRecipient).findBy({ announcementId: posted._id });
    expect(recipients.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());

    // Listed (the kept first page and a later one) for its members, its author and admins; for nobody else.
    for (const token of [member, mentor, admin]) {
      expect(await feedIds(token)).toContain(posted._id);
      expect(await feedIds(token, '?limit=50')).toContain(posted._id);
    }
    for (const token of [mentee, otherMentor]) {
      expect(await feedIds(token)).not.toContain(posted._id);
      expect(await feedIds(token, '?limit=50')).not.toContain(posted._id);
    }
    // Read, commented on and liked by a member; refused to a student outside the group and to another mentor.
    await t.http().get(`/api/announcements/${posted._id}/comments`).set(bearer(member)).expect(200);
    const commentHeard = nextEvent(authorFeed, 'newAnnouncementComment');
    await t
      .http()
      .post(`/api/announcements/${posted._id}/comments`)
      .set(bearer(member))
      .send({ content: 'Where do we meet?' })
      .expect(201);
    await commentHeard;
    const likeHeard = nextEvent<{ announcementId: string }>(
      memberFeed,
      'announcementLikeUpdated',
      (p) => p.announcementId === posted._id,
    );
    await t.http().post(`/api/announcements/${posted._id}/likes`).set(bearer(member)).expect(200);
    await likeHeard;
    for (const token of [mentee, otherMentor]) {
      for (const call of [
        t.http().get(`/api/announcements/${posted._id}/comments`).set(bearer(token)),
        t.http().post(`/api/announcements/${posted._id}/comments`).set(bearer(token)).send({ content: 'Me too?' }),
        t.http().post(`/api/announcements/${posted._id}/likes`).set(bearer(token)),
        t.http().get(`/api/announcements?before=${posted._id}`).set(bearer(token)),
      ])
        expect(await codeOf(call.expect(403))).toBe('NOT_IN_AUDIENCE');
    }
    const edited = nextEvent(memberFeed, 'announcementUpdated');
    await t.http().patch(`/api/announcements/${posted._id}`).set(bearer(mentor)).send({ priority: 'high' }).expect(200);
    await edited;

    // Told: the members alone (not the author, not admins: they were not addressed).
    expect(await toldOf('Science fair kit')).toEqual([a.id, b.id].sort());
    await delivered(t, memberFeed, outsiderFeed, otherMentorFeed, adminFeed, authorFeed);
    const live = ['newAnnouncement', 'newAnnouncementComment', 'announcementLikeUpdated', 'announcementUpdated'];
    expect(about(toMember, posted)).toEqual(expect.arrayContaining([...live, 'notification']));
    expect(about(toAuthor, posted)).toEqual(expect.arrayContaining(live));
    expect(about(toAdmin, posted)).toEqual(expect.arrayContaining(live));
    expect(about(toOutsider, posted)).toEqual([]);
    expect(about(toOtherMentor, posted)).toEqual([]);

    // Deleted: the members' feeds drop it; its recipients go with it.
    const gone = nextEvent(memberFeed, 'announcementDeleted');
    await t.http().delete(`/api/announcements/${posted._id}`).set(bearer(mentor)).expect(204);
    await gone;
    await delivered(t, outsiderFeed);
    expect(about(toOutsider, posted)).toEqual([]);
    expect(await t.db.getRepository(AnnouncementRecipient).countBy({ announcementId: posted._id })).toBe(0);
  });

  it("an announcement for families reaches its students' guardians; one for guardians alone, not the students", async () => {
    const guardian = await tokenFor(t, DEMO_ACCOUNTS.guardian);
    const guardianId = await idOf(DEMO_ACCOUNTS.guardian);
    const jordanId = await idOf(DEMO_ACCOUNTS.mentee);
    const jordan = await t.db.getRepository(MenteeProfile).findOneByOrFail({ id: jordanId });
    const forChild = async (child: string) =>
      (
        (await t.http().get(`/api/guardian/children/${child}/announcements`).set(bearer(guardian)).expect(200))
          .body as AnnouncementResponse[]
      ).map((a) => a._id);
    const jordanSocket = await feedSocket(mentee);
    const jordanFeed = trace(jordanSocket);

    const guardiansOnly = (
      await post(mentor, {
        title: 'Parents evening',
        content: 'Thursday at six',
        targetAudience: 'class',
        class: jordan.className,
        section: jordan.section,
        readers: 'guardians',
      }).expect(201)
    ).body as AnnouncementResponse;
    expect(guardiansOnly.readers).toBe('guardians');
    const both = (await post(mentor, { title: 'Sports day', content: 'Friday', readers: 'both' }).expect(201))
      .body as AnnouncementResponse;
    const studentsOnly = (await post(mentor, { title: 'Quiz club', content: 'Room 4' }).expect(201))
      .body as AnnouncementResponse;
    expect(studentsOnly.readers).toBe('students');

    // The guardian reads the two for families, for Jordan; the student reads the two for students.
    const read = await forChild(jordanId);
    expect(read).toEqual(expect.arrayContaining([guardiansOnly._id, both._id]));
    expect(read).not.toContain(studentsOnly._id);
    expect(await feedIds(mentee)).toEqual(expect.arrayContaining([both._id, studentsOnly._id]));
    expect(await feedIds(mentee)).not.toContain(guardiansOnly._id);
    expect(await feedIds(mentee, '?limit=50')).not.toContain(guardiansOnly._id);
    expect(await codeOf(t.http().get(`/api/announcements/${guardiansOnly._id}/comments`).set(bearer(mentee)))).toBe(
      'NOT_IN_AUDIENCE',
    );
    // Staff read it: the author and admins.
    expect(await feedIds(mentor)).toContain(guardiansOnly._id);
    expect(await feedIds(admin)).toContain(guardiansOnly._id);
    // Told: the guardian of the class's students, not the students; for "both", both.
    expect(await toldOf('Parents evening')).toContain(guardianId);
    expect(await toldOf('Parents evening')).not.toContain(jordanId);
    await t.app.get(OutboxService).runDue(new Date());
    expect(await toldOf('Sports day')).toEqual(expect.arrayContaining([guardianId, jordanId]));
    expect(await toldOf('Quiz club')).not.toContain(guardianId);
    // Nothing of it reaches the student live.
    await delivered(t, jordanSocket);
    expect(about(jordanFeed, guardiansOnly)).toEqual([]);
    expect(about(jordanFeed, both)).toContain('newAnnouncement');

    // Paged: the cursor is one of the child's; another's is refused.
    expect(
      await codeOf(
        t
          .http()
          .get(`/api/guardian/children/${jordanId}/announcements?before=${studentsOnly._id}`)
          .set(bearer(guardian)),
      ),
    ).toBe('ANNOUNCEMENT_NOT_FOUND');
    await t
      .http()
      .get(`/api/guardian/children/${jordanId}/announcements?before=${both._id}&limit=5`)
      .set(bearer(guardian))
      .expect(200);
    // An audience of mentors has no families.
    expect(
      await codeOf(post(mentor, { title: 'Staff', content: 'Meeting', targetAudience: 'mentors', readers: 'both' })),
    ).toBe('VALIDATION_FAILED');
  });

  it("a class announcement reaches the author's mentees of that class and section, not another mentor's", async () => {
    const helen = await idOf(DEMO_ACCOUNTS.mentor);
    const jordanId = await idOf(DEMO_ACCOUNTS.mentee);
    const profiles = t.db.getRepository(MenteeProfile);
    // One of Helen's students moves to 9-B (Rahul Menon's class) and one of Rahul's to 9-A.
    const moved = (await helensMentees()).filter((m) => m.id !== jordanId).at(-1)!;
    await profiles.update(moved.id, { className: '9', section: 'B' });
    const rahuls = await profiles.findOneOrFail({
      where: { mentorId: Not(helen), className: '9', section: 'B' },
      relations: { user: true },
      order: { studentId: 'ASC' },
    });
    await profiles.update(rahuls.id, { section: 'A' });
    const inNineA = (await helensMentees())
      .filter((m) => m.className === '9' && m.section === 'A')
      .map((m) => m.id)
      .sort();
    expect(inNineA).toContain(jordanId);
    expect(inNineA).not.toContain(moved.id);

    const [jordanFeed, rahulsFeed] = await Promise.all([
      feedSocket(mentee),
      feedSocket(await tokenFor(t, rahuls.user!.email)),
    ]);
    const [toJordan, toRahuls] = [jordanFeed, rahulsFeed].map(trace);
    const heard = nextEvent(jordanFeed, 'newAnnouncement');
    const posted = (
      await post(mentor, {
        title: 'Class 9-A trip',
        content: 'Forms by Friday',
        targetAudience: 'class',
        class: '9',
        section: 'A',
      }).expect(201)
    ).body as AnnouncementResponse;
    expect(posted).toMatchObject({
      targetAudience: 'class',
      targetClass: { class: '9', section: 'A' },
      targetGroup: null,
    });
    await heard;
    const stored = await t.db.getRepository(AnnouncementRecipient).findBy({ announcementId: posted._id });
    expect(stored.map((r) => r.userId).sort()).toEqual(inNineA);
    expect(await toldOf('Class 9-A trip')).toEqual(inNineA);
    // Newest first on the student's kept page (their role's part and theirs merged), and on a later read.
    expect((await feedIds(mentee))[0]).toBe(posted._id);
    expect((await feedIds(mentee, '?limit=50'))[0]).toBe(posted._id);
    const rahulsToken = await tokenFor(t, rahuls.user!.email);
    expect(await feedIds(rahulsToken)).not.toContain(posted._id);
    expect(
      await codeOf(t.http().get(`/api/announcements/${posted._id}/comments`).set(bearer(rahulsToken)).expect(403)),
    ).toBe('NOT_IN_AUDIENCE');
    await delivered(t, jordanFeed, rahulsFeed);
    expect(about(toJordan, posted)).toEqual(expect.arrayContaining(['newAnnouncement', 'notification']));
    expect(about(toRahuls, posted)).toEqual([]);

    // 9-B holds one of Helen's students now: only that one, not Rahul's class.
    const nineB = (
      await post(mentor, { title: 'For 9-B', content: 'x', targetAudience: 'class', class: '9', section: 'B' }).expect(
        201,
      )
    ).body as AnnouncementResponse;
    expect(
      (await t.db.getRepository(AnnouncementRecipient).findBy({ announcementId: nineB._id })).map((r) => r.userId),
    ).toEqual([moved.id]);
    await t.http().delete(`/api/announcements/${nineB._id}`).set(bearer(mentor)).expect(204);
  });

  it('refuses an audience the mentor cannot address, with its code, and stores nothing', async () => {
    const before = await t.db.getRepository(Announcement).count();
    const send = (body: object, token = mentor) => post(token, { title: 'Refused', content: 'x', ...body });
    const rahulsGroup = await t.db.getRepository(Group).findOneByOrFail({ name: 'Physics Lab Club' });
    expect(await codeOf(send({ targetAudience: 'group', groupId: rahulsGroup.id }).expect(403))).toBe(
      'AUDIENCE_NOT_YOURS',
    );
    expect(
      await codeOf(send({ targetAudience: 'group', groupId: '00000000-0000-4000-8000-000000000000' }).expect(404)),
    ).toBe('GROUP_NOT_FOUND');
    const jordanId = await idOf(DEMO_ACCOUNTS.mentee);
    const archived = (
      await t
        .http()
        .post('/api/groups')
        .set(bearer(mentor))
        .send({ name: 'Old club', menteeIds: [jordanId] })
        .expect(201)
    ).body as { _id: string };
    await t.http().delete(`/api/groups/${archived._id}`).set(bearer(mentor)).expect(200);
    expect(await codeOf(send({ targetAudience: 'group', groupId: archived._id }).expect(404))).toBe('GROUP_NOT_FOUND');
    const empty = (
      await t.http().post('/api/groups').set(bearer(mentor)).send({ name: 'Nobody yet', menteeIds: [] }).expect(201)
    ).body as { _id: string };
    const emptyGroup = await send({ targetAudience: 'group', groupId: empty._id }).expect(400);
    expect(emptyGroup.body).toMatchObject({ code: 'AUDIENCE_EMPTY', message: 'The group "Nobody yet" has no members' });
    // A class and section with none of the mentor's students (10-A is Sarah Okafor's); letters compared exactly.
    const emptyClass = await send({ targetAudience: 'class', class: '10', section: 'A' }).expect(400);
    expect(emptyClass.body).toMatchObject({ code: 'AUDIENCE_EMPTY', message: 'None of your mentees is in class 10-A' });
    expect(await codeOf(send({ targetAudience: 'class', class: '9', section: 'a' }).expect(400))).toBe(
      'AUDIENCE_EMPTY',
    );
    // Malformed: what each audience needs, and nothing it does not.
    for (const body of [
      { targetAudience: 'group' },
      { targetAudience: 'group', groupId: 'abc' },
      { targetAudience: 'group', groupId: empty._id, class: '9', section: 'A' },
      { targetAudience: 'class', class: '9' },
      { targetAudience: 'class', class: ' ', section: 'A' },
      { targetAudience: 'all', groupId: empty._id },
      { groupId: empty._id },
      { targetAudience: 'mentees', class: '9', section: 'A' },
      { targetAudience: 'everyone' },
    ])
      expect([body, await codeOf(send(body).expect(400))]).toEqual([body, 'VALIDATION_FAILED']);
    const missing = await send({ targetAudience: 'class', class: '9' }).expect(400);
    expect(missing.body.message).toEqual(['Section is required for a class audience']);
    // Only mentors post, whatever the audience.
    expect(await codeOf(send({ targetAudience: 'group', groupId: empty._id }, mentee).expect(403))).toBe('FORBIDDEN');
    expect(await codeOf(send({ targetAudience: 'class', class: '9', section: 'A' }, admin).expect(403))).toBe(
      'FORBIDDEN',
    );
    expect(await t.db.getRepository(Announcement).count()).toBe(before);
  });

  // Last in this file: its announcements are dated ahead of every other test's and are removed at the end.
  it('pages past 200 announcements in a stable order: newest first, ties by id, no repeats or gaps, audience kept', async () => {
    const repo = t.db.getRepository(Announcement);
    const author = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
    const base = Date.now() + 86_400_000;
    // 240 for everyone in 80 instants of three (ties), and 30 for mentors only that a mentee must never get.
    const rows = Array.from({ length: 270 }, (_, i) =>
      repo.create({
        authorId: author.id,
        title: `Paged ${i}`,
        content: 'x',
        priority: 'low',
        targetAudience: i < 240 ? 'all' : 'mentors',
        createdAt: new Date(base - Math.floor(i / 3) * 1000),
      }),
    );
    await repo.save(rows, { chunk: 50 });
    const mine = new Set(rows.filter((r) => r.targetAudience === 'all').map((r) => r.id));
    const expected = rows
      .filter((r) => mine.has(r.id))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((r) => r.id);
    // The role audiences', and the class announcement addressed to the student above (not those for guardians alone).
    const forStudents = { readers: Not('guardians' as const) };
    const visibleTotal =
      (await repo.countBy({ targetAudience: In(['all', 'mentees']), ...forStudents })) +
      (await t.db.getRepository(AnnouncementRecipient).countBy({
        userId: await idOf(DEMO_ACCOUNTS.mentee),
        announcement: forStudents,
      }));
    const page = async (q: string) =>
      (await t.http().get(`/api/announcements${q}`).set(bearer(mentee)).expect(200)).body as {
        _id: string;
        title: string;
        targetAudience: string;
      }[];

    const seen: string[] = [];
    let last: string | undefined;
    for (;;) {
      const items = await page(last ? `?before=${last}&limit=100` : '');
      expect(items.length).toBeLessThanOrEqual(last ? 100 : 50);
      seen.push(...items.map((a) => a._id));
      expect(items.every((a) => a.targetAudience !== 'mentors')).toBe(true);
      if (seen.length === 50) {
        // A newer announcement arriving meanwhile shifts nothing: the next page goes on after the last one seen.
        rows.push(
          await repo.save(
            repo.create({
              authorId: author.id,
              title: 'Arrived while paging',
              content: 'x',
              targetAudience: 'all',
              createdAt: new Date(base + 60_000),
            }),
          ),
        );
      }
      if (items.length < (last ? 100 : 50)) break;
      last = items[items.length - 1]._id;
    }
    expect(seen.length).toBeGreaterThan(200);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(visibleTotal); // everything but the newer one that arrived after the first page
    expect(seen.filter((id) => mine.has(id))).toEqual(expected);
    expect(seen.slice(0, 240)).toEqual(expected);

    const mentorsOnly = rows.find((r) => r.targetAudience === 'mentors')!;
    expect(
      await codeOf(t.http().get(`/api/announcements?before=${mentorsOnly.id}`).set(bearer(mentee)).expect(403)),
    ).toBe('NOT_IN_AUDIENCE');
    expect(
      await codeOf(
        t.http().get('/api/announcements?before=00000000-0000-4000-8000-000000000000').set(bearer(mentee)).expect(404),
      ),
    ).toBe('ANNOUNCEMENT_NOT_FOUND');
    for (const q of ['before=abc', 'limit=0', 'limit=101', 'limit=ten', 'limit=2.5'])
      expect(await codeOf(t.http().get(`/api/announcements?${q}`).set(bearer(mentee)).expect(400))).toBe(
        'VALIDATION_FAILED',
      );
    await repo.delete({ id: In(rows.map((r) => r.id)) });
  });
});
