import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { LoginResponse, RegisterResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import type { RegisterDto } from '../users/dto/register.dto';
import type { User } from '../users/entities/user.entity';
import { PasswordService } from '../users/password.service';
import { toUserResponse } from '../users/user.mapper';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';
import { AuthException } from './auth.exception';
import type { LoginDto } from './dto/login.dto';
import type { JwtPayload } from './jwt-payload';
import { LoginLimiterService } from './login-limiter.service';

/** Sign-in, registration, sign-out and the token check; the accounts themselves are the users module's. */
@Injectable()
export class AuthService {
  constructor(
    private readonly jwt: JwtService,
    private readonly passwords: PasswordService,
    private readonly limiter: LoginLimiterService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    await this.limiter.beforeAttempt(ip, dto.email);
    const user = await this.users.findForSignIn(dto.email);
    const ok = user
      ? await this.passwords.verify(user.passwordHash, dto.password)
      : await this.passwords.verifyAgainstNothing(dto.password);
    if (!user || !ok) {
      await this.limiter.failed(dto.email);
      throw AuthException.invalidCredentials();
    }
    if (!user.isActive) throw AuthException.accountInactive();
    await this.limiter.succeeded(dto.email);
    user.lastLogin = new Date();
    await this.users.recordSignIn(user.id, user.lastLogin);
    return { token: await this.sign(user), user: toUserResponse(user) };
  }

  /** Public registration makes mentors and mentees; an admin account needs an admin caller. */
  async register(dto: RegisterDto, caller: AuthUser | undefined): Promise<RegisterResponse> {
    if (dto.role === 'admin' && caller?.role !== 'admin') throw AuthException.adminOnlyRegistration();
    const user = await this.users.createAccount(dto);
    const label = dto.role === 'admin' ? 'Admin account' : 'Account';
    return { message: `${label} created successfully`, user: toUserResponse(user) };
  }

  logout(userId: string): Promise<void> {
    return this.sessions.endSessions(userId);
  }

  async resolveTokenUser(payload: JwtPayload): Promise<AuthUser | null> {
    if (!payload?.sub) return null;
    const user = await this.users.tokenUser(payload.sub);
    if (!user || !Number(user.isActive) || Number(user.tokenVersion) !== payload.ver) return null;
    return { id: user.id, email: user.email, role: user.role, fullName: user.fullName };
  }

  private sign(user: User): Promise<string> {
    const payload: JwtPayload = { sub: user.id, role: user.role, ver: user.tokenVersion };
    return this.jwt.signAsync(payload);
  }
}
