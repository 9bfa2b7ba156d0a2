import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttendanceModule } from '../attendance/attendance.module';
import { AuditModule } from '../audit/audit.module';
import { CalendarModule } from '../calendar/calendar.module';
import { GrievancesModule } from '../grievances/grievances.module';
import { LeavesModule } from '../leaves/leaves.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import {
  ActionItemRow,
  MentoringEntryRow,
  RiskDismissalRow,
  RiskSettingsRow,
  RiskSignalRow,
} from './entities/followup.entity';
import { AdminFollowupController, FollowupController } from './followup.controller';
import { FollowupService } from './followup.service';

/** Early warning (risk signals), the follow-up queue and the mentoring log (issue 20). */
@Module({
  imports: [
    TypeOrmModule.forFeature([RiskSettingsRow, RiskSignalRow, MentoringEntryRow, ActionItemRow, RiskDismissalRow]),
    AttendanceModule,
    LeavesModule,
    GrievancesModule,
    CalendarModule,
    NotificationsModule,
    OutboxModule,
    AuditModule,
    UsersModule,
    RealtimeModule,
  ],
  controllers: [FollowupController, AdminFollowupController],
  providers: [FollowupService],
})
export class FollowupModule {}
