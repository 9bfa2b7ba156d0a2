import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, MoreThan, type EntityManager, type Repository } from 'typeorm';
import {
  isEmailAddress,
  type ForgotPasswordResponse,
  type MessageResponse,
  type PageQuery,
  type PasswordResetRequestItem,
  type ResetLinkResponse,
  type UserLanguage,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import type { ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { windowOf } from '../common/pagination.dto';
import { Clock } from '../dates/clock';
import { iso } from '../dates/iso';
import { render, text, type TextKey } from '../i18n/texts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NotificationsService } from '../notifications/notifications.service';
import { OutboxService } from '../outbox/outbox.service';
import { SessionsService } from '../sessions/sessions.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { UserException } from '../users/user.exception';
import { UsersService } from '../users/users.service';
import { AuthException } from './auth.exception';
import { PasswordResetRequest, PasswordResetToken } from './entities/password-reset.entity';

export const RESET_LINK_MINUTES = 30;
/** A welcome link (an imported account's first password) waits for its owner longer than a reset link. */
export const WELCOME_LINK_DAYS = 7;
const FORGOT_ANSWER =
  'If an account exists for this e-mail, a link to reset your password has been sent to it (valid for 30 minutes). ' +
  'If none arrives, an administrator can send you one.';
/** Without a mail server the request reaches the admins (their list of reset requests), who pass a link on. */
const FORGOT_ANSWER_NO_MAIL =
  'If an account exists for this e-mail, your request has been passed to the administrators: ' +
  'they will give you a link to set a new password.';
/** A further request within this time sends no new e-mail (nobody can flood an inbox through the form). */
const RESEND_AFTER_MINUTES = 5;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The outbox job of a forgot-password request: finds the account, writes the link and its e-mail (or nothing). */
export const JOB_RESET_REQUEST = 'password.reset-request';

/**
 * Reset links: anyone may ask (neither the answer nor the work done while answering says whether the account exists;
 * admins see the request) and an active account is e-mailed a single-use link (through the outbox); an admin can also
 * issue a link to pass on. A link sets a new password once within 30 minutes, ending every session of the account.
 * Only the SHA-256 of a link's token is stored.
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
    private readonly notifications: NotificationsService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The instant `ms` from now on the clock. */
  private fromNow(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  onModuleInit(): void {
    // Run at once after the request's commit (the person waits for the e-mail), by the worker otherwise.
    this.outbox.register<{ email: string }>(JOB_RESET_REQUEST, (p) => this.sendLink(p.email), { atOnce: true });
    this.cleanup.register(CLEANUP_ORDER.passwordResets, async (user, tx) => {
      await tx.delete(PasswordResetToken, { userId: user.id });
      await tx.delete(PasswordResetRequest, { userId: user.id });
      return {};
    });
  }

  /**
   * A forgot-password request: the same work for every address, whether an account has it, has no password yet, or is
   * deactivated: one transaction writing one outbox job. The job (sendLink) does the rest after the answer; for an
   * address no account has it finds nothing to send.
   */
  async request(email: string): Promise<ForgotPasswordResponse> {
    await this.db.transaction((tx) => this.outbox.enqueue(tx, { kind: JOB_RESET_REQUEST, payload: { email } }));
    const emailed = this.mailConfigured();
    return { message: emailed ? FORGOT_ANSWER : FORGOT_ANSWER_NO_MAIL, emailed };
  }

  /** Whether e-mail leaves the portal (SMTP_URL); without it, mail is only kept in the delivery log. */
  private mailConfigured(): boolean {
    return !!this.config.mail.smtpUrl;
  }

  /** The e-mail of a reset link, as the account's owner reads it. */
  /** In the account's language. */
  private resetMail(
    user: { id: string; email: string; fullName: string; language?: UserLanguage },
    token: string,
    asked: Extract<TextKey, 'mail.reset.askedBySelf' | 'mail.reset.askedByAdmin'>,
  ) {
    const say = (...args: Parameters<typeof text>) => render(text(...args), user.language);
    return {
      kind: 'password.reset' as const,
      to: user.email,
      userId: user.id,
      subject: say('mail.reset.subject'),
      text: [
        say('mail.helloName', { name: user.fullName }),
        '',
        say(asked),
        say('mail.reset.open', { minutes: RESET_LINK_MINUTES }),
        '',
        `${this.config.mail.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        '',
        say('mail.reset.notYou'),
      ].join('\n'),
    };
  }

  /**
   * The job of a request: the account's request row (shown to admins until a link is issued) and, for an active
   * account without a fresh link, a new single-use link and its e-mail (through the outbox), in one transaction.
   * The e-mail goes to the one address the account stores, never to anything else a stored value might name.
   */
  private async sendLink(email: string): Promise<void> {
    const user = await this.users.findForSignIn(email);
    if (!user) return;
    await this.db.transaction(async (tx) => {
      // Shown to admins until a link is issued (one row per account, whoever asks how often).
      await tx
        .createQueryBuilder()
        .insert()
        .into(PasswordResetRequest)
        .values(tx.create(PasswordResetRequest, { userId: user.id }))
        .orIgnore()
        .execute();
      if (!user.isActive || !isEmailAddress(user.email)) return;
      const fresh = await tx.existsBy(PasswordResetToken, {
        userId: user.id,
        usedAt: IsNull(),
        expiresAt: MoreThan(this.fromNow((RESET_LINK_MINUTES - RESEND_AFTER_MINUTES) * 60_000)),
      });
      if (fresh) return;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = this.fromNow(RESET_LINK_MINUTES * 60_000);
      // One live link per account: an earlier one stops working.
      await tx.delete(PasswordResetToken, { userId: user.id });
      await tx.insert(
        PasswordResetToken,
        tx.create(PasswordResetToken, { userId: user.id, tokenHash: hashOf(token), expiresAt }),
      );
      await this.notifications.queueMail(tx, this.resetMail(user, token, 'mail.reset.askedBySelf'));
    });
  }

  /**
   * Imported accounts have no password: each is e-mailed a link to choose one, in the import's transaction (tokens
   * written in chunks, one outbox e-mail per account). Answers how many were queued.
   */
  async queueWelcomeLinks(
    tx: EntityManager,
    accounts: { id: string; email: string; fullName: string; language?: UserLanguage }[],
  ): Promise<number> {
    const expiresAt = this.fromNow(WELCOME_LINK_DAYS * 24 * 60 * 60_000);
    const links = accounts.map((a) => ({ account: a, token: randomBytes(32).toString('base64url') }));
    for (let i = 0; i < links.length; i += 100)
      await tx.insert(
        PasswordResetToken,
        links
          .slice(i, i + 100)
          .map(({ account, token }) =>
            tx.create(PasswordResetToken, { userId: account.id, tokenHash: hashOf(token), expiresAt }),
          ),
      );
    for (const { account, token } of links) {
      const say = (...args: Parameters<typeof text>) => render(text(...args), account.language);
      await this.notifications.queueMail(tx, {
        kind: 'password.reset',
        to: account.email,
        userId: account.id,
        subject: say('mail.welcome.subject'),
        text: [
          say('mail.helloName', { name: account.fullName }),
          '',
          say('mail.welcome.opened', { email: account.email }),
          say('mail.welcome.open', { days: WELCOME_LINK_DAYS }),
          '',
          `${this.config.mail.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          '',
          say('mail.welcome.expired'),
        ].join('\n'),
      });
    }
    return links.length;
  }

  /**
   * A guardian's invitation: a single-use link (WELCOME_LINK_DAYS, only its hash stored) where they choose their
   * password, e-mailed through the outbox in the caller's transaction. A resend issues a new link; older unused ones
   * stay valid until they expire.
   */
  async queueGuardianInvitation(
    tx: EntityManager,
    account: { id: string; email: string; fullName: string; language?: UserLanguage },
    child: string,
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.fromNow(WELCOME_LINK_DAYS * 24 * 60 * 60_000);
    await tx.insert(
      PasswordResetToken,
      tx.create(PasswordResetToken, { userId: account.id, tokenHash: hashOf(token), expiresAt }),
    );
    const say = (...args: Parameters<typeof text>) => render(text(...args), account.language);
    await this.notifications.queueMail(tx, {
      kind: 'password.reset',
      to: account.email,
      userId: account.id,
      subject: say('mail.invitation.subject', { child }),
      text: [
        say('mail.helloName', { name: account.fullName }),
        '',
        say('mail.invitation.invited', { child, email: account.email }),
        say('mail.invitation.open', { days: WELCOME_LINK_DAYS }),
        '',
        `${this.config.mail.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        '',
        say('mail.invitation.expired'),
      ].join('\n'),
    });
  }

  /** A revoked invitation's links stop working (the account's unused links are deleted). */
  async dropLinks(tx: EntityManager, userId: string): Promise<void> {
    await tx.delete(PasswordResetToken, { userId, usedAt: IsNull() });
  }

  /** Oldest first, the page `q` asks for (LIST_SIZE when no limit) and how many are open. */
  async openRequests(q: PageQuery): Promise<ArrayPage<PasswordResetRequestItem>> {
    const { skip, limit } = windowOf(q);
    const [rows, total] = await this.requests.findAndCount({
      order: { createdAt: 'ASC', id: 'ASC' },
      skip,
      take: limit,
    });
    const users = new Map((await this.users.findByIds(rows.map((r) => r.userId))).map((u) => [u.id, u]));
    const items = rows.flatMap((r) => {
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
    return { rows: items, total };
  }

  /**
   * An admin's "Send reset link": with a mail server, e-mailed to the account's own address (the admin never sees the
   * link); without one, answered to the admin to pass on.
   */
  async issue(userId: string, actor: AuthUser): Promise<ResetLinkResponse> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.fromNow(RESET_LINK_MINUTES * 60_000);
    let mailedTo: string | null = null;
    await this.db.transaction(async (tx) => {
      const user = await this.users.findById(userId);
      if (!user) throw UserException.notFound();
      if (this.mailConfigured() && isEmailAddress(user.email)) {
        await this.notifications.queueMail(tx, this.resetMail(user, token, 'mail.reset.askedByAdmin'));
        mailedTo = user.email;
      }
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
    if (mailedTo) return { emailed: true, to: mailedTo, token: null, url: null, expiresAt: expiresAt.toISOString() };
    return {
      emailed: false,
      to: null,
      token,
      url: `/reset-password?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async reset(token: string, newPassword: string): Promise<MessageResponse> {
    const hash = hashOf(token);
    await this.db.transaction(async (tx) => {
      const link = await tx.findOneBy(PasswordResetToken, {
        tokenHash: hash,
        usedAt: IsNull(),
        expiresAt: MoreThan(this.clock.now()),
      });
      if (!link) throw AuthException.resetLinkInvalid();
      // Used once: of two racing uses, only the one whose update matched the unused row goes on.
      const used = await tx.update(PasswordResetToken, { id: link.id, usedAt: IsNull() }, { usedAt: this.clock.now() });
      if (!used.affected) throw AuthException.resetLinkInvalid();
      await this.users.setPassword(link.userId, newPassword, tx);
      await tx.delete(PasswordResetRequest, { userId: link.userId });
      await this.sessions.endSessions(link.userId, tx);
    });
    return { message: 'Your password has been reset. Please sign in with the new password.' };
  }
}
