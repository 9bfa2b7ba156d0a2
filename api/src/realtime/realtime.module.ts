import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimeGateway, userRoom } from './realtime.gateway';

@Module({ imports: [AuthModule, NotificationsModule], providers: [RealtimeGateway], exports: [RealtimeGateway] })
export class RealtimeModule {
  /** Notifications reach the user's sockets on every instance (through the adapter). */
  constructor(gateway: RealtimeGateway, notifications: NotificationsService) {
    notifications.usePusher((userId, event, payload) =>
      gateway.server?.to(userRoom(userId)).emit(event, payload as never),
    );
  }
}
