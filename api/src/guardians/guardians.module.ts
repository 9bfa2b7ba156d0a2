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
import { AdminGuardiansController, GuardianController } from './guardians.controller';
import { GuardiansService } from './guardians.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([GuardianLink]),
    UsersModule,
    AttendanceModule,
    AuthModule,
    CalendarModule,
    SessionsModule,
    AuditModule,
    LeavesModule,
  ],
  controllers: [GuardianController, AdminGuardiansController],
  providers: [GuardiansService],
  exports: [GuardiansService],
})
export class GuardiansModule {}
