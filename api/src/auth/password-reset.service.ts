import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, MoreThan, type Repository } from 'typeorm';
import type { MessageResponse, PasswordResetRequestItem, ResetLinkResponse } from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { iso } from '../common/dates';
import { SessionsService } from '../sessions/sessions.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { UserException } from '../users/user.exception';
import { UsersService } from '../users/users.service';
import { AuthException } from './auth.exception';
import { PasswordResetRequest, PasswordResetToken } from './entities/password-reset.entity';

export const RESET_LINK_MINUTES = 30;
const FORGOT_ANSWER =
  'If an account exists for this e-mail, an administrator will send you a link to reset your password.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Reset links: anyone may ask (the answer never says whether the account exists; admins see the request), an admin
 * issues a single-use link to pass on (no e-mail yet), and the link sets a new password once within 30 minutes,
 * ending every session of the account. Only the SHA-256 of a link's token is stored.
 */
@Injectable()
export class PasswordResetService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(PasswordResetToken) private readonly tokens: Repository<PasswordResetToken>,
    @InjectRepository(PasswordResetRequest) private readonly requests: Repository<PasswordResetRequest>,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly cleanup: AccountCleanupRegistry,
  ) {}

  onModuleInit(): void {
    this.cleanup.register(CLEANUP_ORDER.passwordResets, async (user, tx) => {
      await tx.delete(PasswordResetToken, { userId: user.id });
      await tx.delete(PasswordResetRequest, { userId: user.id });
      return {};
    });
  }

  async request(email: string): Promise<MessageResponse> {
    const user = await this.users.findForSignIn(email);
    if (user && !(await this.requests.existsBy({ userId: user.id })))
      await this.requests.insert(this.requests.create({ userId: user.id })).catch(() => undefined);
    return { message: FORGOT_ANSWER };
  }

  async openRequests(): Promise<PasswordResetRequestItem[]> {
    const rows = await this.requests.find({ order: { createdAt: 'ASC' } });
    const users = new Map((await this.users.findByIds(rows.map((r) => r.userId))).map((u) => [u.id, u]));
    return rows.flatMap((r) => {
      const u = users.get(r.userId);
      return u
        ? [
            {
              _id: r.id,
              userId: u.id,
              email: u.email,
              fullName: u.fullName,
              role: u.role,
              requestedAt: iso(r.createdAt)!,
            },
          ]
        : [];
    });
  }

  async issue(userId: string, actor: AuthUser): Promise<ResetLinkResponse> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60 * 1000);
    await this.db.transaction(async (tx) => {
      const user = await this.users.findById(userId);
      if (!user) throw UserException.notFound();
      // One live link per account: an earlier one stops working.
      await tx.delete(PasswordResetToken, { userId });
      await tx.insert(
        PasswordResetToken,
        tx.create(PasswordResetToken, { userId, tokenHash: hashOf(token), expiresAt }),
      );
      await tx.delete(PasswordResetRequest, { userId });
      await this.audit.record(tx, actor, 'user.password.reset-link', {
        type: 'user',
        id: user.id,
        label: `${user.fullName} <${user.email}>`,
      });
    });
    return { token, url: `/reset-password?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
  }

  async reset(token: string, newPassword: string): Promise<MessageResponse> {
    const hash = hashOf(token);
    await this.db.transaction(async (tx) => {
      const link = await tx.findOneBy(PasswordResetToken, {
        tokenHash: hash,
        usedAt: IsNull(),
        expiresAt: MoreThan(new Date()),
      });
      if (!link) throw AuthException.resetLinkInvalid();
      // Used once: of two racing uses, only the one whose update matched the unused row goes on.
      const used = await tx.update(PasswordResetToken, { id: link.id, usedAt: IsNull() }, { usedAt: new Date() });
      if (!used.affected) throw AuthException.resetLinkInvalid();
      await this.users.setPassword(link.userId, newPassword, tx);
      await tx.delete(PasswordResetRequest, { userId: link.userId });
      await this.sessions.endSessions(link.userId, tx);
    });
    return { message: 'Your password has been reset. Please sign in with the new password.' };
  }
}
