import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  DataSource,
  Equal,
  In,
  LessThan,
  Like,
  MoreThan,
  MoreThanOrEqual,
  type EntityManager,
  type Repository,
} from 'typeorm';
import {
  FORMER_USER_NAME,
  formatConversationId,
  MESSAGE_PAGE_SIZE,
  type ChatMessage,
  type Conversation,
  type ConversationRef,
  type ConversationType,
  type MessagePage,
  type KeptMessage,
  type PersonRef,
  REPORT_CONTEXT_MESSAGES,
  type Role,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { render, text } from '../i18n/texts';
import { isoDateTime, type RawDate } from '../common/raw-row';
import { GroupsService, type GroupSummary } from '../groups/groups.service';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { Realtime } from '../realtime/realtime.service';
import { AccountCleanupRegistry, CLEANUP_ORDER, type Removed } from '../users/account-cleanup.registry';
import { ProfilesService } from '../users/profiles.service';
import { UsersService } from '../users/users.service';
import { AttachmentStorage } from './attachment-storage.service';
import {
  conversationColumns,
  individualKey,
  individualKeysOf,
  parseIndividualKey,
  refSeenBy,
  toConversationRef,
} from './conversation-key';
import { KeptChatsService } from './kept-chats.service';
import { HeldMessage } from './entities/held-message.entity';
import { HeldMessagesService } from './held-messages.service';
import { CalendarService } from '../calendar/calendar.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PeriodicSweep } from '../common/periodic-sweep';
import { RetentionRegistry } from '../retention/retention.registry';
import type { MessagesQueryDto, SendMessageDto } from './dto/send-message.dto';
import { Attachment, ConversationRead, Message } from './entities/message.entity';
import { MessageException } from './message.exception';
import { DataExportRegistry } from '../users/data-export.registry';
import { ErasureRegistry } from '../users/erasure.registry';
import { containingAny, excerpt } from '../common/erasure-text';

/** A reported message and what surrounded it, as its reporter's conversation holds them now. */
export interface ReportedMessage {
  conversationType: ConversationType;
  conversationKey: string;
  label: string;
  message: KeptMessage;
  /** Oldest first, the reported message included. */
  context: KeptMessage[];
}

/** A conversation the caller may use, with everyone who takes part in it. */
export interface ResolvedConversation {
  type: ConversationType;
  /** Its stored name (conversation-key.ts). */
  key: string;
  participants: string[];
  /** Individual chats: the other person. */
  otherId?: string;
  otherRole?: Role;
  group?: GroupSummary;
}

/** Staff write to students; quiet hours hold what staff write (students can always write to staff). */
const isStaff = (role: Role) => role === 'mentor' || role === 'admin';
const reachesStudents = (conv: ResolvedConversation) => conv.type === 'group' || conv.otherRole === 'mentee';
/** Messages deleted per statement by the retention purge. */
const PURGE_BATCH = 500;
/** Held messages delivered per sweep round. */
const DELIVERY_BATCH = 100;

const MENTEE_CHAT_COLOR = '#10B981';
const MENTOR_CHAT_COLOR = '#3B82F6';

/** One row per conversation in the chat list's statement (lastAndUnread). */
interface LastAndUnreadRow {
  i: number | string;
  content: string;
  senderId: string;
  createdAt: RawDate;
  unread: number | string;
}
const CONVERSATIONS_PER_STATEMENT = 200;

@Injectable()
export class MessagesService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly deliveries = new PeriodicSweep(
    new Logger('HeldMessages'),
    'held message delivery',
    () => this.deliverHeld(),
    (n) => `delivered ${n} message(s) held over quiet hours`,
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Message) private readonly messages: Repository<Message>,
    @InjectRepository(Attachment) private readonly attachments: Repository<Attachment>,
    @InjectRepository(ConversationRead) private readonly reads: Repository<ConversationRead>,
    private readonly users: UsersService,
    private readonly profiles: ProfilesService,
    private readonly groups: GroupsService,
    private readonly realtime: Realtime,
    private readonly gateway: RealtimeGateway,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly storage: AttachmentStorage,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly keptChats: KeptChatsService,
    private readonly held: HeldMessagesService,
    private readonly calendar: CalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly retention: RetentionRegistry,
    private readonly exports: DataExportRegistry,
    private readonly erasure: ErasureRegistry,
  ) {}

  /** The gateway asks this service who belongs to a conversation (joins and typing); account deletion, what goes. */
  onModuleInit(): void {
    this.gateway.useConversationAccess(async (user, ref) => this.resolve(user, ref));
    this.cleanup.register(CLEANUP_ORDER.messages, (user, tx) => this.removeAccount(user, tx));
    // Others' messages that name the student, in conversations that stay (their own chats go with them).
    this.erasure.register({
      mentions: async ({ id, fullName }) =>
        (
          await containingAny(
            this.messages
              .createQueryBuilder('m')
              .select(['m.id', 'm.content', 'm.createdAt'])
              .where('m.senderId <> :id', { id })
              .andWhere('(m.participantA IS NULL OR m.participantA <> :id)', { id })
              .andWhere('(m.participantB IS NULL OR m.participantB <> :id)', { id }),
            ['m.content'],
            [fullName],
          ).getMany()
        ).map((m) => ({
          kind: 'chatMessage' as const,
          id: m.id,
          excerpt: excerpt(m.content, fullName),
          createdAt: iso(m.createdAt)!,
        })),
    });
    this.deliveries.start(this.config.chatDeliverySweepMs);
    // Messages the student sent that are still in their conversations (deleted ones are the safeguarding leads').
    this.exports.register('messagesSent', async (senderId) =>
      (
        await this.messages.find({
          where: { senderId },
          relations: { attachment: true },
          order: { createdAt: 'ASC', id: 'ASC' },
        })
      ).map((m) => ({
        id: m.id,
        conversationType: m.conversationType,
        content: m.content,
        attachment: m.attachment?.fileName ?? null,
        createdAt: m.createdAt,
      })),
    );
    // Chat messages are kept unless the school sets a period: then older ones go, with their files.
    this.retention.register('chatMessages', {
      count: (cutoff) => this.messages.countBy({ createdAt: LessThan(cutoff) }),
      purge: async (tx, cutoff) => {
        let total = 0;
        for (;;) {
          const rows = await tx.find(Message, {
            where: { createdAt: LessThan(cutoff) },
            select: { id: true, attachmentId: true },
            take: PURGE_BATCH,
          });
          if (!rows.length) return total;
          const files = rows.flatMap((r) => (r.attachmentId ? [r.attachmentId] : []));
          await tx.delete(Message, { id: In(rows.map((r) => r.id)) });
          if (files.length) await this.storage.removeWithRows(tx, { id: In(files) });
          total += rows.length;
        }
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.deliveries.stop();
  }

  /**
   * Messages held over quiet hours whose hours have ended: each moved into its conversation (at this time, with the
   * time it was written) and pushed to everyone in it. Claimed one by one by deleting its held row, so that of several
   * instances only one delivers it. Returns how many were delivered.
   */
  async deliverHeld(): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await this.held.due(this.clock.now(), DELIVERY_BATCH);
      for (const h of due) {
        const message = this.messages.create({
          ...conversationColumns(h.conversationType, h.conversationKey),
          id: h.id,
          senderId: h.senderId,
          content: h.content,
          attachmentId: h.attachmentId,
          createdAt: this.clock.now(),
          sentAt: h.createdAt,
        });
        const claimed = await this.db.transaction(async (tx) => {
          if (!(await tx.delete(HeldMessage, { id: h.id })).affected) return false;
          await tx.createQueryBuilder().insert().into(Message).values(message).updateEntity(false).execute();
          return true;
        });
        if (!claimed) continue;
        total++;
        message.sender = h.sender;
        message.attachment = h.attachment;
        const participants =
          h.conversationType === 'group'
            ? await this.groups
                .withMemberIds(h.conversationKey)
                .then((g) => (g ? [g.group.mentorId, ...g.memberIds] : []))
            : parseIndividualKey(h.conversationKey);
        const conv: ResolvedConversation = { type: h.conversationType, key: h.conversationKey, participants };
        for (const [viewId, users] of this.byViewId(conv))
          this.realtime.emit({ users }, 'newMessage', toChatMessage(message, viewId));
      }
      if (due.length < DELIVERY_BATCH) return total;
    }
  }

  /**
   * Individual messages without participant columns get them at every start: on SQLite those stored before the columns
   * existed (its schema is synchronised, MariaDB's migration fills them), on both those an instance still on the
   * previous version wrote during a rolling deploy. The participant index finds them at once; usually there are none.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.fillMissingParticipants();
  }

  /** Sets the participant columns of individual messages that lack them, from their key. */
  async fillMissingParticipants(): Promise<number> {
    const res = await this.messages
      .createQueryBuilder()
      .update()
      .set({
        participantA: () => "substr(conversationKey, 1, instr(conversationKey, ':') - 1)",
        participantB: () => "substr(conversationKey, instr(conversationKey, ':') + 1)",
      })
      .where("conversationType = 'individual' AND participantA IS NULL")
      .execute();
    return res.affected ?? 0;
  }

  /**
   * Who may talk to whom (SPEC.md section 6): a mentor with each own mentee and own groups; a mentee with their mentor
   * and their groups; an admin with anyone, and a mentor or mentee with an admin only once the admin has written to
   * them. Everything else is 403.
   */
  async resolve(
    me: AuthUser,
    ref: ConversationRef,
    opts: { readArchived?: boolean } = {},
  ): Promise<ResolvedConversation> {
    if (ref.type === 'group') {
      const found = await this.groups.withMemberIds(ref.id);
      // An archived group's history stays readable by its mentor and admins; nobody writes to it or joins its room.
      const mayRead = opts.readArchived && (me.role === 'admin' || found?.group.mentorId === me.id);
      if (!found || (found.group.archivedAt && !mayRead)) throw MessageException.groupNotFound();
      const { group, memberIds } = found;
      if (me.role !== 'admin' && group.mentorId !== me.id && !memberIds.includes(me.id))
        throw MessageException.notGroupMember();
      return { type: 'group', key: group.id, participants: [group.mentorId, ...memberIds], group };
    }
    if (ref.id === me.id) throw MessageException.withYourself();
    const other = await this.users.findById(ref.id);
    if (!other) throw MessageException.userNotFound();
    if (!(await this.mayTalk(me, other))) throw MessageException.notYourPartner();
    return {
      type: 'individual',
      key: individualKey(me.id, other.id),
      participants: [me.id, other.id],
      otherId: other.id,
      otherRole: other.role,
    };
  }

  private async mayTalk(me: AuthUser, other: { id: string; role: Role }): Promise<boolean> {
    if (me.role === 'admin') return true;
    if (other.role === 'admin')
      return this.messages.existsBy({
        conversationType: 'individual',
        conversationKey: individualKey(me.id, other.id),
        senderId: other.id,
      });
    if (me.role === 'mentor' && other.role === 'mentee') return this.profiles.isMenteeOf(other.id, me.id);
    if (me.role === 'mentee' && other.role === 'mentor') return this.profiles.isMenteeOf(me.id, other.id);
    return false;
  }

  /**
   * A page of messages, oldest first; opening a conversation marks it read. Pages are cut by (createdAt, id), newest
   * first, so messages of the same instant are neither skipped nor repeated between pages.
   */
  async list(me: AuthUser, ref: ConversationRef, q: MessagesQueryDto): Promise<MessagePage> {
    const conv = await this.resolve(me, ref, { readArchived: true });
    if (q.before && q.after) throw MessageException.beforeAndAfter();
    const where = { conversationType: conv.type, conversationKey: conv.key };
    const limit = q.limit ?? MESSAGE_PAGE_SIZE;
    const relations = { sender: true, attachment: true } as const;
    let rows: Message[];
    if (q.after) {
      rows = await this.messages.find({
        where: { ...where, createdAt: MoreThanOrEqual(new Date(q.after)) },
        relations,
        order: { createdAt: 'ASC', id: 'ASC' },
        take: limit + 1,
      });
    } else {
      const cursor = q.before ? await this.messages.findOneBy({ id: q.before, ...where }) : null;
      if (q.before && !cursor) throw MessageException.badCursor();
      rows = await this.messages.find({
        where: cursor
          ? [
              { ...where, createdAt: LessThan(cursor.createdAt) },
              { ...where, createdAt: Equal(cursor.createdAt), id: LessThan(cursor.id) },
            ]
          : where,
        relations,
        order: { createdAt: 'DESC', id: 'DESC' },
        take: limit + 1,
      });
    }
    const hasMore = rows.length > limit;
    rows = rows.slice(0, limit);
    if (!q.after) rows.reverse();
    if (!q.before) await this.markRead(me.id, conv);
    const viewId = this.viewId(conv, me.id);
    const messages = rows.map((m) => toChatMessage(m, viewId));
    // The caller's own messages held over quiet hours come last, on the newest page: nobody else sees them yet.
    if (!q.before && !hasMore)
      messages.push(...(await this.held.ownHeld(me.id, conv)).map((m) => toHeldChatMessage(m, viewId)));
    return { messages, hasMore };
  }

  async send(me: AuthUser, dto: SendMessageDto): Promise<ChatMessage> {
    const ref = toConversationRef(dto.conversationType, dto.conversationId);
    if (!ref) throw MessageException.invalidConversationId();
    const conv = await this.resolve(me, ref);
    let attachment: Attachment | null = null;
    if (dto.attachmentId) {
      attachment = await this.attachments.findOneBy({ id: dto.attachmentId });
      if (!attachment || attachment.uploaderId !== me.id || attachment.conversationKey !== conv.key)
        throw MessageException.attachmentNotInConversation();
      if (
        (await this.messages.existsBy({ attachmentId: attachment.id })) ||
        (await this.held.isAttachmentHeld(attachment.id))
      )
        throw MessageException.attachmentAlreadySent();
    }
    const holdUntil = isStaff(me.role) && reachesStudents(conv) ? await this.calendar.quietUntil() : null;
    if (holdUntil) {
      const held = await this.held.hold(me, conv, dto.content ?? '', attachment, holdUntil, this.clock.now());
      const pending = toHeldChatMessage(held, this.viewId(conv, me.id));
      this.realtime.emit({ users: [me.id] }, 'newMessage', pending);
      return pending;
    }
    const message = this.messages.create({
      ...conversationColumns(conv.type, conv.key),
      senderId: me.id,
      content: dto.content ?? '',
      attachmentId: attachment?.id ?? null,
      // Millisecond time set here: SQLite's default keeps whole seconds, too coarse to order a chat.
      createdAt: this.clock.now(),
    });
    // One INSERT, on the way to every member's screen: save() wraps it in a transaction with a SELECT first, and the
    // sender and attachment need no re-reading.
    await this.messages.createQueryBuilder().insert().values(message).updateEntity(false).execute();
    message.sender = { id: me.id, fullName: me.fullName, role: me.role } as Message['sender'];
    message.attachment = attachment;
    // Each participant gets the message addressed the way they name the conversation; delivery first, bookkeeping after.
    for (const [viewId, users] of this.byViewId(conv))
      this.realtime.emit({ users }, 'newMessage', toChatMessage(message, viewId));
    await this.markRead(me.id, conv);
    return toChatMessage(message, this.viewId(conv, me.id));
  }

  /**
   * Deleting removes the history for everyone in the chat, so only the group's mentor, a mentor or an admin in the chat
   * may; the messages are kept for the safeguarding leads (KeptChatsService), not erased.
   */
  async deleteConversation(me: AuthUser, ref: ConversationRef): Promise<{ message: string; deleted: number }> {
    const conv = await this.resolve(me, ref);
    if (me.role === 'mentee') throw MessageException.menteeCannotDelete();
    if (conv.group && me.role !== 'admin' && conv.group.mentorId !== me.id) throw MessageException.notGroupMentor();
    const people = await this.peopleOf(conv);
    const where = { conversationType: conv.type, conversationKey: conv.key };
    const res = await this.db.transaction(async (tx) => {
      const relations = { sender: true, attachment: true } as const;
      // Messages still held over quiet hours go with the rest (never delivered, kept all the same).
      const rows = [
        ...(await tx.find(Message, { where, relations })),
        ...(await tx.find(HeldMessage, { where, relations })),
      ];
      const deleted = await this.keptChats.keep(tx, { ...where, scope: 'conversation', ...people, by: me }, rows);
      await tx.delete(ConversationRead, where);
      // The history goes for everyone in the chat, so who removed it is kept.
      await this.audit.record(
        tx,
        me,
        'conversation.delete',
        { type: conv.type === 'group' ? 'group-chat' : 'chat', id: conv.otherId ?? conv.key, label: people.label },
        { messages: { from: deleted, to: 0 } },
      );
      return deleted;
    });
    for (const [viewId, users] of this.byViewId(conv))
      this.realtime.emit({ users }, 'conversationDeleted', { conversationId: viewId });
    return { message: 'Conversation deleted successfully.', deleted: res };
  }

  /** Its sender deletes one message: gone for everyone in the conversation, kept for the safeguarding leads. */
  async deleteMessage(me: AuthUser, id: string): Promise<{ message: string }> {
    const found = (await this.messages.findOneBy({ id })) ?? (await this.held.ownOne(me.id, id));
    const ref = found && refSeenBy(found.conversationType, found.conversationKey, me.id);
    // A message of someone else's one-to-one chat is not found, rather than named.
    if (!found || !ref) throw MessageException.messageNotFound();
    const conv = await this.resolve(me, ref);
    if (found.senderId !== me.id) throw MessageException.notYourMessage();
    const people = await this.peopleOf(conv);
    const kept = await this.db.transaction(async (tx) => {
      const relations = { sender: true, attachment: true } as const;
      const rows = [
        ...(await tx.find(Message, { where: { id }, relations })),
        ...(await tx.find(HeldMessage, { where: { id }, relations })),
      ];
      const n = await this.keptChats.keep(
        tx,
        { conversationType: conv.type, conversationKey: conv.key, scope: 'message', ...people, by: me },
        rows,
      );
      if (n) await this.audit.record(tx, me, 'message.delete', { type: 'message', id, label: people.label });
      return n;
    });
    if (!kept) throw MessageException.messageNotFound();
    for (const [viewId, users] of this.byViewId(conv))
      this.realtime.emit({ users }, 'messageDeleted', { conversationId: viewId, messageId: id });
    return { message: 'Message deleted.' };
  }

  /**
   * A message someone in its conversation reports, with up to REPORT_CONTEXT_MESSAGES on each side, as they are now
   * (the safeguarding module keeps this copy). Its sender cannot report it; outsiders are told nothing of it.
   */
  async reportContext(me: AuthUser, id: string): Promise<ReportedMessage> {
    const found = await this.messages.findOne({ where: { id }, relations: { sender: true, attachment: true } });
    const ref = found && refSeenBy(found.conversationType, found.conversationKey, me.id);
    if (!found || !ref) throw MessageException.messageNotFound();
    const conv = await this.resolve(me, ref, { readArchived: true });
    if (found.senderId === me.id) throw MessageException.ownMessage();
    const where = { conversationType: conv.type, conversationKey: conv.key };
    const relations = { sender: true, attachment: true } as const;
    const [before, after] = await Promise.all([
      this.messages.find({
        where: [
          { ...where, createdAt: LessThan(found.createdAt) },
          { ...where, createdAt: Equal(found.createdAt), id: LessThan(found.id) },
        ],
        relations,
        order: { createdAt: 'DESC', id: 'DESC' },
        take: REPORT_CONTEXT_MESSAGES,
      }),
      this.messages.find({
        where: [
          { ...where, createdAt: MoreThan(found.createdAt) },
          { ...where, createdAt: Equal(found.createdAt), id: MoreThan(found.id) },
        ],
        relations,
        order: { createdAt: 'ASC', id: 'ASC' },
        take: REPORT_CONTEXT_MESSAGES,
      }),
    ]);
    const { label } = await this.peopleOf(conv);
    return {
      conversationType: conv.type,
      conversationKey: conv.key,
      label,
      message: toKeptMessage(found),
      context: [...before.reverse(), found, ...after].map(toKeptMessage),
    };
  }

  /** Who takes part in a conversation, by name, and how a kept copy of it is labelled. */
  private async peopleOf(conv: ResolvedConversation): Promise<{ label: string; participants: PersonRef[] }> {
    const users = new Map((await this.users.findByIds([...new Set(conv.participants)])).map((u) => [u.id, u]));
    const participants: PersonRef[] = [...new Set(conv.participants)].map((id) => {
      const u = users.get(id);
      return { _id: id, fullName: u?.fullName ?? FORMER_USER_NAME, role: u?.role ?? 'mentee' };
    });
    const label = conv.group
      ? `Group chat ${conv.group.name}`
      : `Chat between ${participants.map((p) => p.fullName).join(' and ')}`;
    return { label, participants };
  }

  /**
   * The sidebar: every conversation the user may use, with the last message and the unread count; subtitles in the
   * user's language.
   */
  async conversations(me: AuthUser): Promise<Conversation[]> {
    const say = (...args: Parameters<typeof text>) => render(text(...args), me.language);
    const list: { conv: ResolvedConversation; displayName: string; subtitle: string; color: string }[] = [];
    for (const g of await this.groups.activeGroupsOf(me)) {
      const members = g.memberIds;
      list.push({
        conv: { type: 'group', key: g.id, participants: [g.mentorId, ...members], group: g },
        displayName: g.name,
        subtitle: say('chat.members', { count: members.length }),
        color: g.color,
      });
    }
    const partners = new Map<string, { name: string; subtitle: string; color: string }>();
    if (me.role === 'mentor') {
      for (const m of await this.profiles.menteeCardsOfMentor(me.id)) {
        partners.set(m.id, {
          name: m.user!.fullName,
          subtitle: say('chat.mentee', { studentId: m.studentId, className: m.className, section: m.section }),
          color: MENTEE_CHAT_COLOR,
        });
      }
    }
    if (me.role === 'mentee') {
      const mentor = await this.profiles.mentorOfMentee(me.id);
      if (mentor?.user)
        partners.set(mentor.id, {
          name: mentor.user.fullName,
          subtitle: mentor.department
            ? say('chat.mentor', { department: mentor.department })
            : say('chat.mentorNoDepartment'),
          color: MENTOR_CHAT_COLOR,
        });
    }
    // Individual chats that already have messages (e.g. with an admin) stay in the list.
    const others = (await this.chatPartnersOf(me.id)).filter((id) => !partners.has(id));
    for (const u of await this.users.findByIds(others)) {
      partners.set(u.id, {
        name: u.fullName,
        subtitle: say(`chat.role.${u.role}`),
        color: u.role === 'mentee' ? MENTEE_CHAT_COLOR : MENTOR_CHAT_COLOR,
      });
    }
    for (const [id, p] of partners) {
      list.push({
        conv: { type: 'individual', key: individualKey(me.id, id), participants: [me.id, id], otherId: id },
        displayName: p.name,
        subtitle: p.subtitle,
        color: p.color,
      });
    }
    const stats = await this.lastAndUnread(
      me.id,
      list.map((l) => l.conv),
    );
    const out: Conversation[] = list.map(({ conv, displayName, subtitle, color }) => {
      const s = stats.get(`${conv.type}|${conv.key}`);
      return {
        _id: this.viewId(conv, me.id),
        type: conv.type,
        displayName,
        subtitle,
        color,
        ...(conv.type === 'group' ? { groupId: conv.key } : { otherUserId: conv.otherId }),
        lastMessage: s?.last ?? null,
        unreadCount: s?.unread ?? 0,
      };
    });
    return out.sort(
      (a, b) =>
        (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '') ||
        a.displayName.localeCompare(b.displayName),
    );
  }

  /** Everyone with whom the user has an individual chat holding messages: one lookup in each participant index. */
  private async chatPartnersOf(userId: string): Promise<string[]> {
    const rows = await this.messages
      .createQueryBuilder('m')
      .select('m.participantA', 'a')
      .addSelect('m.participantB', 'b')
      .distinct(true)
      .where('m.participantA = :userId OR m.participantB = :userId', { userId })
      .getRawMany<{ a: string; b: string }>();
    return [...new Set(rows.map((r) => (r.a === userId ? r.b : r.a)))];
  }

  /**
   * Each conversation's last message and the user's unread count, in two statements whatever the number of
   * conversations (a mentor's list has one per student): the user's read marks, then one row per conversation with
   * messages (a UNION ALL of the same indexed look-ups the list made one by one).
   */
  private async lastAndUnread(userId: string, convs: ResolvedConversation[]) {
    const result = new Map<string, { last: Conversation['lastMessage']; unread: number }>();
    if (!convs.length) return result;
    // Raw, so each driver's own value for the time goes back into the statement as it came.
    const reads = await this.reads
      .createQueryBuilder('r')
      .select('r.conversationType', 'type')
      .addSelect('r.conversationKey', 'key')
      .addSelect('r.lastReadAt', 'at')
      .where({ userId, conversationKey: In(convs.map((c) => c.key)) })
      .getRawMany<{ type: string; key: string; at: RawDate }>();
    const readAt = new Map(reads.map((r) => [`${r.type}|${r.key}`, r.at]));
    // At most CONVERSATIONS_PER_STATEMENT a statement: SQLite allows 500 terms in a compound SELECT.
    const statements: Promise<LastAndUnreadRow[]>[] = [];
    for (let from = 0; from < convs.length; from += CONVERSATIONS_PER_STATEMENT) {
      const parameters: unknown[] = [];
      const perConversation = convs.slice(from, from + CONVERSATIONS_PER_STATEMENT).map((c, i) => {
        const since = readAt.get(`${c.type}|${c.key}`);
        parameters.push(c.type, c.key, userId, ...(since === undefined ? [] : [since]), c.type, c.key);
        // A conversation without messages has no row: no last message, nothing unread.
        return `SELECT ${from + i} AS i, l.content, l.senderId, l.createdAt,
            (SELECT COUNT(*) FROM messages u WHERE u.conversationType = ? AND u.conversationKey = ? AND u.senderId <> ?
              ${since === undefined ? '' : 'AND u.createdAt > ?'}) AS unread
          FROM messages l WHERE l.id = (SELECT id FROM messages
            WHERE conversationType = ? AND conversationKey = ? ORDER BY createdAt DESC LIMIT 1)`;
      });
      statements.push(this.messages.query<LastAndUnreadRow[]>(perConversation.join('\nUNION ALL\n'), parameters));
    }
    const rows = (await Promise.all(statements)).flat();
    for (const r of rows) {
      const c = convs[Number(r.i)];
      result.set(`${c.type}|${c.key}`, {
        last: { content: r.content, senderId: r.senderId, createdAt: isoDateTime(r.createdAt)! },
        unread: Number(r.unread),
      });
    }
    return result;
  }

  private async markRead(userId: string, conv: ResolvedConversation): Promise<void> {
    await this.reads.upsert(
      { userId, conversationType: conv.type, conversationKey: conv.key, lastReadAt: this.clock.now() },
      ['userId', 'conversationType', 'conversationKey'],
    );
  }

  /**
   * Participants grouped by how they name the conversation: one group for a group chat, one per person otherwise.
   * One emit per group: socket.io encodes the packet, and the Redis adapter publishes it, once rather than per member.
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
    if (conv.type === 'group') return formatConversationId({ type: 'group', id: conv.key });
    return formatConversationId({
      type: 'individual',
      id: conv.participants.find((p) => p !== userId) ?? conv.otherId!,
    });
  }

  /**
   * What goes with a deleted account: a mentor's group chats, the person's individual chats (both sides), every
   * message they sent elsewhere, their read marks and their uploads.
   */
  private async removeAccount(user: { id: string; role: Role }, tx: EntityManager): Promise<Removed> {
    const removed: Removed = {};
    const groupIds = user.role === 'mentor' ? await this.groups.idsOfMentor(user.id, tx) : [];
    if (groupIds.length) {
      const groupChats = { conversationType: 'group' as const, conversationKey: In(groupIds) };
      removed.groupMessages = (await tx.delete(Message, groupChats)).affected ?? 0;
      await tx.delete(ConversationRead, groupChats);
      await this.storage.removeWithRows(tx, groupChats);
    }
    // The person's individual chats (both sides): by the participant indexes, one delete each.
    let chats = 0;
    for (const side of ['participantA', 'participantB'] as const)
      chats += (await tx.delete(Message, { [side]: user.id })).affected ?? 0;
    const individual = individualKeysOf(user.id).map((pattern) => ({
      conversationType: 'individual' as const,
      conversationKey: Like(pattern),
    }));
    const sent = (await tx.delete(Message, { senderId: user.id })).affected ?? 0;
    // Held messages to the person, or in their groups (their own go with the account).
    for (const side of ['participantA', 'participantB'] as const) await tx.delete(HeldMessage, { [side]: user.id });
    if (groupIds.length) await tx.delete(HeldMessage, { conversationType: 'group', conversationKey: In(groupIds) });
    removed.chatMessages = chats + sent;
    await tx.delete(ConversationRead, [...individual, { userId: user.id }]);
    await this.storage.removeWithRows(tx, [...individual, { uploaderId: user.id }]);
    return removed;
  }
}

