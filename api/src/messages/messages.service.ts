import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In, IsNull, LessThan, MoreThanOrEqual } from 'typeorm';
import { MESSAGE_PAGE_SIZE, type ChatMessage, type Conversation, type Role } from '@portal/contracts';
import type { AuthUser } from '../auth/auth-user';
import { Group } from '../groups/entities/group.entity';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { MenteeProfile } from '../users/entities/mentee-profile.entity';
import { MentorProfile } from '../users/entities/mentor-profile.entity';
import { User } from '../users/entities/user.entity';
import { iso } from '../users/user.mapper';
import type { MessagesQueryDto, SendMessageDto } from './dto/send-message.dto';
import { MessageException } from './message.exception';
import { Attachment, ConversationRead, individualKey, Message, type ConversationType } from './entities/message.entity';

/** A conversation the caller may use, with everyone who takes part in it. */
export interface ResolvedConversation {
  type: ConversationType;
  key: string;
  participants: string[];
  /** Individual chats: the other person. */
  otherId?: string;
  group?: Group;
}

const MENTEE_CHAT_COLOR = '#10B981';
const MENTOR_CHAT_COLOR = '#3B82F6';

@Injectable()
export class MessagesService implements OnModuleInit {
  constructor(@InjectDataSource() private readonly db: DataSource, private readonly realtime: RealtimeGateway) {}

  /** The gateway asks this service who belongs to a conversation (joins and typing). */
  onModuleInit(): void {
    this.realtime.useConversationAccess(async (user, type, id) => this.resolve(user, type, id));
  }

  /**
   * Who may talk to whom: a mentor with each own mentee and own groups; a mentee with their mentor and their groups;
   * an admin with anyone (and anyone with an admin who wrote to them). Everything else is 403.
   */
  async resolve(me: AuthUser, type: ConversationType, rawId: string): Promise<ResolvedConversation> {
    const id = rawId.replace(/^individual_/, '');
    if (type === 'group') {
      // Member ids only: hydrating every mentee profile of a 3,000-member group cost ~30 ms per message, join and typing.
      const [group, rows] = await Promise.all([
        this.db.getRepository(Group).findOneBy({ id }),
        this.db.getRepository(Group).createQueryBuilder('g').innerJoin('g.mentees', 'm').select('m.id', 'id').where('g.id = :id', { id }).getRawMany<{ id: string }>(),
      ]);
      if (!group || group.archivedAt) throw MessageException.groupNotFound();
      const members = rows.map((r) => r.id);
      if (me.role !== 'admin' && group.mentorId !== me.id && !members.includes(me.id)) {
        throw MessageException.notGroupMember();
      }
      return { type, key: group.id, participants: [group.mentorId, ...members], group };
    }
    if (id === me.id) throw MessageException.withYourself();
    const other = await this.db.getRepository(User).findOneBy({ id });
    if (!other) throw MessageException.userNotFound();
    if (!(await this.mayTalk(me, other))) throw MessageException.notYourPartner();
    return { type, key: individualKey(me.id, other.id), participants: [me.id, other.id], otherId: other.id };
  }

  private async mayTalk(me: AuthUser, other: User): Promise<boolean> {
    if (me.role === 'admin' || other.role === 'admin') return true;
    if (me.role === 'mentor' && other.role === 'mentee') return this.db.getRepository(MenteeProfile).existsBy({ id: other.id, mentorId: me.id });
    if (me.role === 'mentee' && other.role === 'mentor') return this.db.getRepository(MenteeProfile).existsBy({ id: me.id, mentorId: other.id });
    return false;
  }

  /** A page of messages, oldest first; opening a conversation marks it read. */
  async list(me: AuthUser, type: ConversationType, rawId: string, q: MessagesQueryDto): Promise<ChatMessage[]> {
    const conv = await this.resolve(me, type, rawId);
    const where = { conversationType: conv.type, conversationKey: conv.key };
    const limit = q.limit ?? MESSAGE_PAGE_SIZE;
    const rows = q.after
      ? await this.db.getRepository(Message).find({ where: { ...where, createdAt: MoreThanOrEqual(new Date(q.after)) }, relations: { sender: true, attachment: true }, order: { createdAt: 'ASC' }, take: limit })
      : (await this.db.getRepository(Message).find({
        where: { ...where, ...(q.before ? { createdAt: LessThan(new Date(q.before)) } : {}) },
        relations: { sender: true, attachment: true }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit,
      })).reverse();
    if (!q.before) await this.markRead(me.id, conv);
    return rows.map((m) => toChatMessage(m, this.viewId(conv, me.id)));
  }

