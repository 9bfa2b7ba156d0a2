import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  MSG,
  type ChangePasswordResponse,
  type LoginResponse,
  type MfaEnrolmentResponse,
  type MfaVerifyResponse,
  type SignInResponse,
  type SessionsResponse,
  type RegisterResponse,
  type Role,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../dates/clock';
import { DomainEvents } from '../events/domain-events';
import type { AuthUser } from '../common/auth-user';
import type { RegisterDto } from '../users/dto/register.dto';
import { PasswordService } from '../users/password.service';
import { toUserResponse } from '../users/user.mapper';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';
import { AuthException } from './auth.exception';
import type { LoginDto } from './dto/login.dto';
import type { ChangePasswordDto } from './dto/password.dto';
import type { JwtPayload } from './jwt-payload';
import { UserSessionsService, type SeenFrom } from '../users/user-sessions.service';
import { LoginLimiterService } from './login-limiter.service';
import { MfaService, removeSecondFactor } from './mfa/mfa.service';
import { RegistrationLimiterService } from './registration-limiter.service';

/** An account as the users module answers it. */
type Account = NonNullable<Awaited<ReturnType<UsersService['findById']>>>;

/** Sign-in, registration, sign-out and the token check; the accounts themselves are the users module's. */
@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jwt: JwtService,
    private readonly passwords: PasswordService,
    private readonly limiter: LoginLimiterService,
    private readonly registrations: RegistrationLimiterService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mfa: MfaService,
    private readonly userSessions: UserSessionsService,
  ) {}

  async login(dto: LoginDto, seen: SeenFrom & { address: string }): Promise<SignInResponse> {
    const ip = seen.address;
    await this.limiter.beforeAttempt(ip, dto.email);
    const user = await this.users.findForSignIn(dto.email);
    // One argon2 verification whatever the case (no account, no password yet, a wrong or the right one): the time of
    // the answer says nothing of the account.
    const ok = await this.passwords.matches(user?.passwordHash, dto.password);
    if (!user || !ok) {
      await this.limiter.failed(ip, dto.email);
      throw AuthException.invalidCredentials();
    }
    if (user.pendingApproval) throw AuthException.accountPending();
    if (!user.isActive) throw AuthException.accountInactive();
    // Told only to whoever knows the password: the answer says nothing of an account's role to a guesser.
    if (this.config.passwordSignIn === 'students-only' && (user.role === 'admin' || user.role === 'mentor'))
      throw AuthException.passwordSignInOff();
    await this.limiter.succeeded(ip, dto.email);
    return this.signIn(user, seen);
  }

  /**
   * The account may sign in (active, approved): its sign-in is recorded and it gets a token, as after a password; an
   * admin under ADMIN_MFA=required gets only the second step's challenge.
   */
  async signIn(user: Account, seen: SeenFrom): Promise<SignInResponse> {
    if (user.pendingApproval) throw AuthException.accountPending();
    if (!user.isActive) throw AuthException.accountInactive();
    if (this.mfa.required(user.role)) return this.mfa.challenge(user);
    return this.issue(user, seen);
  }

  /** The challenged admin's enrolment: a new authenticator secret and its QR code. */
  async enrolMfa(challenge: string): Promise<MfaEnrolmentResponse> {
    const user = await this.challenged(challenge);
    return this.mfa.enrol(user.id, user.email);
  }

  /** The second step: a code from the authenticator (or a recovery code), then the token, as after a password. */
  async verifyMfa(challenge: string, code: string, seen: SeenFrom & { address: string }): Promise<MfaVerifyResponse> {
    const user = await this.challenged(challenge);
    const recoveryCodes = await this.mfa.check(user.id, code, seen.address);
    return { ...(await this.issue(user, seen)), recoveryCodes };
  }

  /** Another admin resets a lost second factor: audited, and every session of that admin ends. */
  async resetMfa(actor: AuthUser, userId: string): Promise<void> {
    if (actor.id === userId) throw AuthException.ownMfa();
    const user = await this.users.findById(userId);
    if (!user || user.role !== 'admin') throw AuthException.mfaNotEnrolled();
    await this.db.transaction(async (tx) => {
      if (!(await removeSecondFactor(tx, userId))) throw AuthException.mfaNotEnrolled();
      await this.audit.record(tx, actor, 'admin.mfa-reset', {
        type: 'user',
        id: user.id,
        label: `${user.fullName} <${user.email}>`,
      });
      await this.sessions.endSessions(userId, tx);
    });
  }

  /** The account a challenge names, still active and in the session the challenge was made for. */
  private async challenged(challenge: string): Promise<Account> {
    const { userId, ver } = await this.mfa.readChallenge(challenge);
    const user = await this.users.findById(userId);
    if (!user || !user.isActive || user.pendingApproval || user.tokenVersion !== ver)
      throw AuthException.mfaChallengeInvalid();
    return user;
  }

  private async issue(user: Account, seen: SeenFrom): Promise<LoginResponse> {
    user.lastLogin = this.clock.now();
    await this.users.recordSignIn(user.id, user.lastLogin);
    return { token: await this.openSession(user, seen), user: toUserResponse(user) };
  }

  /**
   * Public registration makes mentees (active) and mentors (waiting for an admin's approval), limited per address;
   * an admin account needs an admin caller, and what an admin registers is active at once.
   */
  async register(dto: RegisterDto, caller: AuthUser | undefined, ip: string): Promise<RegisterResponse> {
    const byAdmin = caller?.role === 'admin';
    if (dto.role === 'admin' && !byAdmin) throw AuthException.adminOnlyRegistration();
    if (!byAdmin) await this.registrations.consume(ip);
    const pendingApproval = dto.role === 'mentor' && !byAdmin;
    const user = byAdmin
      ? // An admin creating an account (the Create Admin screen) is logged as user management's creations are.
        await this.db.transaction(async (tx) => {
          const created = await this.users.createAccount(dto, tx);
          await this.audit.record(
            tx,
            caller,
            dto.role === 'admin' ? 'admin.create' : 'user.create',
            { type: 'user', id: created.id, label: `${created.fullName} <${created.email}>` },
            {
              email: { from: null, to: created.email },
              role: { from: null, to: created.role },
              fullName: { from: null, to: created.fullName },
            },
          );
          return created;
        })
      : pendingApproval
        ? // Every active admin is told, in the account's transaction.
          await this.db.transaction(async (tx) => {
            const created = await this.users.createAccount(dto, tx, { pendingApproval });
            await this.events.emit(tx, 'account.pending', {
              userId: created.id,
              fullName: created.fullName,
              email: created.email,
            });
            return created;
          })
        : await this.users.createAccount(dto, undefined, { pendingApproval });
    if (pendingApproval) return { message: MSG.registeredPending, user: toUserResponse(user) };
    const label = dto.role === 'admin' ? 'Admin account' : 'Account';
    return { message: `${label} created successfully`, user: toUserResponse(user) };
  }

  /** The caller's own password: the current one must match; every other session ends, this one gets a fresh token. */
  async changePassword(me: AuthUser, dto: ChangePasswordDto, seen: SeenFrom): Promise<ChangePasswordResponse> {
    const user = await this.users.findWithHash(me.id);
    if (!user || !(await this.passwords.matches(user.passwordHash, dto.currentPassword)))
      throw AuthException.wrongCurrentPassword();
    const token = await this.db.transaction(async (tx) => {
      await this.users.setPassword(me.id, dto.newPassword, tx);
      await this.sessions.endSessions(me.id, tx);
      // This device's new session in the same transaction: the answer is ready when the old sockets are told to go
      // (the page, told its socket was closed, asks whether its session stands: the new token must be there first).
      const fresh = await this.users.findById(me.id, tx);
      if (!fresh) throw AuthException.sessionEnded();
      return this.openSession(fresh, seen, tx);
    });
    return { message: 'Password changed successfully', token };
  }

  /** Sign-out: this session ends (its token and sockets); the user's other devices stay signed in. */
  async logout(me: AuthUser): Promise<void> {
    if (me.sid) await this.endSession(me, me.sid);
  }

  /** The caller's live sessions, this one first. */
  sessionsOf(me: AuthUser): Promise<SessionsResponse> {
    return this.userSessions.list(me.id, me.sid ?? '').then((sessions) => ({ sessions }));
  }

  /** Ends one of the caller's own sessions (this one too, which is signing out); its sockets go at once. */
  async endSession(me: AuthUser, id: string): Promise<void> {
    if (!(await this.userSessions.end(me.id, id))) throw AuthException.sessionNotFound();
    this.sessions.disconnectSession(id);
  }

  /** Ends every session of the caller but the one making the call. */
  async endOtherSessions(me: AuthUser): Promise<void> {
    for (const id of await this.userSessions.endOthers(me.id, me.sid ?? '')) this.sessions.disconnectSession(id);
  }

  /**
   * The token's session, live, of an active account whose token version it carries; a call (`seen`) is noted as the
   * session's last use. A token without a session (issued before sessions were kept) is refused.
   */
  async resolveTokenUser(payload: JwtPayload, seen?: SeenFrom): Promise<AuthUser | null> {
    if (!payload?.sub || typeof payload.sid !== 'string') return null;
    const row = await this.userSessions.tokenSession(payload.sid);
    if (!row || row.id !== payload.sub || !Number(row.isActive) || Number(row.tokenVersion) !== payload.ver)
      return null;
    if (seen) await this.userSessions.touch(row, seen);
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      fullName: row.fullName,
      language: row.language,
      sid: row.sid,
    };
  }

  /**
   * A new session and its token: who, in which role, which token version, which session. The session ends when the
   * token expires.
   */
  private async openSession(
    user: { id: string; role: Role; tokenVersion: number },
    seen: SeenFrom,
    manager?: EntityManager,
  ): Promise<string> {
    const sid = randomUUID();
    const payload: JwtPayload = { sub: user.id, role: user.role, ver: user.tokenVersion, sid };
    const token = await this.jwt.signAsync(payload);
    const { iat, exp } = this.jwt.decode<{ iat: number; exp: number }>(token);
    await this.userSessions.open(
      user.id,
      sid,
      { issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) },
      seen,
      manager,
    );
    return token;
  }
}
