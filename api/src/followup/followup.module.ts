import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttendanceModule } from '../attendance/attendance.module';
import { AuditModule } from '../audit/audit.module';
import { CalendarModule } from '../calendar/calendar.module';
import { GrievancesModule } from '../grievances/grievances.module';
import { LeavesModule } from '../leaves/leaves.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { UsersModule } from '../users/users.module';
import {
  ActionItemRow,
  MentoringEntryRow,
  RiskDismissalRow,
  RiskRunRow,
  RiskSettingsRow,
  RiskSignalRow,
} from './entities/followup.entity';
import { AdminFollowupController, FollowupController } from './followup.controller';
import { FollowupQueueService } from './followup-queue.service';
import { MentoringLogService } from './mentoring-log.service';
import { OutcomesService } from './outcomes.service';
import { RiskEvaluation } from './risk-evaluation.service';
import { RiskSettingsService } from './risk-settings.service';

/**
 * Early warning and follow-up, one job a file: risk-rules.ts (the rules), risk-evaluation.service.ts (evaluating,
 * the start-up run and the sweep, the digests), risk-settings.service.ts (thresholds), followup-queue.service.ts (the
 * queues), mentoring-log.service.ts (the log), outcomes.service.ts (before and after). It reads other modules' records
 * through their services only.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      RiskSettingsRow,
      RiskSignalRow,
      RiskRunRow,
      MentoringEntryRow,
      ActionItemRow,
      RiskDismissalRow,
    ]),
    AttendanceModule,
    LeavesModule,
    GrievancesModule,
    CalendarModule,
    NotificationsModule,
    OutboxModule,
    AuditModule,
    UsersModule,
  ],
  controllers: [FollowupController, AdminFollowupController],
  providers: [RiskEvaluation, RiskSettingsService, FollowupQueueService, MentoringLogService, OutcomesService],
})
export class FollowupModule {}