  async send(me: AuthUser, dto: SendMessageDto): Promise<ChatMessage> {
    const conv = await this.resolve(me, dto.conversationType, dto.conversationId);
    let attachment: Attachment | null = null;
    if (dto.attachmentId) {
      attachment = await this.db.getRepository(Attachment).findOneBy({ id: dto.attachmentId });
      if (!attachment || attachment.uploaderId !== me.id || attachment.conversationKey !== conv.key) throw MessageException.attachmentNotInConversation();
      if (await this.db.getRepository(Message).existsBy({ attachmentId: attachment.id })) throw MessageException.attachmentAlreadySent();
    }
    const message = this.db.getRepository(Message).create({
      conversationType: conv.type, conversationKey: conv.key, senderId: me.id, content: dto.content ?? '', attachmentId: attachment?.id ?? null,
      // Millisecond time set here: SQLite's default keeps whole seconds, too coarse to order a chat.
      createdAt: new Date(),
    });
    // One INSERT, on the way to every member's screen: save() wraps it in a transaction with a SELECT first, and the
    // sender and attachment need no re-reading.
    await this.db.createQueryBuilder().insert().into(Message).values(message).updateEntity(false).execute();
    message.sender = { id: me.id, fullName: me.fullName, role: me.role } as User;
    message.attachment = attachment;
    // Each participant gets the message addressed the way they name the conversation; delivery first, bookkeeping after.
    for (const [viewId, users] of this.byViewId(conv)) this.realtime.emit({ users }, 'newMessage', toChatMessage(message, viewId));
    await this.markRead(me.id, conv);
    return toChatMessage(message, this.viewId(conv, me.id));
  }

  /** Deleting removes the history for everyone, so only the group's mentor, a mentor or an admin in the chat may. */
  async deleteConversation(me: AuthUser, type: ConversationType, rawId: string): Promise<{ message: string; deleted: number }> {
    const conv = await this.resolve(me, type, rawId);
    if (me.role === 'mentee') throw MessageException.menteeCannotDelete();
    if (conv.group && me.role !== 'admin' && conv.group.mentorId !== me.id) throw MessageException.notGroupMentor();
    const res = await this.db.transaction(async (tx) => {
      const deleted = await tx.delete(Message, { conversationType: conv.type, conversationKey: conv.key });
      await tx.delete(ConversationRead, { conversationType: conv.type, conversationKey: conv.key });
      return deleted.affected ?? 0;
    });
    for (const [viewId, users] of this.byViewId(conv)) this.realtime.emit({ users }, 'conversationDeleted', { conversationId: viewId });
    return { message: 'Conversation deleted successfully.', deleted: res };
  }

  /** The sidebar: every conversation the user may use, with the last message and the unread count. */
  async conversations(me: AuthUser): Promise<Conversation[]> {
    const users = this.db.getRepository(User);
    const list: { conv: ResolvedConversation; displayName: string; subtitle: string; color: string }[] = [];
    const groupWhere = me.role === 'mentor' ? { mentorId: me.id, archivedAt: IsNull() } : me.role === 'admin' ? { archivedAt: IsNull() } : null;
    let groups: Group[] = [];
    if (groupWhere) groups = await this.db.getRepository(Group).find({ where: groupWhere, relations: { mentees: true } });
    if (me.role === 'mentee') {
      groups = await this.db.getRepository(Group).createQueryBuilder('g').innerJoin('g.mentees', 'm', 'm.id = :me', { me: me.id })
        .leftJoinAndSelect('g.mentees', 'all').where('g.archivedAt IS NULL').getMany();
    }
    for (const g of groups) {
      list.push({ conv: { type: 'group', key: g.id, participants: [g.mentorId, ...(g.mentees ?? []).map((m) => m.id)], group: g }, displayName: g.name, subtitle: `${(g.mentees ?? []).length} members`, color: g.color });
    }
    const partners = new Map<string, { user: User; subtitle: string; color: string }>();
    if (me.role === 'mentor') {
      const mentees = await this.db.getRepository(MenteeProfile).find({ where: { mentorId: me.id }, relations: { user: true } });
      for (const m of mentees) partners.set(m.id, { user: m.user!, subtitle: `${m.studentId} · Class ${m.className}-${m.section}`, color: MENTEE_CHAT_COLOR });
    }
    if (me.role === 'mentee') {
      const mine = await this.db.getRepository(MenteeProfile).findOneBy({ id: me.id });
      const mentor = mine?.mentorId ? await this.db.getRepository(MentorProfile).findOne({ where: { id: mine.mentorId }, relations: { user: true } }) : null;
      if (mentor?.user) partners.set(mentor.id, { user: mentor.user, subtitle: `Your mentor · ${mentor.department}`, color: MENTOR_CHAT_COLOR });
    }
    // Individual chats that already have messages (e.g. with an admin) stay in the list.
    const keys: { key: string }[] = await this.db.getRepository(Message).createQueryBuilder('m').select('DISTINCT m.conversationKey', 'key')
      .where("m.conversationType = 'individual'")
      .andWhere(new Brackets((w) => w.where('m.conversationKey LIKE :a', { a: `${me.id}:%` }).orWhere('m.conversationKey LIKE :b', { b: `%:${me.id}` })))
      .getRawMany();
    const others = keys.map((k) => k.key.split(':').find((x) => x !== me.id)!).filter((id) => !partners.has(id));
    if (others.length) {
      for (const u of await users.findBy({ id: In(others) })) partners.set(u.id, { user: u, subtitle: roleLabel(u.role), color: u.role === 'mentee' ? MENTEE_CHAT_COLOR : MENTOR_CHAT_COLOR });
    }
    for (const [id, p] of partners) {
      list.push({ conv: { type: 'individual', key: individualKey(me.id, id), participants: [me.id, id], otherId: id }, displayName: p.user.fullName, subtitle: p.subtitle, color: p.color });
    }
    const stats = await this.lastAndUnread(me.id, list.map((l) => l.conv));
    const out: Conversation[] = list.map(({ conv, displayName, subtitle, color }) => {
      const s = stats.get(`${conv.type}|${conv.key}`);
      return {
        _id: this.viewId(conv, me.id), type: conv.type, displayName, subtitle, color,
        ...(conv.type === 'group' ? { groupId: conv.key } : { otherUserId: conv.otherId }),
        lastMessage: s?.last ?? null, unreadCount: s?.unread ?? 0,
      };
    });
    return out.sort((a, b) => (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '') || a.displayName.localeCompare(b.displayName));
  }

