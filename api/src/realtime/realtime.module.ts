import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimeGateway } from './realtime.gateway';
import { Realtime } from './realtime.service';

/**
 * Sockets: modules send events through Realtime.emit; the gateway (handshake, joins, typing) is exported for what
 * only it does: the messages module's conversation access and the groups module's room leaves.
 */
@Module({
  imports: [AuthModule, NotificationsModule],
  providers: [RealtimeGateway, Realtime],
  exports: [RealtimeGateway, Realtime],
})
export class RealtimeModule {
  /** Notifications reach the user's sockets on every instance: the module cannot inject Realtime (it is imported here). */
  constructor(realtime: Realtime, notifications: NotificationsService) {
    notifications.useRealtime(realtime);
  }
}
