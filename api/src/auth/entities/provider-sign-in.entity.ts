import { randomUUID } from 'node:crypto';
import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, UuidPk, Varchar } from '../../common/columns';
import { User } from '../../users/entities/user.entity';

/**
 * The school provider's identity bound to an account at its first provider sign-in (matched by verified e-mail): later
 * sign-ins with that e-mail must come from the same subject, since schools give a leaver's address to someone else.
 */
@Entity('sign_in_identities')
@Index(['issuer', 'subject'], { unique: true })
@Index(['userId', 'issuer'], { unique: true })
export class SignInIdentity {
  @UuidPk() id: string = randomUUID();
  @Varchar(36) userId: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'userId' }) user?: User;
  @Varchar(255) issuer: string;
  @Varchar(255) subject: string;
  @CreatedAt() createdAt: Date;
}

/**
 * A provider sign-in under way, tied to the browser by an HttpOnly cookie whose SHA-256 is the id: the PKCE verifier,
 * state and nonce until the provider calls back (10 minutes, used once), then the account it signed in until the
 * sign-in page collects its token (2 minutes, used once).
 */
@Entity('provider_sign_ins')
export class ProviderSignIn {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id: string;
  @Varchar(8) portal: 'main' | 'admin';
  @Varchar(128, { nullable: true }) codeVerifier: string | null;
  @Varchar(64, { nullable: true }) state: string | null;
  @Varchar(64, { nullable: true }) nonce: string | null;
  /** Set once the provider's answer checked out: the account whose token the sign-in page collects. */
  @Varchar(36, { nullable: true }) userId: string | null;
  @Index() @DateTimeColumn() expiresAt: Date;
}