/** A message as a safeguarding copy keeps it: who sent it (by name), what it said and the file's name. */
export function toKeptMessage(m: Message): KeptMessage {
  return {
    _id: m.id,
    sender: {
      _id: m.senderId,
      fullName: m.sender?.fullName ?? FORMER_USER_NAME,
      role: m.sender?.role ?? 'mentee',
    },
    content: m.content,
    createdAt: iso(m.createdAt)!,
    attachment: m.attachment ? { fileName: m.attachment.fileName, kind: m.attachment.kind } : null,
  };
}

/** A held message as its sender sees it before delivery. */
export function toHeldChatMessage(m: HeldMessage, conversationId: string): ChatMessage {
  return { ...toChatMessage({ ...m, sentAt: null } as Message, conversationId), heldUntil: iso(m.deliverAt)! };
}

export function toChatMessage(m: Message, conversationId: string): ChatMessage {
  return {
    ...(m.sentAt ? { sentAt: iso(m.sentAt)! } : {}),
    _id: m.id,
    conversationType: m.conversationType,
    conversationId,
    senderId: m.senderId,
    sender: { _id: m.senderId, fullName: m.sender?.fullName ?? FORMER_USER_NAME, role: m.sender?.role ?? 'mentee' },
    content: m.content,
    createdAt: iso(m.createdAt)!,
    attachment: m.attachment
      ? {
          _id: m.attachment.id,
          kind: m.attachment.kind,
          fileName: m.attachment.fileName,
          mimeType: m.attachment.mimeType,
          size: m.attachment.size,
        }
      : null,
  };
}
