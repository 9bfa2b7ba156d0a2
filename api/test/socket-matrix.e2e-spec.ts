import { type Socket } from 'socket.io-client';
import { formatConversationId } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Group } from '../src/groups/entities/group.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { userRoom } from '../src/realtime/rooms';
import { User } from '../src/users/entities/user.entity';
import { delivered, feedsWatched, nextEvent, openSocket, typingHandled, waitUntil } from './support/sockets';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/**
 * Every event a client may send, and what each kind of sender gets. `member` belongs to the conversation named in the
 * payload, `outsider` does not; nobody gets anything with a malformed payload. The test fails when the gateway handles
 * an event that is missing here.
 */
const SOCKET_EVENTS = {
  joinGroup: { member: 'joined', outsider: 'refused', malformed: 'refused' },
  leaveGroup: { member: 'left', outsider: 'no effect', malformed: 'no effect' },
  typing: {
    member: 'relayed to the other members who have the conversation open',
    outsider: 'dropped',
    malformed: 'dropped',
  },
  // Members here: of the announcement's audience. What the socket gets is counted per socket (announcements spec).
  watchAnnouncements: {
    member: "receives likes and comments of its audience's announcements",
    outsider: "receives nothing of other audiences' announcements",
    malformed: 'payload ignored',
  },
  unwatchAnnouncements: { member: 'stops receiving them', outsider: 'no effect', malformed: 'no effect' },
} as const;

