import { Entity, Index } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { CreatedAt, DateTimeColumn, UuidPk, Varchar } from '../../common/columns';

/** A single-use link to set a new password: only the SHA-256 of its token is kept; it expires after 30 minutes. */
@Entity('password_reset_tokens')
export class PasswordResetToken {
  @UuidPk() id: string = randomUUID();
  @Index() @Varchar(36) userId: string;
  @Index({ unique: true }) @Varchar(64) tokenHash: string;
  @DateTimeColumn() expiresAt: Date;
  @DateTimeColumn({ nullable: true }) usedAt: Date | null;
  @CreatedAt() createdAt: Date;
}

/** Someone asked for a reset link from the sign-in page: shown to admins until one is issued. */
@Entity('password_reset_requests')
export class PasswordResetRequest {
  @UuidPk() id: string = randomUUID();
  @Index({ unique: true }) @Varchar(36) userId: string;
  @CreatedAt() createdAt: Date;
}
