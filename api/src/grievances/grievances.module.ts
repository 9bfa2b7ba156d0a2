import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CalendarModule } from '../calendar/calendar.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import {
  Grievance,
  GrievanceComment,
  GrievanceEvent,
  GrievanceSettings,
  GrievanceTicketCounter,
} from './entities/grievance.entity';
import { GrievanceComments } from './grievance-comments.service';
import { GrievanceDeadlines } from './grievance-deadlines';
import { GrievanceEscalation } from './grievance-escalation';
import { GrievanceReader } from './grievance-reader';
import { GrievanceReports } from './grievance-reports.service';
import { GrievanceTickets } from './grievance-tickets';
import { AdminGrievancesController, GrievancesController } from './grievances.controller';
import { GrievancesService } from './grievances.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Grievance, GrievanceComment, GrievanceEvent, GrievanceSettings, GrievanceTicketCounter]),
    UsersModule,
    AuditModule,
    NotificationsModule,
    CalendarModule,
  ],
  controllers: [GrievancesController, AdminGrievancesController],
  providers: [
    GrievancesService,
    GrievanceReader,
    GrievanceComments,
    GrievanceReports,
    GrievanceTickets,
    GrievanceDeadlines,
    GrievanceEscalation,
  ],
  // Dashboards and early warning read the counts; the workflow is the controllers' only.
  exports: [GrievanceReports],
})
export class GrievancesModule {}
