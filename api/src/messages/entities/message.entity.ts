import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, TextColumn, Varchar, UuidPk } from '../../common/columns';
import { randomUUID } from 'node:crypto';
import { User } from '../../users/entities/user.entity';

export const CONVERSATION_TYPES = ['group', 'individual'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

/**
 * A chat message. conversationKey is the group id for group chats and
 * "<mentorUserId>:<menteeUserId>" (or "<adminId>:<otherId>") for individual chats.
 */
@Entity('messages')
@Index(['conversationType', 'conversationKey', 'createdAt'])
export class Message {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'simple-enum', enum: CONVERSATION_TYPES }) conversationType: ConversationType;
  @Varchar(80) conversationKey: string;
  @Column({ type: 'varchar', length: 36 }) senderId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'senderId' }) sender?: User;
  @TextColumn() content: string;
  @CreatedAt() createdAt: Date;
}
