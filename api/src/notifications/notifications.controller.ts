import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type {
  GuardianNotificationsResponse,
  MailLogResponse,
  NotificationPage,
  NotificationPreferences,
  NotificationResponse,
  UnreadCountResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { MailLogQueryDto } from './dto/mail-log.query.dto';
import { NotificationPageQueryDto } from './dto/notification-page.query.dto';
import { GuardianNotificationsDto, UpdatePreferencesDto } from './dto/preferences.dto';
import { NotificationsService } from './notifications.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';

/** Everyone's own inbox and e-mail choices. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  page(@CurrentUser() me: AuthUser, @Query() q: NotificationPageQueryDto): Promise<NotificationPage> {
    return this.notifications.page(me, q);
  }

  @Get('unread-count')
  async unread(@CurrentUser() me: AuthUser): Promise<UnreadCountResponse> {
    return { unreadCount: await this.notifications.unreadCount(me.id) };
  }

  @Get('preferences')
  preferences(@CurrentUser() me: AuthUser): Promise<NotificationPreferences> {
    return this.notifications.preferences(me.id);
  }

  @Put('preferences')
  setPreferences(@CurrentUser() me: AuthUser, @Body() dto: UpdatePreferencesDto): Promise<NotificationPreferences> {
    changesNoKeptRead();
    return this.notifications.setPreferences(me, dto.email);
  }

  @Put('read-all')
  readAll(@CurrentUser() me: AuthUser): Promise<UnreadCountResponse> {
    changesNoKeptRead();
    return this.notifications.markAllRead(me);
  }

  @Put(':id/read')
  read(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<NotificationResponse> {
    changesNoKeptRead();
    return this.notifications.markRead(me, id);
  }
}

/** The delivery log and students' guardian notices (admins). */
@Controller('admin')
@Roles('admin')
export class AdminNotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('mail-log')
  mailLog(@Query() q: MailLogQueryDto): Promise<MailLogResponse> {
    return this.notifications.mailLog(q);
  }

  @Get('users/:id/guardian-notifications')
  guardian(@IdParam() menteeId: string): Promise<GuardianNotificationsResponse> {
    return this.notifications.guardianNotices(menteeId);
  }

  @Put('users/:id/guardian-notifications')
  setGuardian(
    @CurrentUser() me: AuthUser,
    @IdParam() menteeId: string,
    @Body() dto: GuardianNotificationsDto,
  ): Promise<GuardianNotificationsResponse> {
    changesNoKeptRead();
    return this.notifications.setGuardianNotices(me, menteeId, dto.enabled);
  }
}
