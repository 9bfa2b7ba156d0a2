import { Module } from '@nestjs/common';
import type { ServerToClientEvents } from '@portal/contracts';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimeGateway } from './realtime.gateway';

@Module({ imports: [AuthModule, NotificationsModule], providers: [RealtimeGateway], exports: [RealtimeGateway] })
export class RealtimeModule {
  /** Notifications reach the user's sockets on every instance (through the adapter). */
  constructor(gateway: RealtimeGateway, notifications: NotificationsService) {
    notifications.usePusher((to, event, payload) =>
      gateway.emit(to, event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>)),
    );
  }
}
