import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { OutboxModule } from '../outbox/outbox.module';
import { UsersModule } from '../users/users.module';
import {
  GuardianNoticeSetting,
  MailDelivery,
  Notification,
  NotificationPreference,
} from './entities/notification.entity';
import { MailService } from './mail.service';
import { NotificationMap } from './notification-map';
import { AdminNotificationsController, NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/**
 * In-app notifications, e-mail (the delivery log) and guardian absence notices. Other modules call NotificationsService
 * with their transaction's EntityManager; the realtime module wires the socket push (usePusher), attendance the
 * guardian notice's re-check (useGuardianCheck).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Notification, NotificationPreference, MailDelivery, GuardianNoticeSetting]),
    OutboxModule,
    UsersModule,
    AuditModule,
  ],
  controllers: [NotificationsController, AdminNotificationsController],
  providers: [NotificationsService, MailService, NotificationMap],
  exports: [NotificationsService],
})
export class NotificationsModule {}
