import type { Readable } from 'node:stream';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, LessThan, type EntityManager, type Repository } from 'typeorm';
import {
  FORMER_USER_NAME,
  KEPT_CHATS_PAGE_SIZE,
  type CursorQuery,
  type KeptChatDetail,
  type KeptChatPage,
  type KeptChatSummary,
  type PersonRef,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { RetentionRegistry } from '../retention/retention.registry';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { UsersService } from '../users/users.service';
import { ErasureRegistry } from '../users/erasure.registry';
import { RetentionService } from '../retention/retention.service';
import { AttachmentStorage } from './attachment-storage.service';
import { HeldMessage } from './entities/held-message.entity';
import { KeptChat, KeptMessage } from './entities/kept-chat.entity';
import { Attachment, Message } from './entities/message.entity';
import { MessageException } from './message.exception';

const DAY_MS = 86_400_000;
/** Rows per INSERT or IN (…) list: well under SQLite's 999 bound parameters at ~12 columns a row. */
const CHUNK = 50;

/** What a deletion keeps: the conversation, who was in it and who deleted it. */
export interface KeepRequest {
  conversationType: Message['conversationType'];
  conversationKey: string;
  scope: KeptChat['scope'];
  label: string;
  participants: PersonRef[];
  by: AuthUser;
}

/**
 * Deleted chats kept for safeguarding. Deleting moves messages out of `messages` (no reading of a conversation can
 * reach them again) into `kept_messages`; the one rule for reading them is here: an active admin designated a
 * safeguarding lead, who gives a reason that the audit log keeps. Purged by the retention period for deleted chats.
 */
@Injectable()
export class KeptChatsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(KeptChat) private readonly chats: Repository<KeptChat>,
    @InjectRepository(KeptMessage) private readonly kept: Repository<KeptMessage>,
    @InjectRepository(Attachment) private readonly files: Repository<Attachment>,
    private readonly users: UsersService,
    private readonly storage: AttachmentStorage,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly retention: RetentionRegistry,
    private readonly erasure: ErasureRegistry,
    private readonly retentionPeriods: RetentionService,
  ) {}

  onModuleInit(): void {
    // A chat kept for the leads that the student was in is under a legal hold: erasure keeps it.
    this.erasure.register({
      holds: async (studentId, tx) => ({
        keptChats: await tx
          .withRepository(this.chats)
          .createQueryBuilder('c')
          .where('c.participants LIKE :in', { in: `%"${studentId}"%` })
          .getCount(),
      }),
    });
    this.retention.register('deletedChats', {
      count: (cutoff) => this.countOlderThan(cutoff),
      purge: (tx, cutoff) => this.purgeOlderThan(tx, cutoff),
    });
  }

  /**
   * Moves these messages (read in `tx`, with sender and attachment) out of their conversation into one kept chat, in
   * the caller's transaction. Returns how many were moved.
   */
  async keep(tx: EntityManager, request: KeepRequest, rows: (Message | HeldMessage)[]): Promise<number> {
    if (!rows.length) return 0;
    const chat = tx.create(KeptChat, {
      conversationType: request.conversationType,
      conversationKey: request.conversationKey,
      scope: request.scope,
      label: request.label.slice(0, 254),
      participants: request.participants,
      messageCount: rows.length,
      deletedById: request.by.id,
      deletedByName: request.by.fullName.slice(0, 100),
      deletedByRole: request.by.role,
      deletedAt: this.clock.now(),
    });
    await tx.insert(KeptChat, chat);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      await tx.insert(
        KeptMessage,
        part.map((m) => ({
          id: m.id,
          keptChatId: chat.id,
          senderId: m.senderId,
          senderName: (m.sender?.fullName ?? FORMER_USER_NAME).slice(0, 100),
          senderRole: m.sender?.role ?? 'mentee',
          content: m.content,
          attachmentId: m.attachmentId,
          attachmentName: m.attachment?.fileName ?? null,
          attachmentKind: m.attachment?.kind ?? null,
          createdAt: m.createdAt,
        })),
      );
      const ids = part.map((m) => m.id);
      const files = part.flatMap((m) => (m.attachmentId ? [m.attachmentId] : []));
      // The file stays with its kept message, out of its conversation members' reach (AttachmentsService.open).
      if (files.length) await tx.update(Attachment, { id: In(files) }, { keptChatId: chat.id });
      await tx.delete(Message, { id: In(ids) });
      await tx.delete(HeldMessage, { id: In(ids) });
    }
    return rows.length;
  }

  /** The kept chats, newest deletion first; leads only. */
  async list(me: AuthUser, q: CursorQuery): Promise<KeptChatPage> {
    await this.assertLead(me);
    const limit = q.limit ?? KEPT_CHATS_PAGE_SIZE;
    const cursor = q.before ? await this.chats.findOneBy({ id: q.before }) : null;
    if (q.before && !cursor) throw MessageException.keptChatNotFound();
    const rows = await this.chats.find({
      where: cursor
        ? [{ deletedAt: LessThan(cursor.deletedAt) }, { deletedAt: cursor.deletedAt, id: LessThan(cursor.id) }]
        : {},
      order: { deletedAt: 'DESC', id: 'DESC' },
      take: limit + 1,
    });
    const days = await this.retentionPeriods.days('deletedChats');
    return { items: rows.slice(0, limit).map((c) => this.summary(c, days)), hasMore: rows.length > limit };
  }

  /** One kept chat's messages, for a lead who says why; the reading and the reason go to the audit log. */
  async read(me: AuthUser, id: string, reason: string): Promise<KeptChatDetail> {
    await this.assertLead(me);
    const chat = await this.chats.findOneBy({ id });
    if (!chat) throw MessageException.keptChatNotFound();
    const messages = await this.kept.find({ where: { keptChatId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    await this.db.transaction((tx) =>
      this.audit.record(
        tx,
        me,
        'safeguarding.read',
        { type: 'kept-chat', id, label: chat.label },
        { reason: { from: null, to: reason } },
      ),
    );
    return {
      chat: this.summary(chat, await this.retentionPeriods.days('deletedChats')),
      messages: messages.map((m) => ({
        _id: m.id,
        sender: { _id: m.senderId, fullName: m.senderName, role: m.senderRole },
        content: m.content,
        createdAt: iso(m.createdAt)!,
        attachment:
          m.attachmentName && m.attachmentKind
            ? { fileName: m.attachmentName, kind: m.attachmentKind, ...(m.attachmentId ? { _id: m.attachmentId } : {}) }
            : null,
      })),
    };
  }

  /** A file of a kept chat, for a lead: each download is in the audit log, with the file's name. */
  async openAttachment(
    me: AuthUser,
    chatId: string,
    attachmentId: string,
  ): Promise<{ attachment: Attachment; stream: Readable }> {
    await this.assertLead(me);
    const chat = await this.chats.findOneBy({ id: chatId });
    if (!chat) throw MessageException.keptChatNotFound();
    const attachment = await this.files.findOneBy({ id: attachmentId, keptChatId: chatId });
    if (!attachment) throw MessageException.attachmentNotFound();
    const stream = await this.storage.open(attachment);
    if (!stream) throw MessageException.fileGone();
    await this.db.transaction((tx) =>
      this.audit.record(
        tx,
        me,
        'safeguarding.read',
        { type: 'kept-chat', id: chatId, label: chat.label },
        { file: { from: null, to: attachment.fileName } },
      ),
    );
    return { attachment, stream };
  }

  /** Kept chats deleted before `cutoff` (the retention purge counts, then deletes, these). */
  countOlderThan(cutoff: Date): Promise<number> {
    return this.chats.countBy({ deletedAt: LessThan(cutoff) });
  }

  /** Kept chats deleted before `cutoff`, with their messages and files, in the caller's transaction. */
  async purgeOlderThan(tx: EntityManager, cutoff: Date): Promise<number> {
    const ids = (await tx.find(KeptChat, { where: { deletedAt: LessThan(cutoff) }, select: { id: true } })).map(
      (c) => c.id,
    );
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      await this.storage.removeWithRows(tx, { keptChatId: In(part) });
      await tx.delete(KeptMessage, { keptChatId: In(part) });
      await tx.delete(KeptChat, { id: In(part) });
    }
    return ids.length;
  }

  private async assertLead(me: AuthUser): Promise<void> {
    if (!(await this.users.isSafeguardingLead(me.id))) throw MessageException.notSafeguardingLead();
  }

  private summary(c: KeptChat, keptDays: number | null): KeptChatSummary {
    return {
      _id: c.id,
      conversationType: c.conversationType,
      scope: c.scope,
      label: c.label,
      participants: c.participants,
      messageCount: c.messageCount,
      deletedBy: { _id: c.deletedById, fullName: c.deletedByName, role: c.deletedByRole },
      deletedAt: iso(c.deletedAt)!,
      purgeAt: keptDays === null ? null : iso(new Date(c.deletedAt.getTime() + keptDays * DAY_MS)),
    };
  }
}
