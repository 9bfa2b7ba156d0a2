import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttendanceModule } from '../attendance/attendance.module';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { CalendarModule } from '../calendar/calendar.module';
import { LeavesModule } from '../leaves/leaves.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { GuardianLink } from './entities/guardian-link.entity';
import { GuardianConsent, PrivacyNotice } from './entities/consent.entity';
import { ConsentService } from './consent.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { AdminGuardiansController, GuardianController } from './guardians.controller';
import { GuardiansService } from './guardians.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([GuardianLink, PrivacyNotice, GuardianConsent]),
    UsersModule,
    AttendanceModule,
    AuthModule,
    CalendarModule,
    SessionsModule,
    AuditModule,
    LeavesModule,
    NotificationsModule,
  ],
  controllers: [GuardianController, AdminGuardiansController],
  providers: [GuardiansService, ConsentService],
  exports: [GuardiansService],
})
export class GuardiansModule {}
