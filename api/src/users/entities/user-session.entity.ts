import { randomUUID } from 'node:crypto';
import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { DateTimeColumn, UuidPk, Varchar } from '../../common/columns';
import { User } from './user.entity';

/**
 * A sign-in on some device, named by its id in the token (`sid`): the token works while this row exists and has not
 * expired. Ending a session deletes its row; ending all of a user's (sign-out everywhere, deactivation, a new password)
 * also moves the account's tokenVersion on. Last use and address are written at most once a minute.
 */
@Entity('user_sessions')
@Index(['userId', 'expiresAt'])
export class UserSession {
  @UuidPk() id: string = randomUUID();
  @Varchar(36) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  /** The browser's User-Agent header as sent at sign-in (cut to its first 400 characters). */
  @Varchar(400, { nullable: true }) userAgent: string | null;
  /** The address of the latest use. */
  @Varchar(64, { nullable: true }) address: string | null;
  @DateTimeColumn() createdAt: Date;
  @DateTimeColumn() lastUsedAt: Date;
  @DateTimeColumn() expiresAt: Date;
}
