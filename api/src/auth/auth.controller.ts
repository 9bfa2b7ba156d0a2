import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  type ChangePasswordResponse,
  type LoginResponse,
  type MeResponse,
  type ForgotPasswordResponse,
  type MessageResponse,
  type RegisterResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { AnyRole, CurrentUser, Public } from '../common/decorators';
import { RegisterDto } from '../users/dto/register.dto';
import { UpdateMeDto } from '../users/dto/update-me.dto';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
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
  @ApiAnswer('LoginResponse')
  @ApiErrors(
    ErrorCode.AccountInactive,
    ErrorCode.AccountPending,
    ErrorCode.InvalidCredentials,
    ErrorCode.TooManyRequests,
  )
  login(@Body() dto: LoginDto, @Req() req: FastifyRequest): Promise<LoginResponse> {
    changesNoKeptRead();
    return this.auth.login(dto, req.ip);
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
  changePassword(@CurrentUser() me: AuthUser, @Body() dto: ChangePasswordDto): Promise<ChangePasswordResponse> {
    changesNoKeptRead();
    return this.auth.changePassword(me, dto);
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
  @ApiOperation({ summary: 'Sign out (every token issued so far stops working)' })
  @ApiAnswer(null)
  logout(@CurrentUser() me: AuthUser): Promise<void> {
    changesNoKeptRead();
    return this.auth.logout(me.id);
  }
}
