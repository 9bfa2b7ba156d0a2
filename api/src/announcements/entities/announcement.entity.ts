import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_READERS,
  ROLES,
  type AnnouncementAudience,
  type AnnouncementPriority,
  type AnnouncementReaders,
  type Role,
} from '@portal/contracts';
import { CreatedAt, TextColumn, UpdatedAt, Varchar, UuidPk } from '../../common/columns';
import { randomUUID } from 'node:crypto';
import { User } from '../../users/entities/user.entity';

@Entity('announcements')
export class Announcement {
  @UuidPk() id: string = randomUUID();
  @Index() @Column({ type: 'varchar', length: 36 }) authorId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'authorId' }) author?: User;
  @Varchar(200) title: string;
  @TextColumn() content: string;
  @Column({ type: 'simple-enum', enum: ANNOUNCEMENT_PRIORITIES, default: 'medium' }) priority: AnnouncementPriority;
  @Column({ type: 'simple-enum', enum: ANNOUNCEMENT_AUDIENCES, default: 'all' }) targetAudience: AnnouncementAudience;
  /** Its students, their guardians, or both (the guardians of a group's or class's recipients, as linked now). */
  @Column({ type: 'simple-enum', enum: ANNOUNCEMENT_READERS, default: 'students' }) readers: AnnouncementReaders;
  /** A group audience: the group, named as it was when posted (the groups module's; no key into its table). */
  @Column({ type: 'varchar', length: 36, nullable: true }) targetGroupId: string | null;
  @Varchar(100, { nullable: true }) targetGroupName: string | null;
  /** A class audience: the class and section. */
  @Varchar(20, { nullable: true }) targetClass: string | null;
  @Varchar(10, { nullable: true }) targetSection: string | null;
  @Index() @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}

/**
 * Who a targeted announcement (group, class) was addressed to: the students the owning modules named when it was
 * posted, kept so that who may read it is one indexed look-up, and stays what it was when a group or a class changes.
 */
@Entity('announcement_recipients')
@Index(['userId', 'announcementId'])
export class AnnouncementRecipient {
  @PrimaryColumn({ type: 'varchar', length: 36 }) announcementId: string;
  @ManyToOne(() => Announcement, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'announcementId' })
  announcement?: Announcement;
  @PrimaryColumn({ type: 'varchar', length: 36 }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
}

@Entity('announcement_comments')
export class AnnouncementComment {
  @UuidPk() id: string = randomUUID();
  @Index() @Column({ type: 'varchar', length: 36 }) announcementId: string;
  @ManyToOne(() => Announcement, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'announcementId' })
  announcement?: Announcement;
  @Column({ type: 'varchar', length: 36 }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @Column({ type: 'simple-enum', enum: ROLES }) userRole: Role;
  @TextColumn() content: string;
  @CreatedAt() createdAt: Date;
}

/** One like per user per announcement: the unique key makes toggles idempotent under concurrency. */
@Entity('announcement_likes')
@Unique(['announcementId', 'userId'])
export class AnnouncementLike {
  @UuidPk() id: string = randomUUID();
  @Column({ type: 'varchar', length: 36 }) announcementId: string;
  @ManyToOne(() => Announcement, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'announcementId' })
  announcement?: Announcement;
  @Column({ type: 'varchar', length: 36 }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @CreatedAt() createdAt: Date;
}
