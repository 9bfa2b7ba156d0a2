import { EventsModule } from './events/events.module';
import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { AttendanceModule } from './attendance/attendance.module';
import { CalendarModule } from './calendar/calendar.module';
import { AuthModule } from './auth/auth.module';
import { type AppConfig } from './config/app-config';
import { DashboardsModule } from './dashboards/dashboards.module';
import { DatesModule } from './dates/dates.module';
import { dataSourceOptions } from './database/data-source-options';
import { takeTurnsOnSqlite } from './common/sqlite-transactions';
import { applyMysqlTimeouts } from './database/timeouts';
import { HealthController } from './health/health.controller';
import { RealtimeModule } from './realtime/realtime.module';
import { AuditModule } from './audit/audit.module';
import { MentorshipModule } from './mentorship/mentorship.module';
import { ReportsModule } from './reports/reports.module';
import { LeavesModule } from './leaves/leaves.module';
import { GuardiansModule } from './guardians/guardians.module';
import { GrievancesModule } from './grievances/grievances.module';
import { FollowupModule } from './followup/followup.module';
import { GroupsModule } from './groups/groups.module';
import { ImportsModule } from './imports/imports.module';
import { AnnouncementsModule } from './announcements/announcements.module';
import { MessagesModule } from './messages/messages.module';
import { SafeguardingModule } from './safeguarding/safeguarding.module';
import { DisclosuresModule } from './disclosures/disclosures.module';
import { RetentionModule } from './retention/retention.module';
import { NotificationsModule } from './notifications/notifications.module';
import { loggerParams } from './observability/logging';
import { ObservabilityModule } from './observability/observability.module';
import { ReadCacheModule } from './read-cache/read-cache.module';
import { RemotesModule } from './remotes/remotes.module';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  /** `logStream`: where the JSON log lines go instead of standard output (tests read them). */
  static forRoot(config: AppConfig, logStream?: DestinationStream): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatesModule,
        LoggerModule.forRoot(loggerParams(config, logStream)),
        ObservabilityModule,
        ReadCacheModule,
        RemotesModule,
        EventsModule,
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.database), retryAttempts: 3, retryDelay: 1000 }),
        SessionsModule,
        UsersModule,
        AuthModule,
        CalendarModule,
        AttendanceModule,
        DashboardsModule,
        RealtimeModule,
        AuditModule,
        MentorshipModule,
        ReportsModule,
        FollowupModule,
        LeavesModule,
        GuardiansModule,
        GrievancesModule,
        GroupsModule,
        AnnouncementsModule,
        MessagesModule,
        SafeguardingModule,
        DisclosuresModule,
        RetentionModule,
        NotificationsModule,
        ImportsModule,
      ],
      controllers: [HealthController],
      providers: [
        {
          // After start-up (migrations have run): every later statement and pool wait is bounded.
          provide: 'DATABASE_TIMEOUTS',
          inject: [DataSource],
          useFactory: (db: DataSource) => {
            applyMysqlTimeouts(db, { queryMs: config.timeouts.dbQueryMs, acquireMs: config.timeouts.dbAcquireMs });
            takeTurnsOnSqlite(db);
          },
        },
      ],
    };
  }
}
