import { Column, Entity, Index, JoinColumn, ManyToOne, Unique } from 'typeorm';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_PRIORITIES,
  ROLES,
  type AnnouncementAudience,
  type AnnouncementPriority,
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
  @Index() @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
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