  private async lastAndUnread(userId: string, convs: ResolvedConversation[]) {
    const result = new Map<string, { last: Conversation['lastMessage']; unread: number }>();
    if (!convs.length) return result;
    const reads = await this.db.getRepository(ConversationRead).findBy({ userId, conversationKey: In(convs.map((c) => c.key)) });
    const readAt = new Map(reads.map((r) => [`${r.conversationType}|${r.conversationKey}`, r.lastReadAt]));
    await Promise.all(convs.map(async (c) => {
      const k = `${c.type}|${c.key}`;
      const where = { conversationType: c.type, conversationKey: c.key };
      const last = await this.db.getRepository(Message).findOne({ where, order: { createdAt: 'DESC' } });
      const since = readAt.get(k);
      const unread = await this.db.getRepository(Message).createQueryBuilder('m').where(where)
        .andWhere('m.senderId != :me', { me: userId }).andWhere(since ? 'm.createdAt > :since' : '1=1', { since }).getCount();
      result.set(k, { last: last ? { content: last.content, senderId: last.senderId, createdAt: iso(last.createdAt)! } : null, unread });
    }));
    return result;
  }

  private async markRead(userId: string, conv: ResolvedConversation): Promise<void> {
    await this.db.getRepository(ConversationRead).upsert(
      { userId, conversationType: conv.type, conversationKey: conv.key, lastReadAt: new Date() },
      ['userId', 'conversationType', 'conversationKey'],
    );
  }

  /**
   * Participants grouped by how they name the conversation: one group for a group chat, one per person otherwise.
   * One emit per group lets socket.io encode the packet once (and the Redis adapter publish it once) instead of once
   * per member: with 1,000 members the per-member emits cost more than the sockets' writes.
   */
  private byViewId(conv: ResolvedConversation): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const userId of new Set(conv.participants)) {
      const viewId = this.viewId(conv, userId);
      const users = out.get(viewId);
      if (users) users.push(userId);
      else out.set(viewId, [userId]);
    }
    return out;
  }

  /** How `userId` names this conversation: the group id, or individual_<the other person>. */
  viewId(conv: ResolvedConversation, userId: string): string {
    if (conv.type === 'group') return conv.key;
    return `individual_${conv.participants.find((p) => p !== userId) ?? conv.otherId}`;
  }
}

function roleLabel(role: Role): string {
  return role === 'admin' ? 'Administrator' : role === 'mentor' ? 'Mentor' : 'Student';
}

export function toChatMessage(m: Message, conversationId: string): ChatMessage {
  return {
    _id: m.id, conversationType: m.conversationType, conversationId, senderId: m.senderId,
    sender: { _id: m.senderId, fullName: m.sender?.fullName ?? 'Former user', role: m.sender?.role ?? 'mentee' },
    content: m.content, createdAt: iso(m.createdAt)!,
    attachment: m.attachment ? { _id: m.attachment.id, kind: m.attachment.kind, fileName: m.attachment.fileName, mimeType: m.attachment.mimeType, size: m.attachment.size } : null,
  };
}
