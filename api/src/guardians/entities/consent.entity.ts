import { randomUUID } from 'node:crypto';
import { Column, Entity, Index } from 'typeorm';
import { CONSENT_DECISIONS, type ConsentDecision } from '@portal/contracts';
import { DateTimeColumn, TextColumn, UuidPk, Varchar } from '../../common/columns';

/** One published version of the school's privacy notice for guardians; never changed, a new version replaces it. */
@Entity('privacy_notices')
export class PrivacyNotice {
  @UuidPk() id: string = randomUUID();
  @Index({ unique: true }) @Column({ type: 'int' }) version: number;
  @TextColumn() text: string;
  /** The admin who published it (null once that account is gone). */
  @Varchar(36, { nullable: true }) publishedById: string | null;
  @DateTimeColumn() publishedAt: Date;
}

/**
 * A guardian's consent answer for one child, kept as a record (never changed): who, which notice version, what, when,
 * from which address. `seq` numbers one guardian's answers for one child, so the latest is unambiguous (two answers in
 * one second included); the unique index refuses a second answer racing for the same number.
 */
@Entity('guardian_consents')
@Index(['guardianId', 'menteeId', 'seq'], { unique: true })
export class GuardianConsent {
  @UuidPk() id: string = randomUUID();
  @Varchar(36) guardianId: string;
  @Index() @Varchar(36) menteeId: string;
  @Column({ type: 'int' }) seq: number;
  @Column({ type: 'simple-enum', enum: CONSENT_DECISIONS }) decision: ConsentDecision;
  @Column({ type: 'int' }) noticeVersion: number;
  @Varchar(45, { nullable: true }) ipAddress: string | null;
  @DateTimeColumn() createdAt: Date;
}
