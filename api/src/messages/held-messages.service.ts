import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, type Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { conversationColumns } from './conversation-key';
import { HeldMessage } from './entities/held-message.entity';
import type { Attachment, Message } from './entities/message.entity';

/** A conversation as the held messages name it. */
interface ConversationOf {
  type: Message['conversationType'];
  key: string;
}

/**
 * Messages staff write to students during the school's quiet hours, held apart until the hours end (MessagesService
 * delivers them). Only their sender reads them meanwhile.
 */
@Injectable()
export class HeldMessagesService {
  constructor(@InjectRepository(HeldMessage) private readonly held: Repository<HeldMessage>) {}

  async hold(
    me: AuthUser,
    conv: ConversationOf,
    content: string,
    attachment: Attachment | null,
    deliverAt: Date,
    now: Date,
  ): Promise<HeldMessage> {
    const row = this.held.create({
      ...conversationColumns(conv.type, conv.key),
      senderId: me.id,
      content,
      attachmentId: attachment?.id ?? null,
      createdAt: now,
      deliverAt,
    });
    await this.held.insert(row);
    row.sender = { id: me.id, fullName: me.fullName, role: me.role } as HeldMessage['sender'];
    row.attachment = attachment;
    return row;
  }

  /** The user's own messages held in this conversation, oldest first. */
  ownHeld(userId: string, conv: ConversationOf): Promise<HeldMessage[]> {
    return this.held.find({
      where: { conversationType: conv.type, conversationKey: conv.key, senderId: userId },
      relations: { sender: true, attachment: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** One of the user's own held messages. */
  ownOne(userId: string, id: string): Promise<HeldMessage | null> {
    return this.held.findOneBy({ id, senderId: userId });
  }

  isAttachmentHeld(attachmentId: string): Promise<boolean> {
    return this.held.existsBy({ attachmentId });
  }

  /** Held messages whose quiet hours have ended, oldest first. */
  due(now: Date, limit: number): Promise<HeldMessage[]> {
    return this.held.find({
      where: { deliverAt: LessThanOrEqual(now) },
      relations: { sender: true, attachment: true },
      order: { deliverAt: 'ASC', createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }
}
