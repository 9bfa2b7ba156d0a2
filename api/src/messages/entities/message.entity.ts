import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { CONVERSATION_TYPES, type ConversationType } from '@portal/contracts';
import { CreatedAt, DateTimeColumn, TextColumn, UuidPk, Varchar } from '../../common/columns';
import { User } from '../../users/entities/user.entity';

/**
 * A chat message. conversationKey names its conversation as conversation-key.ts writes it; an individual chat's two
 * people are also kept apart, in the key's order (participantA < participantB; both null in a group chat), so that
 * "the chats of user X" is two index lookups rather than a scan for keys ending in X.
 */
@Entity('messages')
@Index(['conversationType', 'conversationKey', 'createdAt'])
// Named: TypeORM's generated name hashes the sorted column list, so the two would collide.
@Index('IDX_messages_participantA_participantB', ['participantA', 'participantB'])
@Index('IDX_messages_participantB_participantA', ['participantB', 'participantA'])
export class Message {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'simple-enum', enum: CONVERSATION_TYPES }) conversationType: ConversationType;
  @Varchar(80) conversationKey: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) participantA: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) participantB: string | null;
  @Index() @Column({ type: 'varchar', length: 36 }) senderId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'senderId' }) sender?: User;
  @TextColumn() content: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) attachmentId: string | null;
  @ManyToOne(() => Attachment, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'attachmentId' })
  attachment?: Attachment | null;
  @CreatedAt() createdAt: Date;
  /** A message held over the school's quiet hours (HeldMessage): when its sender wrote it; createdAt is its delivery. */
  @DateTimeColumn({ nullable: true }) sentAt: Date | null;
}

/** An uploaded file, readable by its conversation's members only; its bytes are in the AttachmentStore. */
@Entity('attachments')
export class Attachment {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) uploaderId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'uploaderId' }) uploader?: User;
  @Column({ type: 'simple-enum', enum: CONVERSATION_TYPES }) conversationType: ConversationType;
  @Varchar(80) conversationKey: string;
  @Varchar(10) kind: 'image' | 'document';
  @Varchar(255) fileName: string;
  @Varchar(100) mimeType: string;
  @Column({ type: 'int' }) size: number;
  /** Set when its message was deleted: kept for the safeguarding leads with that kept chat, no longer its members'. */
  @Column({ type: 'varchar', length: 36, nullable: true }) keptChatId: string | null;
  /** Versions before the shared store: the file's name under DATA_DIR/uploads, until it is moved into the store. */
  @Varchar(100, { nullable: true }) storageName: string | null;
  @CreatedAt() createdAt: Date;
}

/** When a user last opened a conversation: messages after it are unread. */
@Entity('conversation_reads')
export class ConversationRead {
  @PrimaryColumn({ type: 'varchar', length: 36 }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @PrimaryColumn({ type: 'simple-enum', enum: CONVERSATION_TYPES }) conversationType: ConversationType;
  @PrimaryColumn({ type: 'varchar', length: 80 }) conversationKey: string;
  @DateTimeColumn() lastReadAt: Date;
}
