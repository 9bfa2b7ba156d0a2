import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { CONVERSATION_TYPES, ROLES, type ConversationType, type PersonRef, type Role } from '@portal/contracts';
import { DateTimeColumn, TextColumn, UuidPk, Varchar } from '../../common/columns';

/**
 * What participants deleted (a conversation, or one message by its sender), moved out of `messages` so that no reading
 * of a conversation can reach it; read only by safeguarding leads (KeptChatsService) and purged after the retention
 * period. People are copied by name, without foreign keys: a kept chat outlives the accounts in it (a legal hold).
 */
@Entity('kept_chats')
@Index(['deletedAt', 'id'])
export class KeptChat {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'simple-enum', enum: CONVERSATION_TYPES }) conversationType: ConversationType;
  @Varchar(80) conversationKey: string;
  @Varchar(12) scope: 'conversation' | 'message';
  @Varchar(254) label: string;
  @Column({ type: 'simple-json' }) participants: PersonRef[];
  @Column({ type: 'int' }) messageCount: number;
  @Column({ type: 'varchar', length: 36, nullable: true }) deletedById: string | null;
  @Varchar(100) deletedByName: string;
  @Column({ type: 'simple-enum', enum: ROLES }) deletedByRole: Role;
  @DateTimeColumn() deletedAt: Date;
}

/** A deleted message as it was sent, under its kept chat. */
@Entity('kept_messages')
@Index(['keptChatId', 'createdAt'])
export class KeptMessage {
  /** The message's own id. */
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 36 }) keptChatId: string;
  @ManyToOne(() => KeptChat, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'keptChatId' }) keptChat?: KeptChat;
  @Column({ type: 'varchar', length: 36, nullable: true }) senderId: string | null;
  @Varchar(100) senderName: string;
  @Column({ type: 'simple-enum', enum: ROLES }) senderRole: Role;
  @TextColumn() content: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) attachmentId: string | null;
  @Varchar(255, { nullable: true }) attachmentName: string | null;
  @Varchar(10, { nullable: true }) attachmentKind: 'image' | 'document' | null;
  @DateTimeColumn() createdAt: Date;
}
