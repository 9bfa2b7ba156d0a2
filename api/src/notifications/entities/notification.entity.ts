import { randomUUID } from 'node:crypto';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import {
  GUARDIAN_DELIVERIES,
  MAIL_KINDS,
  MAIL_STATUSES,
  NOTIFICATION_KINDS,
  type GuardianDelivery,
  type MailKind,
  type MailStatus,
  type NotificationKind,
} from '@portal/contracts';
import { CreatedAt, DateOnlyColumn, DateTimeColumn, TextColumn, UuidPk, Varchar } from '../../common/columns';
import type { Said } from '../../i18n/texts';
import { User } from '../../users/entities/user.entity';
import { MenteeProfile } from '../../users/entities/mentee-profile.entity';

/** One in-app notification of one user. */
@Entity('notifications')
// The user's page, newest first (createdAt, then id for ties), and the unread count (readAt IS NULL).
@Index(['userId', 'createdAt', 'id'])
@Index(['userId', 'readAt'])
export class Notification {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @Column({ type: 'simple-enum', enum: NOTIFICATION_KINDS }) kind: NotificationKind;
  @Varchar(200) title: string;
  @TextColumn() body: string;
  /**
   * The title and body as messages of the server's catalogue, written in each reader's language when read; title and
   * body above keep their English (rows from before messages were kept have only those).
   */
  @Column({ type: 'simple-json', nullable: true }) message: { title: Said; body?: Said } | null;
  @Varchar(300, { nullable: true }) link: string | null;
  @DateTimeColumn({ nullable: true }) readAt: Date | null;
  @CreatedAt() createdAt: Date;
}

/** A user's e-mail choice for one kind; no row: EMAIL_DEFAULTS. */
@Entity('notification_preferences')
@Index(['userId', 'kind'], { unique: true })
export class NotificationPreference {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @Column({ type: 'simple-enum', enum: NOTIFICATION_KINDS }) kind: NotificationKind;
  @Column({ type: 'boolean' }) email: boolean;
}

/** Every e-mail the portal sends (or keeps, without SMTP_URL): the delivery log. */
@Entity('mail_deliveries')
@Index(['createdAt', 'id'])
@Index(['status', 'createdAt'])
@Index(['kind', 'createdAt'])
export class MailDelivery {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'simple-enum', enum: MAIL_KINDS }) kind: MailKind;
  /** The user it was written for (none for a guardian): their rows go with their account. */
  @Index() @Varchar(36, { nullable: true }) userId: string | null;
  @Varchar(254) to: string;
  @Varchar(255) subject: string;
  @TextColumn() text: string;
  @Column({ type: 'simple-enum', enum: MAIL_STATUSES, default: 'pending' }) status: MailStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @TextColumn({ nullable: true }) lastError: string | null;
  @DateTimeColumn() sendAfter: Date;
  @DateTimeColumn({ nullable: true }) sentAt: Date | null;
  /** At most one delivery per key, e.g. guardian:<menteeId>:<date>. */
  @Index({ unique: true }) @Varchar(120, { nullable: true }) dedupeKey: string | null;
  /** Guardian notices: whose absence and which day (checked again when due). */
  @Varchar(36, { nullable: true }) menteeId: string | null;
  @DateOnlyColumn({ nullable: true }) day: string | null;
  /** A name-withheld grievance it is about: the delivery log blanks it until that grievance's reveal. */
  @Index() @Varchar(36, { nullable: true }) withheldRef: string | null;
  @CreatedAt() createdAt: Date;
}

/** A student's guardian absence notices; no row: on. */
@Entity('guardian_notice_settings')
export class GuardianNoticeSetting {
  @Column({ type: 'varchar', length: 36, primary: true }) menteeId: string;
  @ManyToOne(() => MenteeProfile, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'menteeId' }) mentee?: MenteeProfile;
  @Column({ type: 'boolean' }) enabled: boolean;
}

/** How a guardian's e-mails come (no row: at once), and when their last daily digest was written. */
@Entity('guardian_mail_settings')
export class GuardianMailSetting {
  @Column({ type: 'varchar', length: 36, primary: true }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @Column({ type: 'simple-enum', enum: GUARDIAN_DELIVERIES, default: 'now' }) delivery: GuardianDelivery;
  /** The digest time the last digest covered up to: the next one tells of what came after it. */
  @DateTimeColumn({ nullable: true }) lastDigestAt: Date | null;
}
