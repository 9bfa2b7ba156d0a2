import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { UsersModule } from '../users/users.module';
import { AdminPasswordResetsController } from './admin-password-resets.controller';
import { PasswordResetRequest, PasswordResetToken } from './entities/password-reset.entity';
import { ProviderSignIn, SignInIdentity } from './entities/provider-sign-in.entity';
import { AdminAuthenticator, AdminRecoveryCode } from './entities/admin-mfa.entity';
import { MfaService } from './mfa/mfa.service';
import { OidcController } from './oidc/oidc.controller';
import { OIDC_FETCH, OidcService } from './oidc/oidc.service';
import { PasswordResetService } from './password-reset.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { jwtKey } from './jwt-key';
import { JwtStrategy } from './jwt.strategy';
import { LoginLimiterService } from './login-limiter.service';
import { RegistrationLimiterService } from './registration-limiter.service';

@Module({
  imports: [
    UsersModule,
    AuditModule,
    NotificationsModule,
    OutboxModule,
    TypeOrmModule.forFeature([
      PasswordResetToken,
      PasswordResetRequest,
      ProviderSignIn,
      SignInIdentity,
      AdminAuthenticator,
      AdminRecoveryCode,
    ]),
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: jwtKey(config.jwtSecret),
        signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as `${number}h` },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController, AdminPasswordResetsController, OidcController],
  providers: [
    AuthService,
    JwtStrategy,
    LoginLimiterService,
    RegistrationLimiterService,
    PasswordResetService,
    OidcService,
    MfaService,
    { provide: OIDC_FETCH, useValue: (url: string, options: RequestInit) => fetch(url, options) },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [AuthService, JwtModule, PasswordResetService, MfaService],
})
export class AuthModule {}
