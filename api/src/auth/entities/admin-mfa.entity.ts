import { randomUUID } from 'node:crypto';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, UuidPk, Varchar } from '../../common/columns';
import { User } from '../../users/entities/user.entity';

/**
 * An admin's authenticator (TOTP): its secret encrypted (AES-256-GCM; it must be read back, so it cannot be hashed),
 * active once a first code from it was given, and the last time step accepted (a code is never taken twice).
 */
@Entity('admin_authenticators')
export class AdminAuthenticator {
  @PrimaryColumn({ type: 'varchar', length: 36 }) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @Varchar(255) secret: string;
  @DateTimeColumn({ nullable: true }) enabledAt: Date | null;
  @Column({ type: 'int', nullable: true }) lastStep: number | null;
  @CreatedAt() createdAt: Date;
}

/** One of an admin's ten recovery codes: only its SHA-256 is kept (the code is random, not a password); used once. */
@Entity('admin_recovery_codes')
export class AdminRecoveryCode {
  @UuidPk() id: string = randomUUID();
  @Index() @Varchar(36) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @Index({ unique: true }) @Varchar(64) codeHash: string;
  @DateTimeColumn({ nullable: true }) usedAt: Date | null;
}
