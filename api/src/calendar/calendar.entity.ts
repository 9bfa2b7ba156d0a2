import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateOnlyColumn, UpdatedAt, Varchar } from '../common/columns';

/** The school's settings: one row (id 1); absent until an admin first saves them (defaults apply). */
@Entity('school_settings')
export class SchoolSettings {
  @PrimaryColumn({ type: 'int' }) id: number = 1;
  @Varchar(64) timezone: string;
  /** Weekdays without school, comma-separated (0 = Sunday … 6 = Saturday); '' for none. */
  @Varchar(32) weekendDays: string;
  @DateOnlyColumn({ nullable: true }) termStart: string | null;
  @DateOnlyColumn({ nullable: true }) termEnd: string | null;
  @Column({ type: 'int' }) sickLeaveBackfillDays: number;
  /** The school office's address for questions (guardian e-mails name it); null: the sender's (MAIL_FROM). */
  @Varchar(254, { nullable: true }) contactEmail: string | null;
  /** Quiet hours for e-mails to guardians, "HH:mm" each in the school's time zone; both null: none. */
  @Varchar(5, { nullable: true }) quietHoursStart: string | null = null;
  @Varchar(5, { nullable: true }) quietHoursEnd: string | null = null;
  /** The guardians' daily digest time, "HH:mm" in the school's time zone; null: DEFAULT_GUARDIAN_DIGEST_AT. */
  @Varchar(5, { nullable: true }) guardianDigestAt: string | null = null;
  @UpdatedAt() updatedAt: Date;
}

/** A holiday or other non-school day. */
@Entity('school_closures')
export class SchoolClosureDay {
  @PrimaryColumn({ type: 'date' }) date: string;
  @Varchar(200) reason: string;
}