describe(`socket event matrix (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let url: string;
  let group: Group;
  const sockets: Socket[] = [];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    const helen = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
    group = (await t.db.getRepository(Group).find({ where: { mentorId: helen.id }, relations: { mentees: true } }))[0];
    const memberEmail = (await t.db.getRepository(User).findOneByOrFail({ id: group.mentees![0].id })).email;
    const outsider = (await t.db.getRepository(User).find({ where: { role: 'mentee' } })).find(
      (u) => !group.mentees!.some((m) => m.id === u.id),
    )!;
    tokens.mentor = await tokenFor(t, DEMO_ACCOUNTS.mentor);
    tokens.member = await tokenFor(t, memberEmail);
    tokens.outsider = await tokenFor(t, outsider.email);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const connect = async (who: string) => {
    const s = await openSocket(url, tokens[who]);
    sockets.push(s);
    return s;
  };

  it("a guardian's handshake is refused with an error the client sees: no chat, no staff lists, no room", async () => {
    tokens.guardian = await tokenFor(t, DEMO_ACCOUNTS.guardian);
    await expect(connect('guardian')).rejects.toThrow('Live updates are not available to guardian accounts.');
    const guardian = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.guardian });
    const server = t.app.get(RealtimeGateway).server;
    expect(await server.in(userRoom(guardian.id)).fetchSockets()).toHaveLength(0);
  });

  it('lists every event the gateway handles', () => {
    const handled = Object.getOwnPropertyNames(RealtimeGateway.prototype)
      .map((name) => Object.getOwnPropertyDescriptor(RealtimeGateway.prototype, name)?.value)
      .filter((fn): fn is object => typeof fn === 'function')
      .map((fn) => Reflect.getMetadata('message', fn))
      .filter(Boolean);
    expect(handled.sort()).toEqual(Object.keys(SOCKET_EVENTS).sort());
  });

  it('joinGroup: members join, outsiders and malformed ids are refused', async () => {
    const member = await connect('member');
    const outsider = await connect('outsider');
    expect(await member.emitWithAck('joinGroup', group.id)).toEqual({ ok: true });
    expect(await outsider.emitWithAck('joinGroup', group.id)).toEqual({
      ok: false,
      error: 'You are not a member of this group',
    });
    for (const bad of ['x', { id: group.id }, 42, null, 'a'.repeat(5000)]) {
      expect((await member.emitWithAck('joinGroup', bad)).ok).toBe(false);
    }
  });

  it('typing: relayed to the other members with the group open only; outsiders and malformed payloads are dropped', async () => {
    const mentor = await connect('mentor');
    const member = await connect('member');
    const outsider = await connect('outsider');
    const closed = await connect('mentor');
    expect(await mentor.emitWithAck('joinGroup', group.id)).toEqual({ ok: true });
    expect((await outsider.emitWithAck('joinGroup', group.id)).ok).toBe(false);
    const seen: unknown[] = [];
    const leaked: unknown[] = [];
    const notOpen: unknown[] = [];
    mentor.on('typing', (p) => seen.push(p));
    outsider.on('typing', (p) => leaked.push(p));
    closed.on('typing', (p) => notOpen.push(p));
    const relayed = nextEvent(mentor, 'typing');
    member.emit('typing', { conversationId: group.id, isTyping: true });
    outsider.emit('typing', { conversationId: group.id, isTyping: true });
    for (const bad of [
      null,
      'x',
      { conversationId: group.id },
      { conversationId: group.id, isTyping: 'yes' },
      { conversationId: 'x'.repeat(100), isTyping: true },
    ]) {
      member.emit('typing', bad as never);
    }
    await relayed;
    // Every event of both senders handled, and whatever the server wrote to the three sockets arrived.
    await typingHandled(t, member);
    await typingHandled(t, outsider);
    await delivered(t, mentor, outsider, closed);
    expect(seen).toEqual([expect.objectContaining({ conversationId: group.id, isTyping: true })]);
    expect(leaked).toEqual([]);
    expect(notOpen).toEqual([]);
  });

  it("an archived group's room closes: its members get no more typing and cannot join again", async () => {
    const spare = (
      await t
        .http()
        .post('/api/groups')
        .set({ Authorization: `Bearer ${tokens.mentor}` })
        .send({ name: 'Short-lived', menteeIds: [group.mentees![0].id] })
        .expect(201)
    ).body;
    const mentor = await connect('mentor');
    const member = await connect('member');
    expect(await mentor.emitWithAck('joinGroup', spare._id)).toEqual({ ok: true });
    expect(await member.emitWithAck('joinGroup', spare._id)).toEqual({ ok: true });
    const seen: unknown[] = [];
    member.on('typing', (p) => seen.push(p));
    await t
      .http()
      .delete(`/api/groups/${spare._id}`)
      .set({ Authorization: `Bearer ${tokens.mentor}` })
      .expect(200);
    mentor.emit('typing', { conversationId: spare._id, isTyping: true });
    await typingHandled(t, mentor);
    await delivered(t, member);
    expect(seen).toEqual([]);
    expect(await member.emitWithAck('joinGroup', spare._id)).toEqual({
      ok: false,
      error: 'You are not a member of this group',
    });
  });

  it('leaveGroup: harmless for anyone, and a member who left still gets messages addressed to them personally', async () => {
    const member = await connect('member');
    member.emit('leaveGroup', group.id);
    member.emit('leaveGroup', { nested: true } as never);
    const got: unknown[] = [];
    member.on('newMessage', (m) => got.push(m));
    const arrived = nextEvent(member, 'newMessage');
    await t
      .http()
      .post('/api/messages')
      .set({ Authorization: `Bearer ${tokens.mentor}` })
      .send({ conversationType: 'group', conversationId: group.id, content: 'still delivered' })
      .expect(201);
    await arrived;
    await delivered(t, member);
    expect(got).toHaveLength(1);
  });

  it('unwatchAnnouncements before any watch is harmless and does not go below none; payloads are ignored', async () => {
    const member = await connect('member');
    const posted = await t
      .http()
      .post('/api/announcements')
      .set(bearer(tokens.mentor))
      .send({ title: 'Matrix', content: 'Feeds' })
      .expect(201);
    const got: unknown[] = [];
    member.on('newAnnouncementComment', (p) => got.push(p));
    const comment = () =>
      t
        .http()
        .post(`/api/announcements/${posted.body._id}/comments`)
        .set(bearer(tokens.mentor))
        .send({ content: 'hello' })
        .expect(201);
    for (let i = 0; i < 3; i++) member.emit('unwatchAnnouncements');
    member.emit('watchAnnouncements', { deeply: { nested: [1, 2, 3] } } as never);
    // One feed after three unwatches and a watch: the count did not go below none.
    await feedsWatched(t, member, 1);
    const first = nextEvent(member, 'newAnnouncementComment');
    await comment();
    await first;
    member.emit('unwatchAnnouncements', 'x' as never);
    await feedsWatched(t, member, 0);
    await comment();
    await delivered(t, member);
    expect(got).toHaveLength(1);
  });

  it('a client flooding events is throttled', async () => {
    const member = await connect('member');
    const acks = await Promise.all(Array.from({ length: 60 }, () => member.emitWithAck('joinGroup', group.id)));
    expect(acks.filter((a) => a.ok).length).toBeLessThanOrEqual(40);
    expect(acks.some((a) => a.error === 'Too many events; slow down')).toBe(true);
  });

  describe('sessions end everywhere at once', () => {
    const admin = () => tokenFor(t, DEMO_ACCOUNTS.admin);
    /** A mentee of the demo mentor that no other test uses, connected on two sockets. */
    let spare = 0;
    const connectedMentee = async () => {
      const helen = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
      const profiles = await t.db.getRepository(MenteeProfile).find({
        where: { mentorId: helen.id },
        relations: { user: true },
        order: { id: 'ASC' },
      });
      const free = profiles.filter((p) => p.id !== group.mentees![0].id && p.user!.email !== DEMO_ACCOUNTS.mentee);
      const profile = free[spare++];
      tokens[profile.id] = await tokenFor(t, profile.user!.email);
      const sockets = [await connect(profile.id), await connect(profile.id)];
      const gone = sockets.map(
        (s) =>
          new Promise<string>((resolve) => {
            s.once('disconnect', resolve);
            setTimeout(() => resolve('still connected'), 3000).unref();
          }),
      );
      const events: unknown[] = [];
      for (const s of sockets) {
        s.on('newAnnouncement', (a) => events.push(a));
        s.on('newMessage', (m) => events.push(m));
      }
      return { id: profile.id, token: tokens[profile.id], gone, events };
    };
    /** Nothing reaches the old sockets, and the old token cannot open a new one. */
    const expectEnded = async (who: Awaited<ReturnType<typeof connectedMentee>>) => {
      expect(await Promise.all(who.gone)).toEqual(['io server disconnect', 'io server disconnect']);
      // A socket still connected hears the announcement: it was pushed, and has been by the time that one has it.
      const control = await connect('mentor');
      const heard = nextEvent<{ title: string }>(control, 'newAnnouncement', (a) => a.title === 'After the end');
      await t
        .http()
        .post('/api/announcements')
        .set(bearer(tokens.mentor))
        .send({ title: 'After the end', content: 'Nobody signed out hears this', targetAudience: 'all' })
        .expect(201);
      await t
        .http()
        .post('/api/messages')
        .set(bearer(tokens.mentor))
        .send({ conversationType: 'individual', conversationId: who.id, content: 'are you there?' })
        .then(() => undefined);
      await heard;
      await delivered(t, control);
      control.disconnect();
      expect(who.events).toEqual([]);
      await expect(connect(who.id)).rejects.toThrow('Authentication required. Please sign in.');
    };

    it('sign-out disconnects every socket of the user', async () => {
      const who = await connectedMentee();
      await t.http().post('/api/auth/logout').set(bearer(who.token)).expect(204);
      await expectEnded(who);
    });

    it('deactivation disconnects every socket of the user', async () => {
      const who = await connectedMentee();
      await t
        .http()
        .put(`/api/admin/users/${who.id}/toggle-status`)
        .set(bearer(await admin()))
        .expect(200);
      await expectEnded(who);
    });

    it('deletion disconnects every socket of the user', async () => {
      const who = await connectedMentee();
      await t
        .http()
        .delete(`/api/admin/users/${who.id}`)
        .set(bearer(await admin()))
        .expect(200);
      await expectEnded(who);
    });

    it('the sockets of other users stay connected', async () => {
      const stays = await connect('mentor');
      const who = await connectedMentee();
      await t.http().post('/api/auth/logout').set(bearer(who.token)).expect(204);
      await Promise.all(who.gone);
      expect(stays.connected).toBe(true);
    });
  });

  describe('limits per user, not per socket', () => {
    /** A mentee of the demo mentor that no other test uses. */
    const freshMentee = async (index: number) => {
      const helen = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
      const profiles = await t.db.getRepository(MenteeProfile).find({
        where: { mentorId: helen.id },
        relations: { user: true },
        order: { id: 'DESC' },
      });
      const profile = profiles.filter((p) => p.user!.email !== DEMO_ACCOUNTS.mentee && p.id !== group.mentees![0].id)[
        index
      ];
      tokens[profile.id] = await tokenFor(t, profile.user!.email);
      return profile.id;
    };

    it('a user has at most 10 sockets: the 11th handshake is refused with an error the client sees', async () => {
      const who = await freshMentee(0);
      const open = await Promise.allSettled(Array.from({ length: 10 }, () => connect(who)));
      expect(open.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      await expect(connect(who)).rejects.toThrow('Too many connections for this account');
      // A socket that goes frees its place (once the server has seen it go).
      (open[0] as PromiseFulfilledResult<Socket>).value.disconnect();
      const server = t.app.get(RealtimeGateway).server;
      await waitUntil(async () => (await server.in(userRoom(who)).fetchSockets()).length === 9, {
        what: 'the server seeing the socket go',
      });
      const again = await connect(who);
      expect(again.connected).toBe(true);
      open.forEach((r) => r.status === 'fulfilled' && r.value.disconnect());
      again.disconnect();
    });

    it("one user's sockets share one event budget: 10 sockets flooding typing relay at most 40 events", async () => {
      const who = await freshMentee(1);
      const mentor = await connect('mentor');
      const relayed: unknown[] = [];
      mentor.on('typing', (p) => {
        if ((p as { userId: string }).userId === who) relayed.push(p);
      });
      const mine = await Promise.all(Array.from({ length: 10 }, () => connect(who)));
      const helen = await t.db.getRepository(User).findOneByOrFail({ email: DEMO_ACCOUNTS.mentor });
      const conversationId = formatConversationId({ type: 'individual', id: helen.id });
      for (let i = 0; i < 20; i++) for (const s of mine) s.emit('typing', { conversationId, isTyping: i % 2 === 0 });
      // Every one of the 200 events relayed or dropped, and what was relayed arrived.
      for (const s of mine) await typingHandled(t, s);
      await delivered(t, mentor);
      expect(relayed.length).toBeGreaterThan(0);
      expect(relayed.length).toBeLessThanOrEqual(40);
      mine.forEach((s) => s.disconnect());
    });
  });
});
