import { type Socket } from 'socket.io-client';
import { Clock } from '../src/dates/clock';
import { Group } from '../src/groups/entities/group.entity';
import { HeldMessage } from '../src/messages/entities/held-message.entity';
import { KeptMessage } from '../src/messages/entities/kept-chat.entity';
import { Message } from '../src/messages/entities/message.entity';
import { MessagesService } from '../src/messages/messages.service';
import { collect, delivered, nextEvent, openSocket } from './support/sockets';
import { bearer, demoPeople, schoolTime, startTestApp, type TestApp } from './support/test-app';

describe(`quiet hours for staff–student chat (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let tok: Record<string, string>, id: Record<string, string>;
  let group: Group;
  const sockets: Socket[] = [];
  let url: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
    ({ id, tok } = await demoPeople(t));
    group = (
      await t.db.getRepository(Group).find({ where: { mentorId: id.mentor }, relations: { mentees: true } })
    ).find((g) => g.mentees!.some((m) => m.id === id.mentee))!;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const send = async (who: string, conversationType: string, conversationId: string, content: string) =>
    (
      await t
        .http()
        .post('/api/messages')
        .set(bearer(tok[who]))
        .send({ conversationType, conversationId, content })
        .expect(201)
    ).body;
  const quietNow = async () =>
    (await t.http().get('/api/messages/quiet-hours').set(bearer(tok.mentor)).expect(200)).body.quietUntil;
  const contents = async (who: string, path: string) =>
    (await t.http().get(`/api/messages/${path}`).set(bearer(tok[who])).expect(200)).body.messages.map(
      (m: { content: string; heldUntil?: string; sentAt?: string }) => m,
    ) as { _id: string; content: string; heldUntil?: string; sentAt?: string }[];

  it('without quiet hours (the default) every message goes at once', async () => {
    expect(await quietNow()).toBeNull();
    const m = await send('mentor', 'individual', id.mentee, 'Daytime message');
    expect(m.heldUntil).toBeUndefined();
    expect(await t.db.getRepository(Message).existsBy({ id: m._id })).toBe(true);
  });

  it("staff messages to students are held until quiet hours end; students' and staff-to-staff ones are not", async () => {
    await t
      .http()
      .put('/api/admin/calendar')
      .set(bearer(tok.admin))
      .send({ quietHours: { start: await schoolTime(t, -60), end: await schoolTime(t, 60) } })
      .expect(200);
    const until = await quietNow();
    expect(Math.abs(Date.parse(until) - (Date.now() + 60 * 60_000))).toBeLessThan(61_000);
    const [mentee, mentor] = [await openSocket(url, tok.mentee), await openSocket(url, tok.mentor)];
    sockets.push(mentee, mentor);
    const menteeGot = collect<{ content: string }>(mentee, 'newMessage');
    const echoed = nextEvent<{ heldUntil?: string }>(
      mentor,
      'newMessage',
      (m) => (m as { content: string }).content === 'Late homework note',
    );
    const held = await send('mentor', 'individual', id.mentee, 'Late homework note');
    expect(held.heldUntil).toBe(until);
    expect((await echoed).heldUntil).toBe(until);
    const heldGroup = await send('mentor', 'group', group.id, 'Late group note');
    expect(heldGroup.heldUntil).toBe(until);
    // Students can always write to staff; staff to staff are not held either.
    const reply = await send('mentee', 'individual', id.mentor, 'Student writing at night');
    expect(reply.heldUntil).toBeUndefined();
    const staff = await send('admin', 'individual', id.mentor, 'Staff to staff at night');
    expect(staff.heldUntil).toBeUndefined();
    await delivered(t, mentee);
    expect(menteeGot.map((m) => m.content)).toEqual(['Student writing at night']);
    // The student sees nothing of them; their sender sees them last, marked.
    const seen = await contents('mentee', `individual/${id.mentor}`);
    expect(seen.map((m) => m.content)).not.toContain('Late homework note');
    expect((await contents('mentee', `group/${group.id}`)).map((m) => m.content)).not.toContain('Late group note');
    const own = await contents('mentor', `individual/${id.mentee}`);
    expect(own[own.length - 1]).toMatchObject({ _id: held._id, content: 'Late homework note', heldUntil: until });
    const side = (await t.http().get('/api/messages/conversations').set(bearer(tok.mentee))).body;
    const chat = side.find((c: { _id: string }) => c._id === `individual_${id.mentor}`);
    expect(chat.lastMessage.content).toBe('Student writing at night');
    expect(await t.db.getRepository(Message).existsBy({ id: held._id })).toBe(false);
    expect(await t.db.getRepository(HeldMessage).count()).toBe(2);
  });

  it('a held message its sender deletes is never delivered, and is kept for the safeguarding leads', async () => {
    const m = await send('mentor', 'individual', id.mentee, 'Sent in haste at night');
    await t.http().delete(`/api/messages/${m._id}`).set(bearer(tok.mentor)).expect(200);
    expect(await t.db.getRepository(HeldMessage).existsBy({ id: m._id })).toBe(false);
    expect((await t.db.getRepository(KeptMessage).findOneByOrFail({ id: m._id })).content).toBe(
      'Sent in haste at night',
    );
    // Nobody but its sender can delete it, or learn of it.
    const other = await send('mentor', 'individual', id.mentee, 'Another night note');
    await t.http().delete(`/api/messages/${other._id}`).set(bearer(tok.mentee)).expect(404);
  });

  it('when quiet hours end each is delivered once, live, marked with when it was written', async () => {
    const mentee = sockets[0];
    const got = collect<{ _id: string; content: string; sentAt?: string; createdAt: string }>(mentee, 'newMessage');
    const service = t.app.get(MessagesService);
    expect(await service.deliverHeld()).toBe(0);
    const later = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 61 * 60_000));
    expect(await service.deliverHeld()).toBe(3);
    expect(await service.deliverHeld()).toBe(0);
    later.mockRestore();
    await delivered(t, mentee);
    expect(got.map((m) => m.content).sort()).toEqual(['Another night note', 'Late group note', 'Late homework note']);
    for (const m of got) expect(Date.parse(m.createdAt) - Date.parse(m.sentAt!)).toBeGreaterThan(59 * 60_000);
    const seen = await contents('mentee', `individual/${id.mentor}`);
    expect(seen.find((m) => m.content === 'Late homework note')).toMatchObject({ sentAt: expect.any(String) });
    expect(seen.find((m) => m.content === 'Late homework note')!.heldUntil).toBeUndefined();
    expect(await t.db.getRepository(HeldMessage).count()).toBe(0);
    await t.http().put('/api/admin/calendar').set(bearer(tok.admin)).send({ quietHours: null }).expect(200);
  });
});
