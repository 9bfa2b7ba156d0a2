import { type Socket } from 'socket.io-client';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Group } from '../src/groups/entities/group.entity';
import { individualKey } from '../src/messages/conversation-key';
import { ConversationRead, Message } from '../src/messages/entities/message.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { collect, delivered, nextEvent, openSocket, typingHandled } from './support/sockets';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

describe(`chat (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let url: string;
  const tok: Record<string, string> = {};
  const id: Record<string, string> = {};
  let group: Group;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    const users = t.db.getRepository(User);
    id.mentor = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    id.other = (await users.findOneByOrFail({ email: 'r.menon@example.edu' })).id;
    id.mentee = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    id.admin = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.admin })).id;
    const outsider = await t.db
      .getRepository(MenteeProfile)
      .findOneOrFail({ where: { mentorId: id.other }, relations: { user: true } });
    id.outsider = outsider.id;
    group = (
      await t.db.getRepository(Group).find({ where: { mentorId: id.mentor }, relations: { mentees: true } })
    ).find((g) => g.mentees!.some((m) => m.id === id.mentee))!;
    const member2 = group.mentees!.find((m) => m.id !== id.mentee)!;
    id.member2 = member2.id;
    const emailOf = async (uid: string) => (await users.findOneByOrFail({ id: uid })).email;
    for (const k of ['mentor', 'other', 'mentee', 'admin', 'outsider', 'member2'])
      tok[k] = await tokenFor(t, await emailOf(id[k]));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const connect = async (who: string) => {
    const s = await openSocket(url, tok[who]);
    sockets.push(s);
    return s;
  };
  type Pushed = { conversationId: string; content: string; _id: string };
  const inbox = (s: Socket, event = 'newMessage') => collect<Pushed>(s, event);
  /** The next message with this text on the socket (call before sending it). */
  const nextMessage = (s: Socket, content: string) => nextEvent<Pushed>(s, 'newMessage', (m) => m.content === content);
  const send = (who: string, conversationType: string, conversationId: string, content: string) =>
    t.http().post('/api/messages').set(bearer(tok[who])).send({ conversationType, conversationId, content });

  it("lists a mentor's groups and mentees with the last message, and a mentee's mentor and groups", async () => {
    const mine = (await t.http().get('/api/messages/conversations').set(bearer(tok.mentor)).expect(200)).body;
    const ids = mine.map((c: { _id: string }) => c._id);
    expect(ids).toContain(group.id);
    expect(ids).toContain(`individual_${id.mentee}`);
    expect(ids).not.toContain(`individual_${id.outsider}`);
    const g = mine.find((c: { _id: string }) => c._id === group.id);
    expect(g).toMatchObject({ type: 'group', displayName: group.name, lastMessage: { content: expect.any(String) } });
    const menteeSide = (await t.http().get('/api/messages/conversations').set(bearer(tok.mentee)).expect(200)).body;
    expect(menteeSide.find((c: { _id: string }) => c._id === `individual_${id.mentor}`)).toMatchObject({
      displayName: 'Dr. Helen Carter',
      color: '#3B82F6',
    });
  });

  it('an individual message reaches both participants live, addressed as each names the chat, and no one else', async () => {
    const [mentee, outsider, other] = await Promise.all([connect('mentee'), connect('outsider'), connect('other')]);
    const got = inbox(mentee),
      leaked = inbox(outsider),
      leaked2 = inbox(other);
    const arrived = nextMessage(mentee, 'Hello Jordan');
    const res = await send('mentor', 'individual', `individual_${id.mentee}`, 'Hello Jordan').expect(201);
    expect(res.body).toMatchObject({
      content: 'Hello Jordan',
      conversationId: `individual_${id.mentee}`,
      senderId: id.mentor,
      sender: { fullName: 'Dr. Helen Carter' },
    });
    await arrived;
    await delivered(t, mentee, outsider, other);
    expect(got).toEqual([expect.objectContaining({ _id: res.body._id, conversationId: `individual_${id.mentor}` })]);
    expect(leaked).toEqual([]);
    expect(leaked2).toEqual([]);
    expect(
      await t.db.getRepository(Message).countBy({ conversationKey: individualKey(id.mentor, id.mentee) }),
    ).toBeGreaterThan(0);
  });

  it('unread counts grow with new messages and clear when the conversation is opened', async () => {
    await send('mentor', 'individual', id.mentee, 'One').expect(201);
    await send('mentor', 'individual', id.mentee, 'Two').expect(201);
    const before = (await t.http().get('/api/messages/conversations').set(bearer(tok.mentee))).body.find(
      (c: { _id: string }) => c._id === `individual_${id.mentor}`,
    );
    expect(before.unreadCount).toBeGreaterThanOrEqual(2);
    const page = (await t.http().get(`/api/messages/individual/${id.mentor}`).set(bearer(tok.mentee)).expect(200)).body
      .messages;
    expect(page.slice(-2).map((m: { content: string }) => m.content)).toEqual(['One', 'Two']);
    const after = (await t.http().get('/api/messages/conversations').set(bearer(tok.mentee))).body.find(
      (c: { _id: string }) => c._id === `individual_${id.mentor}`,
    );
    expect(after.unreadCount).toBe(0);
  });

  it("every conversation of a mentor's list carries its own last message and unread count, as stored", async () => {
    await send('member2', 'individual', id.mentor, 'From member2, 1').expect(201);
    await send('member2', 'individual', id.mentor, 'From member2, 2').expect(201);
    await t.http().get(`/api/messages/individual/${id.member2}`).set(bearer(tok.mentor)).expect(200);
    await send('member2', 'individual', id.mentor, 'From member2, after the read').expect(201);
    await send('mentee', 'individual', id.mentor, 'From the mentee').expect(201);
    await send('mentor', 'group', group.id, 'To the group').expect(201);
    const list = (await t.http().get('/api/messages/conversations').set(bearer(tok.mentor)).expect(200)).body as {
      _id: string;
      type: string;
      groupId?: string;
      otherUserId?: string;
      lastMessage: { content: string; senderId: string; createdAt: string } | null;
      unreadCount: number;
    }[];
    const messages = t.db.getRepository(Message);
    const reads = t.db.getRepository(ConversationRead);
    for (const c of list) {
      const where = {
        conversationType: c.type as 'group' | 'individual',
        conversationKey: c.type === 'group' ? c.groupId! : individualKey(id.mentor, c.otherUserId!),
      };
      const stored = await messages.find({ where, order: { createdAt: 'DESC' } });
      const newest = stored.filter((m) => m.createdAt.getTime() === stored[0]?.createdAt.getTime());
      if (!stored.length) expect(c.lastMessage).toBeNull();
      else {
        expect(newest.map((m) => m.content)).toContain(c.lastMessage?.content);
        expect(c.lastMessage?.createdAt).toBe(stored[0].createdAt.toISOString());
      }
      const mark = await reads.findOneBy({ userId: id.mentor, ...where });
      const unread = stored.filter((m) => m.senderId !== id.mentor && (!mark || m.createdAt > mark.lastReadAt));
      expect({ _id: c._id, unread: c.unreadCount }).toEqual({ _id: c._id, unread: unread.length });
    }
    // The conversations set up above, so the loop compared more than empty rows.
    const byId = new Map(list.map((c) => [c._id, c]));
    expect(byId.get(`individual_${id.member2}`)).toMatchObject({
      lastMessage: { content: 'From member2, after the read', senderId: id.member2 },
      unreadCount: 1,
    });
    expect(byId.get(`individual_${id.mentee}`)?.unreadCount).toBeGreaterThanOrEqual(1);
    expect(byId.get(group.id)?.lastMessage).toMatchObject({ content: 'To the group', senderId: id.mentor });
    expect(list.filter((c) => c.lastMessage === null).length).toBeGreaterThan(0);
  });

  it('catches up after a reconnect: ?after returns what was sent since the last message seen', async () => {
    const last = (await send('mentor', 'individual', id.mentee, 'Before the drop').expect(201)).body;
    await send('mentor', 'individual', id.mentee, 'While offline 1').expect(201);
    await send('mentor', 'individual', id.mentee, 'While offline 2').expect(201);
    const missed = (
      await t
        .http()
        .get(`/api/messages/individual/${id.mentor}?after=${encodeURIComponent(last.createdAt)}`)
        .set(bearer(tok.mentee))
        .expect(200)
    ).body.messages;
    const contents = missed.map((m: { content: string }) => m.content);
    expect(contents).toEqual(expect.arrayContaining(['While offline 1', 'While offline 2']));
    expect(contents.indexOf('While offline 1')).toBeLessThan(contents.indexOf('While offline 2'));
  });

  it('a mentee cannot read, post to, join or type into a conversation that is not theirs', async () => {
    expect(
      (await t.http().get(`/api/messages/individual/${id.mentor}`).set(bearer(tok.outsider)).expect(403)).body.code,
    ).toBe('NOT_A_MEMBER');
    await send('outsider', 'individual', id.mentor, 'hi').expect(403);
    await send('mentee', 'individual', id.member2, 'psst').expect(403);
    await t.http().get(`/api/messages/group/${group.id}`).set(bearer(tok.outsider)).expect(403);
    await send('outsider', 'group', group.id, 'let me in').expect(403);
    await send('other', 'group', group.id, 'not my group').expect(403);
    const s = await connect('outsider');
    const ack = await s.timeout(2000).emitWithAck('joinGroup', group.id);
    expect(ack).toEqual({ ok: false, error: 'You are not a member of this group' });
    const m = await connect('mentee');
    const typing = inbox(m, 'typing');
    s.emit('typing', { conversationId: group.id, isTyping: true });
    s.emit('typing', { conversationId: `individual_${id.mentee}`, isTyping: true });
    await typingHandled(t, s);
    await delivered(t, m);
    expect(typing).toEqual([]);
  });

  it('validates messages', async () => {
    for (const body of [
      { conversationType: 'individual', conversationId: id.mentee, content: '   ' },
      { conversationType: 'direct', conversationId: id.mentee, content: 'x' },
      { conversationType: 'individual', conversationId: 'nobody', content: 'x' },
      { conversationType: 'individual', conversationId: id.mentee, content: 'x'.repeat(4001) },
      { conversationType: 'individual', conversationId: id.mentee, content: 'x', senderId: id.admin },
    ])
      await t.http().post('/api/messages').set(bearer(tok.mentor)).send(body).expect(400);
  });

  it('a message with neither content nor attachment is refused (400) and pushed to no one', async () => {
    const s = await connect('mentee');
    const got = inbox(s);
    for (const body of [
      { conversationType: 'individual', conversationId: id.mentee },
      { conversationType: 'individual', conversationId: id.mentee, content: null },
      { conversationType: 'individual', conversationId: id.mentee, content: '' },
    ]) {
      const res = await t.http().post('/api/messages').set(bearer(tok.mentor)).send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    await delivered(t, s);
    expect(got).toEqual([]);
  });

  it('a message of invisible characters only is refused (400), stored nowhere and pushed to no one', async () => {
    const s = await connect('mentee');
    const got = inbox(s);
    const before = await t.db.getRepository(Message).count();
    for (const content of ['\u200B\u2800', '\u3164 \uFFA0\u00A0\u2060\uFEFF\u180E', '\u202E\u034F\u115F\u3000']) {
      const res = await t
        .http()
        .post('/api/messages')
        .set(bearer(tok.mentor))
        .send({ conversationType: 'individual', conversationId: id.mentee, content })
        .expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: ['A message needs text or an attachment'] });
    }
    await delivered(t, s);
    expect(got).toEqual([]);
    expect(await t.db.getRepository(Message).count()).toBe(before);
    // Text among invisible characters is a message.
    await t
      .http()
      .post('/api/messages')
      .set(bearer(tok.mentor))
      .send({ conversationType: 'individual', conversationId: id.mentee, content: '\u200Bok\u2800' })
      .expect(201);
  });

  it('a photo without a caption is a message', async () => {
    // The smallest valid PNG (1×1).
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const up = await t
      .http()
      .post('/api/messages/attachments')
      .set(bearer(tok.mentor))
      .field('conversationType', 'individual')
      .field('conversationId', `individual_${id.mentee}`)
      .attach('file', png, 'board.png')
      .expect(201);
    const sent = await t
      .http()
      .post('/api/messages')
      .set(bearer(tok.mentor))
      .send({ conversationType: 'individual', conversationId: id.mentee, attachmentId: up.body._id })
      .expect(201);
    expect(sent.body.attachment).toMatchObject({ _id: up.body._id, kind: 'image' });
  });

  it('group messages reach members; a removed member stops receiving at once, typing included; typing reaches the others', async () => {
    const [mentee, member2] = await Promise.all([connect('mentee'), connect('member2')]);
    const a = inbox(mentee),
      b = inbox(member2),
      typing = inbox(mentee, 'typing'),
      typing2 = inbox(member2, 'typing');
    // Typing goes to the members who have the group open (joined its room); messages go to every member.
    expect(await mentee.emitWithAck('joinGroup', group.id)).toEqual({ ok: true });
    expect(await member2.emitWithAck('joinGroup', group.id)).toEqual({ ok: true });
    const moved = [nextMessage(mentee, 'Meeting moved'), nextMessage(member2, 'Meeting moved')];
    const typed = nextEvent(mentee, 'typing');
    member2.emit('typing', { conversationId: group.id, isTyping: true });
    await send('mentor', 'group', group.id, 'Meeting moved').expect(201);
    await Promise.all([...moved, typed]);
    await typingHandled(t, member2);
    await delivered(t, mentee, member2);
    expect(a.map((m) => m.content)).toContain('Meeting moved');
    expect(b.map((m) => m.content)).toContain('Meeting moved');
    expect(typing).toEqual([expect.objectContaining({ conversationId: group.id, userId: id.member2, isTyping: true })]);
    expect(typing2).toEqual([]);
    const remaining = group.mentees!.map((m) => m.id).filter((m) => m !== id.member2);
    await t
      .http()
      .put(`/api/groups/${group.id}`)
      .set(bearer(tok.mentor))
      .send({ name: group.name, menteeIds: remaining })
      .expect(200);
    const afterRemoval = nextMessage(mentee, 'After removal');
    await send('mentor', 'group', group.id, 'After removal').expect(201);
    mentee.emit('typing', { conversationId: group.id, isTyping: true });
    await afterRemoval;
    await typingHandled(t, mentee);
    await delivered(t, member2);
    expect(a.map((m) => m.content)).toContain('After removal');
    expect(b.map((m) => m.content)).not.toContain('After removal');
    expect(typing2).toEqual([]);
    await t.http().get(`/api/messages/group/${group.id}`).set(bearer(tok.member2)).expect(403);
    expect((await member2.emitWithAck('joinGroup', group.id)).ok).toBe(false);
  });

  it("typing in an individual chat reaches the other person once, named as they name the chat, and not the typist's other tabs", async () => {
    const [mentor, mentee, menteeOtherTab] = await Promise.all([
      connect('mentor'),
      connect('mentee'),
      connect('mentee'),
    ]);
    const seen = inbox(mentor, 'typing'),
      echoed = inbox(menteeOtherTab, 'typing');
    const stopped = nextEvent<{ isTyping: boolean }>(mentor, 'typing', (e) => !e.isTyping);
    mentee.emit('typing', { conversationId: `individual_${id.mentor}`, isTyping: true });
    mentee.emit('typing', { conversationId: `individual_${id.mentor}`, isTyping: true });
    mentee.emit('typing', { conversationId: `individual_${id.mentor}`, isTyping: false });
    await stopped;
    await typingHandled(t, mentee);
    await delivered(t, mentor, menteeOtherTab);
    expect(seen).toEqual([
      { conversationId: `individual_${id.mentee}`, userId: id.mentee, fullName: 'Jordan Rivera', isTyping: true },
      { conversationId: `individual_${id.mentee}`, userId: id.mentee, fullName: 'Jordan Rivera', isTyping: false },
    ]);
    expect(echoed).toEqual([]);
  });

  it('only mentors and admins delete a conversation for everyone; a mentee cannot wipe a group', async () => {
    expect(
      (await t.http().delete(`/api/messages/conversation/group/${group.id}`).set(bearer(tok.mentee)).expect(403)).body
        .code,
    ).toBe('FORBIDDEN');
    await t.http().delete(`/api/messages/conversation/individual/${id.mentor}`).set(bearer(tok.mentee)).expect(403);
    expect(await t.db.getRepository(Message).countBy({ conversationKey: group.id })).toBeGreaterThan(0);
    const m = await connect('mentee');
    const gone = inbox(m, 'conversationDeleted');
    const told = nextEvent(m, 'conversationDeleted');
    const res = await t
      .http()
      .delete(`/api/messages/conversation/individual/${id.mentee}`)
      .set(bearer(tok.mentor))
      .expect(200);
    expect(res.body.message).toBe('Conversation deleted successfully.');
    expect(await t.db.getRepository(Message).countBy({ conversationKey: individualKey(id.mentor, id.mentee) })).toBe(0);
    await told;
    await delivered(t, m);
    expect(gone).toEqual([{ conversationId: `individual_${id.mentor}` }]);
    expect(
      (await t.http().delete(`/api/messages/conversation/chat/${id.mentee}`).set(bearer(tok.mentor)).expect(400)).body
        .code,
    ).toBe('VALIDATION_FAILED');
  });

  it('an admin can chat with anyone, and the chat then shows on the other side', async () => {
    await send('admin', 'individual', id.outsider, 'Please see me at the office').expect(201);
    const side = (await t.http().get('/api/messages/conversations').set(bearer(tok.outsider))).body;
    expect(side.find((c: { _id: string }) => c._id === `individual_${id.admin}`)).toMatchObject({
      displayName: 'Alex Morgan',
      unreadCount: 1,
    });
    await send('outsider', 'individual', id.admin, 'On my way').expect(201);
  });
});
