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
import { AbsenceAnswer, AbsenceLink } from './entities/absence-answer.entity';
import { AbsenceAnswersService } from './absence-answers.service';
import { AbsenceAnswersController, AbsenceLinkController } from './absence-answers.controller';

@Module({
  imports: [
    TypeOrmModule.forFeature([AttendanceRecord, AbsenceAnswer, AbsenceLink]),
    UsersModule,
    AuditModule,
    LeavesModule,
    NotificationsModule,
    CalendarModule,
  ],
  controllers: [AttendanceController, AbsenceAnswersController, AbsenceLinkController],
  providers: [AttendanceSummaryService, AttendanceService, AbsenceAnswersService],
  exports: [AttendanceSummaryService, AttendanceService, AbsenceAnswersService],
})
export class AttendanceModule {}
