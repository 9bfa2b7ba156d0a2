import { Column, Entity, Index } from 'typeorm';
import { DEFAULT_LANGUAGE, ROLES, type Role, type UserLanguage } from '@portal/contracts';
import { CreatedAt, DateTimeColumn, UpdatedAt, Varchar, UuidPk } from '../../common/columns';
import { randomUUID } from 'node:crypto';

/** The stored hash of an invited account until its owner sets a password (it can never match one). */
export const INVITED_HASH_PREFIX = '!invited-';

@Entity('users')
// role, isActive: the admin dashboard counts users by both, reading only this index (role-only filters use its prefix).
@Index(['role', 'isActive'])
export class User {
  @UuidPk() id: string = randomUUID();
  @Index({ unique: true }) @Varchar(254) email: string;
  /** Name and phone are common to every role, so they live here rather than in each profile. */
  @Index() @Varchar(100) fullName: string;
  @Varchar(30, { default: '' }) phone: string;
  @Varchar(255, { select: false }) passwordHash: string;
  @Column({ type: 'simple-enum', enum: ROLES }) role: Role;
  @Column({ type: 'boolean', default: true }) isActive: boolean;
  /** A self-registered mentor: inactive until an admin approves (or declines, which deletes the account). */
  @Column({ type: 'boolean', default: false }) pendingApproval: boolean;
  /** An admin designated to read kept chats and handle message reports (only ever true for an admin). */
  @Column({ type: 'boolean', default: false }) safeguardingLead: boolean;
  /** Bumped on sign-out, password change and deactivation: older tokens stop working. */
  @Column({ type: 'int', default: 0 }) tokenVersion: number;
  /** The language the person chose: their screens at sign-in, and what the server writes for them. */
  @Varchar(8, { default: DEFAULT_LANGUAGE }) language: UserLanguage;
  @Index() @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
  @DateTimeColumn({ nullable: true }) lastLogin: Date | null;
}
