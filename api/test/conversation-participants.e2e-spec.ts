import { ConversationParticipants1795520141947 as ConversationParticipants } from '../src/database/migrations/1795520141947-ConversationParticipants';
import { DEMO_ACCOUNTS } from '../src/database/seed/demo-seed';
import { individualKey } from '../src/messages/conversation-key';
import { User } from '../src/users/entities/user.entity';
import { bearer, menteeOfAnotherMentor, startTestApp, TEST_DB, tokenFor, type TestApp } from './support/test-app';

interface StoredRow {
  id: string;
  conversationType: string;
  conversationKey: string;
  participantA: string | null;
  participantB: string | null;
}

/**
 * Issue 23: an individual chat's two people are stored with each message (participantA < participantB, the key's
 * order; null in group chats) and the chats of one person are found through them. Checked on what is stored: every
 * path that writes a message, and messages stored before the columns existed (the migration on MariaDB, the start-up
 * fill on SQLite, whose schema is synchronised).
 */
describe(`conversation participants (${TEST_DB})`, () => {
  let t: TestApp;
  const id: Record<string, string> = {};
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const users = t.db.getRepository(User);
    id.admin = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.admin })).id;
    id.mentor = (await users.findOneByOrFail({ email: DEMO_ACCOUNTS.mentor })).id;
    const outsider = await menteeOfAnotherMentor(t);
    id.outsider = outsider.id;
    tok.admin = await tokenFor(t, DEMO_ACCOUNTS.admin);
    tok.outsider = await tokenFor(t, outsider.email);
  });
  afterAll(() => t.close());

  const rows = async (db = t.db): Promise<StoredRow[]> =>
    (await db.query(
      'SELECT id, conversationType, conversationKey, participantA, participantB FROM messages ORDER BY id',
    )) as StoredRow[];
  /** What the columns must hold for a row: its key's two people, or nothing in a group chat. */
  const expectedOf = (r: StoredRow) =>
    r.conversationType === 'individual'
      ? { participantA: r.conversationKey.split(':')[0], participantB: r.conversationKey.split(':')[1] }
      : { participantA: null, participantB: null };
  const conversationIds = async (app: TestApp, who: 'admin' | 'outsider') =>
    (await app.http().get('/api/messages/conversations').set(bearer(tok[who])).expect(200)).body.map(
      (c: { _id: string }) => c._id,
    ) as string[];

  it('the demo seed and a sent message store the two people of an individual chat, sorted; group messages none', async () => {
    const seeded = await rows();
    expect(seeded.some((r) => r.conversationType === 'group')).toBe(true);
    expect(seeded.some((r) => r.conversationType === 'individual')).toBe(true);
    for (const r of seeded)
      expect({ id: r.id, participantA: r.participantA, participantB: r.participantB }).toEqual({
        id: r.id,
        ...expectedOf(r),
      });

    const sent = (
      await t
        .http()
        .post('/api/messages')
        .set(bearer(tok.admin))
        .send({ conversationType: 'individual', conversationId: id.outsider, content: 'Please see me' })
        .expect(201)
    ).body;
    const [first, second] = [id.admin, id.outsider].sort();
    const stored = (await rows()).find((r) => r.id === sent._id)!;
    expect(stored).toEqual({
      id: sent._id,
      conversationType: 'individual',
      conversationKey: individualKey(id.admin, id.outsider),
      participantA: first,
      participantB: second,
    });
    // Found from either side: one of them is participantA, the other participantB. Neither has the other as a
    // mentor or mentee, so only the stored message puts the chat in their lists.
    expect(await conversationIds(t, 'admin')).toContain(`individual_${id.outsider}`);
    expect(await conversationIds(t, 'outsider')).toContain(`individual_${id.admin}`);
  });

  it('a message an older instance wrote without the columns (a rolling deploy) gets them when an instance starts', async () => {
    const rowId = '00000000-0000-4000-8000-000000000024';
    await t.db.query(
      'INSERT INTO messages (id, conversationType, conversationKey, senderId, content, attachmentId, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [rowId, 'individual', individualKey(id.admin, id.mentor), id.admin, 'Hello', null, '2026-11-19 09:00:00.000'],
    );
    expect((await rows()).find((r) => r.id === rowId)).toMatchObject({ participantA: null, participantB: null });
    const next = await startTestApp({ seed: false, shareWith: t });
    try {
      const [first, second] = [id.admin, id.mentor].sort();
      expect((await rows(next.db)).find((r) => r.id === rowId)).toMatchObject({
        participantA: first,
        participantB: second,
      });
      expect(await conversationIds(next, 'admin')).toContain(`individual_${id.mentor}`);
    } finally {
      await next.close();
    }
  });

  it('messages stored before the columns existed get them when an instance starts, and their chats are found again', async () => {
    // Back to the schema before the columns: on MariaDB the migration undone and forgotten (the next instance runs
    // it), on SQLite the columns dropped (the next instance's synchronisation adds them back, empty).
    if (TEST_DB === 'mysql') {
      const runner = t.db.createQueryRunner();
      await new ConversationParticipants().down(runner);
      await runner.release();
      await t.db.query('DELETE FROM migrations WHERE name = ?', [new ConversationParticipants().name]);
    } else {
      await t.db.query('DROP INDEX "IDX_messages_participantA_participantB"');
      await t.db.query('DROP INDEX "IDX_messages_participantB_participantA"');
      await t.db.query('ALTER TABLE messages DROP COLUMN participantA');
      await t.db.query('ALTER TABLE messages DROP COLUMN participantB');
    }
    const columns = (await t.db.query('SELECT * FROM messages')) as Record<string, unknown>[];
    expect(Object.keys(columns[0])).not.toContain('participantA');
    // A chat written by an older version: the admin with the demo mentor, whose id sorts on the other side.
    const legacyId = '00000000-0000-4000-8000-000000000023';
    await t.db.query(
      'INSERT INTO messages (id, conversationType, conversationKey, senderId, content, attachmentId, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [legacyId, 'individual', individualKey(id.admin, id.mentor), id.admin, 'Old', null, '2026-11-20 09:00:00.000'],
    );

    const next = await startTestApp({ seed: false, shareWith: t });
    try {
      const stored = await rows(next.db);
      expect(stored.filter((r) => r.conversationType === 'individual').length).toBeGreaterThanOrEqual(11);
      for (const r of stored) {
        const { participantA, participantB } = r;
        expect({ id: r.id, participantA, participantB }).toEqual({ id: r.id, ...expectedOf(r) });
      }
      const legacy = stored.find((r) => r.id === legacyId)!;
      expect([legacy.participantA, legacy.participantB]).toEqual([id.admin, id.mentor].sort());
      // The schema is exactly the entities' again (columns and both indexes), with no migration pending.
      expect((await next.db.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query)).toEqual([]);
      if (TEST_DB === 'mysql') expect(await next.db.showMigrations()).toBe(false);
      expect(await conversationIds(next, 'admin')).toEqual(
        expect.arrayContaining([`individual_${id.outsider}`, `individual_${id.mentor}`]),
      );
      expect(await conversationIds(next, 'outsider')).toContain(`individual_${id.admin}`);
      const mentorToken = await tokenFor(next, DEMO_ACCOUNTS.mentor);
      const mentorSide = (await next.http().get('/api/messages/conversations').set(bearer(mentorToken)).expect(200))
        .body as { _id: string; lastMessage: { content: string } | null }[];
      expect(mentorSide.find((c) => c._id === `individual_${id.admin}`)?.lastMessage?.content).toBe('Old');
    } finally {
      await next.close();
    }
  });
});
