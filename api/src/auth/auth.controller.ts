import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { LoginResponse, MeResponse, RegisterResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Public } from '../common/decorators';
import { RegisterDto } from '../users/dto/register.dto';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Req() req: FastifyRequest): Promise<LoginResponse> {
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

  @Post('logout')
  @HttpCode(204)
  logout(@CurrentUser() me: AuthUser): Promise<void> {
    return this.auth.logout(me.id);
  }
}
