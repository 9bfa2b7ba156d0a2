import { randomUUID } from 'node:crypto';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { ABSENCE_REASONS, type AbsenceReason } from '@portal/contracts';
import { DateOnlyColumn, DateTimeColumn, TextColumn, UuidPk, Varchar } from '../../common/columns';
import { MenteeProfile } from '../../users/entities/mentee-profile.entity';
import { User } from '../../users/entities/user.entity';

/**
 * A family's answer to one absent day of one student (one per day: the second guardian sees the first's). Open in the
 * mentor's queue until they mark it seen; a wrong-mark answer also waits in the admins' register until the mark is
 * corrected (saved as another status) or confirmed.
 */
@Entity('absence_answers')
@Index(['menteeId', 'date'], { unique: true })
export class AbsenceAnswer {
  @UuidPk() id: string = randomUUID();
  @Varchar(36) menteeId: string;
  @ManyToOne(() => MenteeProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
  @DateOnlyColumn() date: string;
  @Column({ type: 'simple-enum', enum: ABSENCE_REASONS }) reason: AbsenceReason;
  @TextColumn({ nullable: true }) note: string | null;
  /** The signed-in guardian who answered; null: the e-mailed link (or that account is gone). */
  @Varchar(36, { nullable: true }) answeredById: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'answeredById' }) answeredByUser?: User;
  /** Their name, or the address the link was sent to, as it was when they answered. */
  @Varchar(254) answeredBy: string;
  @Column({ type: 'simple-enum', enum: ['portal', 'link'] }) via: 'portal' | 'link';
  @Index() @DateTimeColumn({ nullable: true }) seenAt: Date | null;
  @Varchar(36, { nullable: true }) seenById: string | null;
  @Column({ type: 'simple-enum', enum: ['corrected', 'confirmed'], nullable: true })
  markResolution: 'corrected' | 'confirmed' | null;
  @Varchar(36, { nullable: true }) resolvedById: string | null;
  @DateTimeColumn({ nullable: true }) resolvedAt: Date | null;
  @DateTimeColumn() createdAt: Date;
}

/**
 * The answer link of one absence notice e-mail: only the SHA-256 of its token is kept; it works once, for 7 days, for
 * whoever holds the e-mail (a guardian with an account or not).
 */
@Entity('absence_links')
export class AbsenceLink {
  @UuidPk() id: string = randomUUID();
  @Index({ unique: true }) @Varchar(64) tokenHash: string;
  @Index() @Varchar(36) menteeId: string;
  @ManyToOne(() => MenteeProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
  @DateOnlyColumn() date: string;
  @Varchar(254) email: string;
  @DateTimeColumn() expiresAt: Date;
  @DateTimeColumn({ nullable: true }) usedAt: Date | null;
}
