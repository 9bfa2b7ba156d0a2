import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { CONVERSATION_TYPES, type ConversationType } from '@portal/contracts';
import { DateTimeColumn, TextColumn, UuidPk, Varchar } from '../../common/columns';
import { User } from '../../users/entities/user.entity';
import { Attachment } from './message.entity';

/**
 * A message staff wrote to students during the school's quiet hours: kept apart from `messages` (no reading of a
 * conversation reaches it; its sender's own list adds it) until `deliverAt`, when HeldMessagesService moves it in.
 */
@Entity('held_messages')
@Index(['conversationType', 'conversationKey', 'senderId'])
export class HeldMessage {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'simple-enum', enum: CONVERSATION_TYPES }) conversationType: ConversationType;
  @Varchar(80) conversationKey: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) participantA: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) participantB: string | null;
  @Column({ type: 'varchar', length: 36 }) senderId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'senderId' }) sender?: User;
  @TextColumn() content: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) attachmentId: string | null;
  @ManyToOne(() => Attachment, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'attachmentId' })
  attachment?: Attachment | null;
  /** When its sender wrote it. */
  @DateTimeColumn() createdAt: Date;
  @Index() @DateTimeColumn() deliverAt: Date;
}
