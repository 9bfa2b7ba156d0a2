import { type Socket } from 'socket.io-client';
import { DELETED_CHAT_RETENTION_DAYS, ErrorCode } from '@portal/contracts';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity';
import { Clock } from '../src/dates/clock';
import { Group } from '../src/groups/entities/group.entity';
import { AttachmentStorage } from '../src/messages/attachment-storage.service';
import { individualKey } from '../src/messages/conversation-key';
import { AttachmentChunk } from '../src/messages/entities/attachment-chunk.entity';
import { KeptChat, KeptMessage } from '../src/messages/entities/kept-chat.entity';
import { Attachment, Message } from '../src/messages/entities/message.entity';
import { RetentionService } from '../src/retention/retention.service';
import { User } from '../src/users/entities/user.entity';
import { collect, delivered, nextEvent, openSocket } from './support/sockets';
import { bearer, createAdmin, demoPeople, startTestApp, type TestApp, bytes } from './support/test-app';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const DAY_MS = 86_400_000;

describe(`chats kept for safeguarding (${process.env.TEST_DB ?? 'sqlite'})`, () => {
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
    const lead = await createAdmin(t, tok.admin, 'Leela');
    [id.lead, tok.lead] = [lead.id, lead.token];
    group = (
      await t.db.getRepository(Group).find({ where: { mentorId: id.mentor }, relations: { mentees: true } })
    ).find((g) => g.mentees!.some((m) => m.id === id.mentee))!;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    jest.restoreAllMocks();
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
    ).body as { _id: string };
  const kept = (who: string, query = '') => t.http().get(`/api/safeguarding/kept-chats${query}`).set(bearer(tok[who]));
  const read = (who: string, keptId: string, reason: unknown) =>
    t.http().post(`/api/safeguarding/kept-chats/${keptId}/read`).set(bearer(tok[who])).send({ reason });
  const setLead = (who: string, userId: string, lead: unknown) =>
    t.http().put(`/api/admin/users/${userId}/safeguarding-lead`).set(bearer(tok[who])).send({ lead });

  it('an admin designates a lead (audited); only admins can be leads; bad bodies change nothing', async () => {
    expect((await setLead('admin', id.mentor, true).expect(400)).body.code).toBe(ErrorCode.LeadMustBeAdmin);
    expect((await setLead('admin', id.lead, 'yes').expect(400)).body.code).toBe(ErrorCode.ValidationFailed);
    expect((await setLead('admin', id.lead, null).expect(400)).body.code).toBe(ErrorCode.ValidationFailed);
    await setLead('mentor', id.lead, true).expect(403);
    expect(await t.db.getRepository(User).countBy({ safeguardingLead: true })).toBe(0);
    const res = await setLead('admin', id.lead, true).expect(200);
    expect(res.body.user).toMatchObject({ _id: id.lead, safeguardingLead: true });
    const entry = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'user.safeguarding-lead' });
    expect(entry).toMatchObject({
      actorId: id.admin,
      targetId: id.lead,
      changes: { safeguardingLead: { from: false, to: true } },
    });
    const list = (await t.http().get('/api/admin/users?role=admin').set(bearer(tok.admin)).expect(200)).body;
    const flags = Object.fromEntries(
      list.users.map((u: { _id: string; safeguardingLead: boolean }) => [u._id, u.safeguardingLead]),
    );
    expect(flags).toMatchObject({ [id.lead]: true, [id.admin]: false });
  });

  it('a sender deletes their own message: gone for everyone at once, kept for the lead; nobody else may', async () => {
    const m = await send('mentor', 'individual', id.mentee, 'Message to be deleted by its sender');
    const other = await send('mentee', 'individual', id.mentor, 'A reply that stays');
    expect((await t.http().delete(`/api/messages/${m._id}`).set(bearer(tok.mentee)).expect(403)).body.code).toBe(
      ErrorCode.NotOwner,
    );
    // Someone outside the chat is told nothing of it.
    expect((await t.http().delete(`/api/messages/${m._id}`).set(bearer(tok.lead)).expect(404)).body.code).toBe(
      ErrorCode.MessageNotFound,
    );
    const mentee = await openSocket(url, tok.mentee);
    sockets.push(mentee);
    const told = nextEvent<{ conversationId: string; messageId: string }>(mentee, 'messageDeleted');
    const res = await t.http().delete(`/api/messages/${m._id}`).set(bearer(tok.mentor)).expect(200);
    expect(res.body).toEqual({ message: 'Message deleted.' });
    expect(await told).toEqual({ conversationId: `individual_${id.mentor}`, messageId: m._id });
    const page = (await t.http().get(`/api/messages/individual/${id.mentor}`).set(bearer(tok.mentee))).body;
    const ids = page.messages.map((x: { _id: string }) => x._id);
    expect(ids).toContain(other._id);
    expect(ids).not.toContain(m._id);
    expect(await t.db.getRepository(Message).existsBy({ id: m._id })).toBe(false);
    const keptRow = await t.db.getRepository(KeptMessage).findOneByOrFail({ id: m._id });
    expect(keptRow).toMatchObject({ content: 'Message to be deleted by its sender', senderId: id.mentor });
    await t.http().delete(`/api/messages/${m._id}`).set(bearer(tok.mentor)).expect(404);
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'message.delete', targetId: m._id })).toBe(1);
  });

  it('a deleted conversation is gone for its participants and kept, with its files, for the lead', async () => {
    await send('mentor', 'group', group.id, 'Group message one');
    await send('mentee', 'group', group.id, 'Group message two');
    const up = await t
      .http()
      .post('/api/messages/attachments')
      .set(bearer(tok.mentee))
      .field('conversationType', 'group')
      .field('conversationId', group.id)
      .attach('file', PNG, 'photo.png')
      .expect(201);
    await t
      .http()
      .post('/api/messages')
      .set(bearer(tok.mentee))
      .send({ conversationType: 'group', conversationId: group.id, content: '', attachmentId: up.body._id })
      .expect(201);
    const before = await t.db.getRepository(Message).countBy({ conversationKey: group.id });
    const mentee = sockets[0];
    const gone = collect(mentee, 'conversationDeleted');
    const res = await t
      .http()
      .delete(`/api/messages/conversation/group/${group.id}`)
      .set(bearer(tok.mentor))
      .expect(200);
    expect(res.body).toEqual({ message: 'Conversation deleted successfully.', deleted: before });
    await delivered(t, mentee);
    expect(gone).toEqual([{ conversationId: group.id }]);
    expect(await t.db.getRepository(Message).countBy({ conversationKey: group.id })).toBe(0);
    const page = (await t.http().get(`/api/messages/group/${group.id}`).set(bearer(tok.mentee)).expect(200)).body;
    expect(page.messages).toEqual([]);
    // The file is no longer its members': not listed, not downloadable, not purged as "unsent".
    for (const who of ['mentee', 'mentor'])
      expect(
        (await t.http().get(`/api/messages/attachments/${up.body._id}`).set(bearer(tok[who])).expect(404)).body.code,
      ).toBe(ErrorCode.AttachmentNotFound);
    const later = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 2 * DAY_MS));
    await t.app.get(AttachmentStorage).removeUnsent();
    later.mockRestore();
    expect(await t.db.getRepository(AttachmentChunk).countBy({ attachmentId: up.body._id })).toBeGreaterThan(0);

    const list = (await kept('lead').expect(200)).body;
    expect(list.hasMore).toBe(false);
    expect(list.items.map((c: { scope: string }) => c.scope)).toEqual(['conversation', 'message']);
    const [chat] = list.items;
    expect(chat).toMatchObject({
      conversationType: 'group',
      label: `Group chat ${group.name}`,
      messageCount: before,
      deletedBy: { _id: id.mentor, role: 'mentor' },
    });
    expect(chat.participants.map((p: { _id: string }) => p._id)).toEqual(
      expect.arrayContaining([id.mentor, id.mentee]),
    );
    expect(Date.parse(chat.purgeAt) - Date.parse(chat.deletedAt)).toBe(DELETED_CHAT_RETENTION_DAYS * DAY_MS);
    // The school's period, as set: what the list and the chat's delete confirmations say.
    const keptDays = async () =>
      (await t.http().get('/api/messages/quiet-hours').set(bearer(tok.mentee)).expect(200)).body.deletedKeptDays;
    expect(await keptDays()).toBe(DELETED_CHAT_RETENTION_DAYS);
    const period = (deletedChats: number | null) =>
      t.http().put('/api/admin/retention').set(bearer(tok.admin)).send({ periods: { deletedChats } }).expect(200);
    await period(30);
    expect(await keptDays()).toBe(30);
    const shorter = (await kept('lead').expect(200)).body.items[0];
    expect(Date.parse(shorter.purgeAt) - Date.parse(shorter.deletedAt)).toBe(30 * DAY_MS);
    await period(null);
    expect(await keptDays()).toBeNull();
    expect((await kept('lead').expect(200)).body.items[0].purgeAt).toBeNull();
    await period(DELETED_CHAT_RETENTION_DAYS);
    const detail = (await read('lead', chat._id, 'Concern raised by a parent on 27 November').expect(200)).body;
    expect(detail.messages.map((x: { content: string }) => x.content)).toEqual(
      expect.arrayContaining(['Group message one', 'Group message two']),
    );
    expect(detail.messages.find((x: { attachment: unknown }) => x.attachment).attachment).toEqual({
      fileName: 'photo.png',
      kind: 'image',
      _id: expect.any(String),
    });
    const audit = await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'safeguarding.read' });
    expect(audit).toMatchObject({
      actorId: id.lead,
      targetId: chat._id,
      changes: { reason: { from: null, to: 'Concern raised by a parent on 27 November' } },
    });
  });

  it('only a lead reads kept chats, always with a reason; others are refused and nothing is recorded', async () => {
    const chat = (await kept('lead')).body.items[0];
    for (const who of ['admin', 'mentor', 'mentee']) {
      const code = who === 'admin' ? ErrorCode.NotSafeguardingLead : ErrorCode.Forbidden;
      expect((await kept(who).expect(403)).body.code).toBe(code);
      expect((await read(who, chat._id, 'I would like to read this').expect(403)).body.code).toBe(code);
    }
    for (const reason of [undefined, null, 42, '   ', 'too short', 'x'.repeat(501), { deep: { er: 1 } }])
      expect((await read('lead', chat._id, reason).expect(400)).body.code).toBe(ErrorCode.ValidationFailed);
    expect(
      (await read('lead', '00000000-0000-4000-8000-000000000000', 'A valid reason here').expect(404)).body.code,
    ).toBe(ErrorCode.KeptChatNotFound);
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'safeguarding.read' })).toBe(1);
    // A lead no longer designated, or deactivated, is refused at once.
    await setLead('admin', id.lead, false).expect(200);
    expect((await kept('lead').expect(403)).body.code).toBe(ErrorCode.NotSafeguardingLead);
    await setLead('admin', id.lead, true).expect(200);
    await kept('lead').expect(200);
  });

  it("a lead downloads a kept chat's file (audited with its name); no one else does, nor through another chat", async () => {
    const chat = (await kept('lead')).body.items[0];
    const detail = (await read('lead', chat._id, 'Checking the photo a parent mentioned').expect(200)).body;
    const file = detail.messages.find((x: { attachment: unknown }) => x.attachment).attachment._id as string;
    const download = (who: string, chatId = chat._id) =>
      t
        .http()
        .get(`/api/safeguarding/kept-chats/${chatId}/attachments/${file}`)
        .set(bearer(tok[who]))
        .buffer(true)
        .parse(bytes);
    const reads = () => t.db.getRepository(AuditEntry).countBy({ action: 'safeguarding.read' });
    const before = await reads();
    const res = await download('lead').expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''photo.png");
    expect(Buffer.compare(res.body, PNG)).toBe(0);
    expect(await reads()).toBe(before + 1);
    const entry = (await t.db.getRepository(AuditEntry).findBy({ action: 'safeguarding.read' })).find(
      (e) => 'file' in e.changes,
    );
    expect(entry).toMatchObject({ actorId: id.lead, targetId: chat._id, changes: { file: { to: 'photo.png' } } });
    for (const who of ['admin', 'mentor', 'mentee']) await download(who).expect(403);
    // Not through a chat it is not in, nor through the conversation's own download.
    const other = (await kept('lead')).body.items.find((c: { _id: string }) => c._id !== chat._id);
    expect((await download('lead', other._id).expect(404)).body.toString()).toContain(ErrorCode.AttachmentNotFound);
    await t.http().get(`/api/messages/attachments/${file}`).set(bearer(tok.mentor)).expect(404);
    await t
      .http()
      .get(`/api/safeguarding/kept-chats/${chat._id}/attachments/not-an-id`)
      .set(bearer(tok.lead))
      .expect(400);
    expect(await reads()).toBe(before + 1);
  });

  it('pages newest deletion first by cursor', async () => {
    for (const n of [1, 2, 3]) {
      const m = await send('mentee', 'individual', id.mentor, `Paged ${n}`);
      await t.http().delete(`/api/messages/${m._id}`).set(bearer(tok.mentee)).expect(200);
    }
    const first = (await kept('lead', '?limit=2').expect(200)).body;
    expect(first.hasMore).toBe(true);
    const second = (await kept('lead', `?limit=2&before=${first.items[1]._id}`).expect(200)).body;
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((c: { _id: string }) => c._id)).size).toBe(all.length);
    expect(all.map((c: { deletedAt: string }) => c.deletedAt)).toEqual(
      [...all.map((c: { deletedAt: string }) => c.deletedAt)].sort().reverse(),
    );
    expect((await kept('lead', '?before=not-an-id').expect(400)).body.code).toBe(ErrorCode.ValidationFailed);
  });

  it('kept chats are purged, files included, by the retention purge once their period has passed', async () => {
    const total = await t.db.getRepository(KeptChat).count();
    const files = await t.db.getRepository(Attachment).find({ where: {}, select: { id: true, keptChatId: true } });
    const keptFile = files.find((f) => f.keptChatId)!;
    const retention = t.app.get(RetentionService);
    const clock = jest.spyOn(t.app.get(Clock), 'now');
    clock.mockReturnValue(new Date(Date.now() + (DELETED_CHAT_RETENTION_DAYS - 1) * DAY_MS));
    expect((await retention.purgeNow()).deletedChats).toBe(0);
    clock.mockReturnValue(new Date(Date.now() + (DELETED_CHAT_RETENTION_DAYS + 1) * DAY_MS));
    expect((await retention.dryRun()).counts.deletedChats).toBe(total);
    expect((await retention.purgeNow()).deletedChats).toBe(total);
    clock.mockRestore();
    expect(await t.db.getRepository(KeptChat).count()).toBe(0);
    expect(await t.db.getRepository(KeptMessage).count()).toBe(0);
    expect(await t.db.getRepository(Attachment).existsBy({ id: keptFile.id })).toBe(false);
    expect(await t.db.getRepository(AttachmentChunk).countBy({ attachmentId: keptFile.id })).toBe(0);
    const entry = await t.db
      .getRepository(AuditEntry)
      .findOneByOrFail({ action: 'retention.purge', targetId: 'deletedChats' });
    expect(entry.changes).toEqual({ deletedChats: { from: total, to: 0 } });
    expect((await kept('lead').expect(200)).body.items).toEqual([]);
    // A participant's chat is untouched by the purge.
    expect(
      await t.db.getRepository(Message).countBy({ conversationKey: individualKey(id.mentor, id.mentee) }),
    ).toBeGreaterThan(0);
  });
});
