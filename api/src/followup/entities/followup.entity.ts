import { RISK_SIGNAL_KINDS, CONTACT_MODES, type ContactMode, type RiskSignalKind } from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  DateTimeColumn,
  TextColumn,
  UpdatedAt,
  UuidPk,
  Varchar,
} from '../../common/columns';
import type { Text } from '../../i18n/texts';

/** The thresholds: one row (id 1), absent until an admin first saves them (defaults apply). */
@Entity('risk_settings')
export class RiskSettingsRow {
  @PrimaryColumn({ type: 'int' }) id: number = 1;
  @Column({ type: 'int' }) consecutiveAbsences: number;
  @Column({ type: 'int' }) lowAttendancePercent: number;
  @Column({ type: 'int' }) attendanceDropPoints: number;
  @Column({ type: 'int' }) attendanceWindowSchoolDays: number;
  @Column({ type: 'int' }) leaveRequests: number;
  @Column({ type: 'int' }) leaveWindowDays: number;
  @Column({ type: 'int' }) grievanceOpenDays: number;
  @Column({ type: 'int' }) noContactDays: number;
  @UpdatedAt() updatedAt: Date;
}

/**
 * One signal of one student, from the evaluation that found it until one that no longer does (closedAt). handledAt:
 * a follow-up or dismissal answered it; the queue is the open, unanswered signals. openKey ("menteeId:kind") is set
 * while open and unique, so two evaluations racing open it once.
 */
@Entity('risk_signals')
@Index(['menteeId', 'closedAt', 'handledAt'])
@Index(['closedAt', 'handledAt', 'openedAt'])
export class RiskSignalRow {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) menteeId: string;
  @Column({ type: 'simple-enum', enum: RISK_SIGNAL_KINDS }) kind: RiskSignalKind;
  @Index({ unique: true }) @Varchar(60, { nullable: true }) openKey: string | null;
  /** In English (what the evaluation compares); evidenceText is the same as a message, for each reader's language. */
  @Varchar(500) evidence: string;
  /** null on signals opened before messages were kept: their English is shown until the next evaluation. */
  @Column({ type: 'simple-json', nullable: true }) evidenceText: Text | null;
  /**
   * Who follows it up: the student's mentor, or the admins when it stems from a confidential grievance (which does
   * not exist for any mentor). openKey ends in ":admins" for the latter.
   */
  @Varchar(10, { default: 'mentor' }) audience: SignalAudience;
  @DateTimeColumn() openedAt: Date;
  @DateTimeColumn({ nullable: true }) handledAt: Date | null;
  @DateTimeColumn({ nullable: true }) closedAt: Date | null;
}

export type SignalAudience = 'mentor' | 'admins';

/**
 * The school-wide evaluation runs (the start-up run, the periodic sweep): claimed with one conditional write so that of
 * several instances one runs each.
 */
@Entity('risk_runs')
export class RiskRunRow {
  @PrimaryColumn({ type: 'varchar', length: 40 }) name: string;
  @DateTimeColumn() claimedAt: Date;
}

/** A meeting or contact of the mentoring log. */
@Entity('mentoring_entries')
@Index(['menteeId', 'date'])
@Index(['authorId', 'date'])
export class MentoringEntryRow {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) menteeId: string;
  /** The mentor who logged it (null once their account is deleted). */
  @Column({ type: 'varchar', length: 36, nullable: true }) authorId: string | null;
  @DateOnlyColumn() date: string;
  @Column({ type: 'simple-enum', enum: CONTACT_MODES }) mode: ContactMode;
  @TextColumn() summary: string;
  @Column({ type: 'boolean', default: false }) isPrivate: boolean;
  @Index() @CreatedAt() createdAt: Date;
}

@Entity('mentoring_action_items')
export class ActionItemRow {
  @UuidPk() id: string = randomUUID();
  @Index() @Column({ type: 'varchar', length: 36 }) entryId: string;
  @Column({ type: 'int' }) position: number;
  @Varchar(500) text: string;
  @DateOnlyColumn({ nullable: true }) dueDate: string | null;
  @Column({ type: 'boolean', default: false }) done: boolean;
}

/** A mentor's "no follow-up needed", with the reason and the signals it answered (kept). */
@Entity('risk_dismissals')
export class RiskDismissalRow {
  @UuidPk() id: string = randomUUID();
  @Index() @Column({ type: 'varchar', length: 36 }) menteeId: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) byId: string | null;
  @Varchar(500) reason: string;
  @Column({ type: 'simple-array' }) kinds: RiskSignalKind[];
  @CreatedAt() createdAt: Date;
}
