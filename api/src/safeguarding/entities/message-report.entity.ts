import { Column, Entity, Index, Unique } from 'typeorm';
import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_TYPES,
  MESSAGE_REPORT_REASONS,
  MESSAGE_REPORT_STATUSES,
  ROLES,
  type ConversationType,
  type KeptMessage,
  type MessageReportReason,
  type MessageReportStatus,
  type Role,
} from '@portal/contracts';
import { CreatedAt, TextColumn, UpdatedAt, UuidPk, Varchar } from '../../common/columns';

/**
 * A chat message reported by a participant, with a copy of it and what surrounded it when reported: the report stands
 * whatever happens to the conversation afterwards (a legal hold). People are copied by name, without foreign keys.
 */
@Entity('message_reports')
@Unique(['messageId', 'reporterId'])
@Index(['status', 'createdAt'])
export class MessageReport {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) messageId: string;
  @Column({ type: 'simple-enum', enum: CONVERSATION_TYPES }) conversationType: ConversationType;
  @Varchar(80) conversationKey: string;
  @Varchar(254) label: string;
  @Column({ type: 'varchar', length: 36 }) reporterId: string;
  @Varchar(100) reporterName: string;
  @Column({ type: 'simple-enum', enum: ROLES }) reporterRole: Role;
  @Column({ type: 'simple-enum', enum: MESSAGE_REPORT_REASONS }) reason: MessageReportReason;
  @TextColumn() note: string;
  /** The reported message and those around it, oldest first. */
  @Column({ type: 'simple-json' }) context: KeptMessage[];
  @Column({ type: 'simple-enum', enum: MESSAGE_REPORT_STATUSES, default: 'open' }) status: MessageReportStatus;
  @TextColumn({ nullable: true }) outcome: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) handledById: string | null;
  @Varchar(100, { nullable: true }) handledByName: string | null;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
