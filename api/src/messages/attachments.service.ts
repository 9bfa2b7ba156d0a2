import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MultipartFile } from '@fastify/multipart';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { Repository } from 'typeorm';
import {
  CONVERSATION_TYPES,
  type ChatAttachment,
  type ConversationRef,
  type ConversationType,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { AttachmentStorage } from './attachment-storage.service';
import { refSeenBy, toConversationRef } from './conversation-key';
import { Attachment } from './entities/message.entity';
import { MessageException } from './message.exception';
import { MessagesService } from './messages.service';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Allowed extensions, what their content must be detected as (undefined: plain text), and the type served back. */
const ALLOWED: Record<string, { kind: 'image' | 'document'; detected?: string[]; mime: string }> = {
  '.jpg': { kind: 'image', detected: ['image/jpeg'], mime: 'image/jpeg' },
  '.jpeg': { kind: 'image', detected: ['image/jpeg'], mime: 'image/jpeg' },
  '.png': { kind: 'image', detected: ['image/png'], mime: 'image/png' },
  '.gif': { kind: 'image', detected: ['image/gif'], mime: 'image/gif' },
  '.webp': { kind: 'image', detected: ['image/webp'], mime: 'image/webp' },
  '.pdf': { kind: 'document', detected: ['application/pdf'], mime: 'application/pdf' },
  '.docx': {
    kind: 'document',
    detected: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  '.doc': { kind: 'document', detected: ['application/x-cfb', 'application/msword'], mime: 'application/msword' },
  '.txt': { kind: 'document', mime: 'text/plain; charset=utf-8' },
};

/** The media types an attachment is served in (its Content-Type, without parameters): for the API reference. */
export const ATTACHMENT_MEDIA_TYPES = [...new Set(Object.values(ALLOWED).map((rule) => rule.mime.split(';')[0]))];

/**
 * Chat attachments: checked against their extension by their content, stored where every instance reads them
 * (AttachmentStore: the database), and readable only by the members of the conversation they were sent to.
 */
@Injectable()
export class AttachmentsService {
  constructor(
    @InjectRepository(Attachment) private readonly attachments: Repository<Attachment>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly messages: MessagesService,
    private readonly storage: AttachmentStorage,
    private readonly clock: Clock,
  ) {}

  private quotaExceeded(): MessageException {
    const { count, bytes } = this.config.uploadQuota;
    return MessageException.quotaExceeded(count, Math.round(bytes / (1024 * 1024)));
  }

  async upload(me: AuthUser, file: MultipartFile | undefined): Promise<ChatAttachment> {
    if (!file) throw MessageException.fileRequired();
    const field = (name: string) => {
      const f = file.fields[name] as { value?: unknown } | undefined;
      return typeof f?.value === 'string' ? f.value : undefined;
    };
    const type = field('conversationType');
    const id = field('conversationId');
    if (!type || !(CONVERSATION_TYPES as readonly string[]).includes(type) || !id)
      throw MessageException.fieldsBeforeFile();
    const ref = toConversationRef(type as ConversationType, id);
    if (!ref) throw MessageException.invalidConversationId();
    const conv = await this.messages.resolve(me, ref);
    const quota = this.config.uploadQuota;
    const used = await this.storage.usedToday(me.id);
    if (used.count >= quota.count) throw this.quotaExceeded();
    const ext = extname(file.filename).toLowerCase();
    const rule = ALLOWED[ext];
    if (!rule) throw MessageException.fileTypeNotAllowed();
    let buffer: Buffer;
    try {
      buffer = await file.toBuffer();
    } catch {
      throw MessageException.fileTooLarge(MAX_ATTACHMENT_BYTES);
    }
    if (!buffer.length) throw MessageException.fileEmpty();
    if (used.bytes + buffer.length > quota.bytes) throw this.quotaExceeded();
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(buffer);
    const matches = rule.detected
      ? !!detected && rule.detected.includes(detected.mime)
      : !detected && isUtf8Text(buffer);
    if (!matches) throw MessageException.contentMismatch(ext);
    const saved = this.attachments.create({
      uploaderId: me.id,
      conversationType: conv.type,
      conversationKey: conv.key,
      kind: rule.kind,
      fileName: file.filename.slice(0, 255),
      mimeType: rule.mime,
      size: buffer.length,
      storageName: null,
      createdAt: this.clock.now(),
    });
    await this.storage.create(saved, buffer);
    return { _id: saved.id, kind: saved.kind, fileName: saved.fileName, mimeType: saved.mimeType, size: saved.size };
  }

  async open(me: AuthUser, id: string): Promise<{ attachment: Attachment; stream: Readable }> {
    const att = await this.attachments.findOneBy({ id });
    // A deleted message's file is kept for the safeguarding leads, no longer for the conversation's members.
    if (!att || att.keptChatId) throw MessageException.attachmentNotFound();
    await this.messages.resolve(me, this.conversationOf(att, me));
    const stream = await this.storage.open(att);
    if (!stream) throw MessageException.fileGone();
    return { attachment: att, stream };
  }

  /** The attachment's conversation as the caller names it; someone outside an individual chat is refused here. */
  private conversationOf(att: Attachment, me: AuthUser): ConversationRef {
    const ref = refSeenBy(att.conversationType, att.conversationKey, me.id);
    if (!ref) throw MessageException.attachmentNotYours();
    return ref;
  }
}

function isUtf8Text(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
