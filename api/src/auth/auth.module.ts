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
    TypeOrmModule.forFeature([PasswordResetToken, PasswordResetRequest]),
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
  controllers: [AuthController, AdminPasswordResetsController],
  providers: [
    AuthService,
    JwtStrategy,
    LoginLimiterService,
    RegistrationLimiterService,
    PasswordResetService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [AuthService, JwtModule, PasswordResetService],
})
export class AuthModule {}
