import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CalendarModule } from '../calendar/calendar.module';
import { OutboxModule } from '../outbox/outbox.module';
import { UsersModule } from '../users/users.module';
import {
  GuardianMailSetting,
  GuardianNoticeSetting,
  MailDelivery,
  Notification,
  NotificationPreference,
} from './entities/notification.entity';
import { GuardianNoticesService } from './guardian-notices.service';
import { MailDeliveryService } from './mail-delivery.service';
import { MailService } from './mail.service';
import { NotificationMap } from './notification-map';
import { NotificationPreferencesService } from './notification-preferences.service';
import { AdminNotificationsController, NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { GuardianDigestService } from './guardian-digest.service';

/**
 * In-app notifications, e-mail (the delivery log) and guardian absence notices. Other modules call NotificationsService
 * with their transaction's EntityManager; the realtime module hands over its Realtime (useRealtime), the one way to a
 * socket. Attendance queues guardian notices through GuardianNoticesService and wires their re-check
 * (useGuardianCheck).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Notification,
      NotificationPreference,
      MailDelivery,
      GuardianNoticeSetting,
      GuardianMailSetting,
    ]),
    OutboxModule,
    UsersModule,
    AuditModule,
    CalendarModule,
  ],
  controllers: [NotificationsController, AdminNotificationsController],
  providers: [
    NotificationsService,
    MailDeliveryService,
    GuardianNoticesService,
    NotificationPreferencesService,
    MailService,
    NotificationMap,
    GuardianDigestService,
  ],
  exports: [NotificationsService, GuardianNoticesService],
})
export class NotificationsModule {}
