import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type {
  ChangePasswordResponse,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Public } from '../common/decorators';
import { RegisterDto } from '../users/dto/register.dto';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto } from './dto/password.dto';
import { PasswordResetService } from './password-reset.service';
import { RegistrationLimiterService } from './registration-limiter.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';

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
  login(@Body() dto: LoginDto, @Req() req: FastifyRequest): Promise<LoginResponse> {
    changesNoKeptRead();
    return this.auth.login(dto, req.ip);
  }

  @Public()
  @Post('register')
  register(
    @Body() dto: RegisterDto,
    @CurrentUser() caller: AuthUser | undefined,
    @Req() req: FastifyRequest,
  ): Promise<RegisterResponse> {
    return this.auth.register(dto, caller, req.ip);
  }

  @Get('me')
  me(@CurrentUser() me: AuthUser): Promise<MeResponse> {
    return this.users.me(me.id);
  }

  @Post('change-password')
  @HttpCode(200)
  changePassword(@CurrentUser() me: AuthUser, @Body() dto: ChangePasswordDto): Promise<ChangePasswordResponse> {
    changesNoKeptRead();
    return this.auth.changePassword(me, dto);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(202)
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: FastifyRequest): Promise<MessageResponse> {
    changesNoKeptRead();
    await this.registrations.consume(req.ip);
    return this.resets.request(dto.email);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageResponse> {
    changesNoKeptRead();
    return this.resets.reset(dto.token, dto.newPassword);
  }

  @Post('logout')
  @HttpCode(204)
  logout(@CurrentUser() me: AuthUser): Promise<void> {
    changesNoKeptRead();
    return this.auth.logout(me.id);
  }
}
