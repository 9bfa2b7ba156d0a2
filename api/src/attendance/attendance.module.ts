import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CalendarModule } from '../calendar/calendar.module';
import { LeavesModule } from '../leaves/leaves.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { AttendanceSummaryService } from './attendance-summary.service';
import { AttendanceController } from './attendance.controller';
import { AttendanceService } from './attendance.service';
import { AttendanceRecord } from './entities/attendance-record.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([AttendanceRecord]),
    UsersModule,
    AuditModule,
    LeavesModule,
    NotificationsModule,
    CalendarModule,
  ],
  controllers: [AttendanceController],
  providers: [AttendanceSummaryService, AttendanceService],
  exports: [AttendanceSummaryService, AttendanceService],
})
export class AttendanceModule {}
