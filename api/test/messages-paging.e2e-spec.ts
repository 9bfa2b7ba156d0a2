import { randomUUID } from 'node:crypto';
import { ErrorCode, type ChatMessage, type MessagePage } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { Group } from '../src/groups/entities/group.entity';
import { conversationColumns, individualKey } from '../src/messages/conversation-key';
import { Message } from '../src/messages/entities/message.entity';
import { MenteeProfile } from '../src/users/entities/mentee-profile.entity';
import { User } from '../src/users/entities/user.entity';
import { bearer, startTestApp, tokenFor, type TestApp } from './support/test-app';

/** Older history, page by page: GET /messages/{type}/{id}?before=<message id>&limit=n. */
describe(`chat history paging (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const id: Record<string, string> = {};
  let groupId: string;
  /** The 7 messages of the mentor–mentee chat, oldest first, as stored. */
  let stored: Message[];

  beforeAll(async () => {
    t = await startTestApp();
    const users = t.db.getRepository(User);
    id.mentor = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    id.mentee = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentee })).id;
    id.other = (await users.findOneByOrFail({ email: 'r.menon@example.edu' })).id;
    const outsider = await t.db.getRepository(MenteeProfile).findOneOrFail({ where: { mentorId: id.other } });
    id.outsider = outsider.id;
    groupId = (await t.db.getRepository(Group).findOneOrFail({ where: { mentorId: id.mentor } })).id;
    for (const k of ['mentor', 'mentee', 'outsider'])
      tok[k] = await tokenFor(t, (await users.findOneByOrFail({ id: id[k] })).email);

    // A fresh history: 7 messages, the last four written in the same second (and the same millisecond), so only the
    // id tells them apart.
    const key = individualKey(id.mentor, id.mentee);
    const repo = t.db.getRepository(Message);
    await repo.delete({ conversationType: 'individual', conversationKey: key });
    const base = Date.UTC(2026, 10, 20, 9, 0, 0);
    const times = [0, 1000, 2000, 3000, 3000, 3000, 3000].map((ms) => new Date(base + ms));
    await repo.insert(
      times.map((createdAt, i) => ({
        id: randomUUID(),
        ...conversationColumns('individual', key),
        senderId: i % 2 ? id.mentee : id.mentor,
        content: `m${i}`,
        attachmentId: null,
        createdAt,
      })),
    );
    stored = await repo.find({
      where: { conversationType: 'individual', conversationKey: key },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  });
  afterAll(() => t.close());

  const page = (who: string, query: string, expect = 200) =>
    t
      .http()
      .get(`/api/messages/individual/${who === 'mentee' ? id.mentor : id.mentee}${query}`)
      .set(bearer(tok[who]))
      .expect(expect);
  const ids = (p: MessagePage) => p.messages.map((m: ChatMessage) => m._id);

  it('the first page is the newest messages, oldest first, and says that older ones exist', async () => {
    const first: MessagePage = (await page('mentor', '?limit=3')).body;
    expect(ids(first)).toEqual(stored.slice(4).map((m) => m.id));
    expect(first.hasMore).toBe(true);
  });

  it('walks back page by page with before=<oldest id> to the first message, each once, even within one second', async () => {
    const seen: string[][] = [];
    let p: MessagePage = (await page('mentee', '?limit=2')).body;
    seen.push(ids(p));
    while (p.hasMore) {
      p = (await page('mentee', `?limit=2&before=${p.messages[0]._id}`)).body;
      seen.push(ids(p));
    }
    expect(seen).toEqual([
      stored.slice(5).map((m) => m.id),
      stored.slice(3, 5).map((m) => m.id),
      stored.slice(1, 3).map((m) => m.id),
      stored.slice(0, 1).map((m) => m.id),
    ]);
    expect(new Set(seen.flat()).size).toBe(stored.length);
  });

  it('the end: the page ending at the first message is empty and says there is nothing more', async () => {
    const end: MessagePage = (await page('mentor', `?before=${stored[0].id}`)).body;
    expect(end).toEqual({ messages: [], hasMore: false });
    const all: MessagePage = (await page('mentor', '?limit=7')).body;
    expect(ids(all)).toEqual(stored.map((m) => m.id));
    expect(all.hasMore).toBe(false);
  });

  it("a non-member cannot page someone else's conversation, with or without a cursor (403)", async () => {
    for (const q of ['', `?before=${stored[3].id}`]) {
      const res = await t.http().get(`/api/messages/individual/${id.mentor}${q}`).set(bearer(tok.outsider)).expect(403);
      expect(res.body.code).toBe(ErrorCode.NotAMember);
    }
  });

  it('a bad cursor is refused with 400 and a code: not an id, unknown, or a message of another conversation', async () => {
    const groupMessage = (
      await t
        .http()
        .post('/api/messages')
        .set(bearer(tok.mentor))
        .send({ conversationType: 'group', conversationId: groupId, content: 'In the group' })
        .expect(201)
    ).body as ChatMessage;
    for (const before of ['2026-11-20T09:00:00Z', 'abc', randomUUID(), groupMessage._id]) {
      const res = await page('mentor', `?before=${encodeURIComponent(before)}`, 400);
      expect(res.body.code).toBe(ErrorCode.ValidationFailed);
      expect(JSON.stringify(res.body.message)).toMatch(/before must be the id of a message/);
    }
    const both = await page('mentor', `?before=${stored[3].id}&after=2026-11-20T09:00:00Z`, 400);
    expect(both.body.code).toBe(ErrorCode.ValidationFailed);
  });

  it('the reconnect catch-up (after) pages forward and says when more came than one page holds', async () => {
    const since: MessagePage = (
      await page('mentor', `?after=${encodeURIComponent('2026-11-20T09:00:01.000Z')}&limit=3`)
    ).body;
    expect(ids(since)).toEqual(stored.slice(1, 4).map((m) => m.id));
    expect(since.hasMore).toBe(true);
  });
});
