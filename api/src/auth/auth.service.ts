import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  MSG,
  type ChangePasswordResponse,
  type LoginResponse,
  type RegisterResponse,
  type Role,
} from '@portal/contracts';
import { AuditService } from '../audit/audit.service';
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
import { LoginLimiterService } from './login-limiter.service';
import { RegistrationLimiterService } from './registration-limiter.service';

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
  ) {}

  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
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
    await this.limiter.succeeded(ip, dto.email);
    user.lastLogin = this.clock.now();
    await this.users.recordSignIn(user.id, user.lastLogin);
    return { token: await this.sign(user), user: toUserResponse(user) };
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
  async changePassword(me: AuthUser, dto: ChangePasswordDto): Promise<ChangePasswordResponse> {
    const user = await this.users.findWithHash(me.id);
    if (!user || !(await this.passwords.matches(user.passwordHash, dto.currentPassword)))
      throw AuthException.wrongCurrentPassword();
    await this.db.transaction(async (tx) => {
      await this.users.setPassword(me.id, dto.newPassword, tx);
      await this.sessions.endSessions(me.id, tx);
    });
    const fresh = await this.users.findById(me.id);
    if (!fresh) throw AuthException.sessionEnded();
    return { message: 'Password changed successfully', token: await this.sign(fresh) };
  }

  logout(userId: string): Promise<void> {
    return this.sessions.endSessions(userId);
  }

  async resolveTokenUser(payload: JwtPayload): Promise<AuthUser | null> {
    if (!payload?.sub) return null;
    const user = await this.users.tokenUser(payload.sub);
    if (!user || !Number(user.isActive) || Number(user.tokenVersion) !== payload.ver) return null;
    return { id: user.id, email: user.email, role: user.role, fullName: user.fullName, language: user.language };
  }

  /** The account as the users module answers it: what the token names (who, in which role, which token version). */
  private sign(user: { id: string; role: Role; tokenVersion: number }): Promise<string> {
    const payload: JwtPayload = { sub: user.id, role: user.role, ver: user.tokenVersion };
    return this.jwt.signAsync(payload);
  }
}
