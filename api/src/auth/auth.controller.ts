import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  type ChangePasswordResponse,
  type MfaEnrolmentResponse,
  type MfaVerifyResponse,
  type SignInResponse,
  type MeResponse,
  type ForgotPasswordResponse,
  type MessageResponse,
  type RegisterResponse,
  type SessionsResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { AnyRole, CurrentUser, Public } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { RegisterDto } from '../users/dto/register.dto';
import { UpdateMeDto } from '../users/dto/update-me.dto';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { seenFrom } from './seen-from';
import { MfaEnrolmentDto, MfaVerifyDto } from './dto/mfa.dto';
import { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto } from './dto/password.dto';
import { PasswordResetService } from './password-reset.service';
import { RegistrationLimiterService } from './registration-limiter.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
    private readonly registrations: RegistrationLimiterService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  @ApiAnswer('SignInResponse')
  @ApiErrors(
    ErrorCode.PasswordSignInOff,
    ErrorCode.AccountInactive,
    ErrorCode.AccountPending,
    ErrorCode.InvalidCredentials,
    ErrorCode.TooManyRequests,
  )
  login(@Body() dto: LoginDto, @Req() req: FastifyRequest): Promise<SignInResponse> {
    changesNoKeptRead();
    return this.auth.login(dto, seenFrom(req));
  }

  @Public()
  @Post('mfa/enrolment')
  @HttpCode(200)
  @ApiOperation({
    summary: "A challenged admin's new authenticator: its secret and QR code (active after a first code)",
  })
  @ApiAnswer('MfaEnrolmentResponse')
  @ApiErrors(ErrorCode.MfaChallengeInvalid, ErrorCode.MfaAlreadyEnrolled)
  enrolMfa(@Body() dto: MfaEnrolmentDto): Promise<MfaEnrolmentResponse> {
    changesNoKeptRead();
    return this.auth.enrolMfa(dto.challenge);
  }

  @Public()
  @Post('mfa/verify')
  @HttpCode(200)
  @ApiOperation({
    summary: "An admin's second step: an authenticator or recovery code for the challenge, then the token",
  })
  @ApiAnswer('MfaVerifyResponse')
  @ApiErrors(ErrorCode.MfaChallengeInvalid, ErrorCode.MfaCodeInvalid, ErrorCode.TooManyRequests)
  verifyMfa(@Body() dto: MfaVerifyDto, @Req() req: FastifyRequest): Promise<MfaVerifyResponse> {
    changesNoKeptRead();
    return this.auth.verifyMfa(dto.challenge, dto.code, seenFrom(req));
  }

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Register a mentor or mentee account (an admin may register any role)' })
  @ApiAnswer('RegisterResponse')
  @ApiErrors(ErrorCode.EmailTaken, ErrorCode.Forbidden, ErrorCode.IdTaken, ErrorCode.TooManyRequests)
  register(
    @Body() dto: RegisterDto,
    @CurrentUser() caller: AuthUser | undefined,
    @Req() req: FastifyRequest,
  ): Promise<RegisterResponse> {
    return this.auth.register(dto, caller, req.ip);
  }

  @AnyRole()
  @Get('me')
  @ApiOperation({ summary: 'The signed-in user and their profile' })
  @ApiAnswer('MeResponse')
  @ApiErrors(ErrorCode.UserNotFound)
  me(@CurrentUser() me: AuthUser): Promise<MeResponse> {
    return this.users.me(me.id);
  }

  @AnyRole()
  @Patch('me')
  @ApiOperation({ summary: "Change the caller's own settings (their language, their phone)" })
  @ApiAnswer('MeResponse')
  @ApiErrors(ErrorCode.UserNotFound)
  updateMe(@CurrentUser() me: AuthUser, @Body() dto: UpdateMeDto): Promise<MeResponse> {
    changesNoKeptRead();
    return this.users.updateMe(me.id, dto);
  }

  @AnyRole()
  @Post('change-password')
  @HttpCode(200)
  @ApiOperation({ summary: "Change the caller's password" })
  @ApiAnswer('ChangePasswordResponse')
  @ApiErrors(ErrorCode.WrongCurrentPassword)
  changePassword(
    @CurrentUser() me: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Req() req: FastifyRequest,
  ): Promise<ChangePasswordResponse> {
    changesNoKeptRead();
    return this.auth.changePassword(me, dto, seenFrom(req));
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(202)
  @ApiOperation({ summary: 'Ask for a password-reset link by e-mail' })
  @ApiAnswer('ForgotPasswordResponse')
  @ApiErrors(ErrorCode.TooManyRequests)
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: FastifyRequest): Promise<ForgotPasswordResponse> {
    changesNoKeptRead();
    await this.registrations.consume(req.ip);
    return this.resets.request(dto.email);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: "Set a new password with a reset link's token" })
  @ApiAnswer('MessageResponse')
  @ApiErrors(ErrorCode.ResetLinkInvalid)
  resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageResponse> {
    changesNoKeptRead();
    return this.resets.reset(dto.token, dto.newPassword);
  }

  @AnyRole()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: "Sign out: this session's token and sockets stop working (other devices stay signed in)" })
  @ApiAnswer(null)
  logout(@CurrentUser() me: AuthUser): Promise<void> {
    changesNoKeptRead();
    return this.auth.logout(me);
  }

  @AnyRole()
  @Get('sessions')
  @ApiOperation({ summary: "The caller's active sessions (device, address, last use), this one first" })
  @ApiAnswer('SessionsResponse')
  sessions(@CurrentUser() me: AuthUser): Promise<SessionsResponse> {
    return this.auth.sessionsOf(me);
  }

  @AnyRole()
  @Delete('sessions/:id')
  @HttpCode(204)
  @ApiOperation({ summary: "End one of the caller's sessions: its token and its sockets stop working at once" })
  @ApiAnswer(null)
  @ApiErrors(ErrorCode.SessionNotFound)
  endSession(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<void> {
    changesNoKeptRead();
    return this.auth.endSession(me, id);
  }

  @AnyRole()
  @Delete('sessions')
  @HttpCode(204)
  @ApiOperation({ summary: "End every session of the caller's but this one" })
  @ApiAnswer(null)
  endOtherSessions(@CurrentUser() me: AuthUser): Promise<void> {
    changesNoKeptRead();
    return this.auth.endOtherSessions(me);
  }
}
