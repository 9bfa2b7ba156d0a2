import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import {
  ErrorCode,
  type GuardianDeliveryResponse,
  type GuardianNotificationsResponse,
  type MailLogResponse,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationResponse,
  type UnreadCountResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { AnyRole, CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { MailLogQueryDto } from './dto/mail-log.query.dto';
import { NotificationPageQueryDto } from './dto/notification-page.query.dto';
import { GuardianDeliveryDto, GuardianNotificationsDto, UpdatePreferencesDto } from './dto/preferences.dto';
import { CalendarService } from '../calendar/calendar.service';
import { GuardianNoticesService } from './guardian-notices.service';
import { MailDeliveryService } from './mail-delivery.service';
import { NotificationPreferencesService } from './notification-preferences.service';
import { NotificationsService } from './notifications.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

/** Everyone's own inbox and e-mail choices. */
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly prefs: NotificationPreferencesService,
    private readonly calendar: CalendarService,
  ) {}

  @Get('delivery')
  @Roles('guardian')
  @ApiOperation({ summary: "How a guardian's e-mails come: at once, in a daily digest, or not at all" })
  @ApiAnswer('GuardianDeliveryResponse')
  async delivery(@CurrentUser() me: AuthUser): Promise<GuardianDeliveryResponse> {
    return { delivery: await this.prefs.delivery(me.id), digestAt: (await this.calendar.rules()).guardianDigestAt };
  }

  @Put('delivery')
  @Roles('guardian')
  @ApiOperation({ summary: "Change how a guardian's e-mails come (safety notices always come at once)" })
  @ApiAnswer('GuardianDeliveryResponse')
  async setDelivery(@CurrentUser() me: AuthUser, @Body() dto: GuardianDeliveryDto): Promise<GuardianDeliveryResponse> {
    changesNoKeptRead();
    return {
      delivery: await this.prefs.setDelivery(me.id, dto.delivery),
      digestAt: (await this.calendar.rules()).guardianDigestAt,
    };
  }

  @AnyRole()
  @Get()
  @ApiOperation({ summary: "A page of the caller's notifications" })
  @ApiAnswer('NotificationPage')
  @ApiErrors(ErrorCode.NotificationNotFound)
  page(@CurrentUser() me: AuthUser, @Query() q: NotificationPageQueryDto): Promise<NotificationPage> {
    return this.notifications.page(me, q);
  }

  @AnyRole()
  @Get('unread-count')
  @ApiOperation({ summary: 'How many notifications are unread' })
  @ApiAnswer('UnreadCountResponse')
  async unread(@CurrentUser() me: AuthUser): Promise<UnreadCountResponse> {
    return { unreadCount: await this.notifications.unreadCount(me.id) };
  }

  @Get('preferences')
  @ApiOperation({ summary: "The caller's notification preferences" })
  @ApiAnswer('NotificationPreferences')
  preferences(@CurrentUser() me: AuthUser): Promise<NotificationPreferences> {
    return this.prefs.preferences(me.id);
  }

  @Put('preferences')
  @ApiOperation({ summary: "Change the caller's notification preferences" })
  @ApiAnswer('NotificationPreferences')
  setPreferences(@CurrentUser() me: AuthUser, @Body() dto: UpdatePreferencesDto): Promise<NotificationPreferences> {
    changesNoKeptRead();
    return this.prefs.setPreferences(me, dto.email);
  }

  @AnyRole()
  @Put('read-all')
  @ApiOperation({ summary: 'Mark every notification read' })
  @ApiAnswer('UnreadCountResponse')
  readAll(@CurrentUser() me: AuthUser): Promise<UnreadCountResponse> {
    changesNoKeptRead();
    return this.notifications.markAllRead(me);
  }

  @AnyRole()
  @Put(':id/read')
  @ApiOperation({ summary: 'Mark a notification read' })
  @ApiAnswer('NotificationResponse')
  @ApiErrors(ErrorCode.NotificationNotFound)
  read(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<NotificationResponse> {
    changesNoKeptRead();
    return this.notifications.markRead(me, id);
  }
}

/** The delivery log and students' guardian notices (admins). */
@Controller('admin')
@Roles('admin')
export class AdminNotificationsController {
  constructor(
    private readonly mail: MailDeliveryService,
    private readonly guardians: GuardianNoticesService,
  ) {}

  @Get('mail-log')
  @ApiOperation({ summary: 'The outgoing mail log' })
  @ApiAnswer('MailLogResponse')
  mailLog(@Query() q: MailLogQueryDto): Promise<MailLogResponse> {
    return this.mail.mailLog(q);
  }

  @Get('users/:id/guardian-notifications')
  @ApiOperation({ summary: "Whether a mentee's guardians get notifications" })
  @ApiAnswer('GuardianNotificationsResponse')
  @ApiErrors(ErrorCode.MenteeNotFound)
  guardian(@IdParam() menteeId: string): Promise<GuardianNotificationsResponse> {
    return this.guardians.guardianNotices(menteeId);
  }

  @Put('users/:id/guardian-notifications')
  @ApiOperation({ summary: "Turn a mentee's guardian notifications on or off" })
  @ApiAnswer('GuardianNotificationsResponse')
  @ApiErrors(ErrorCode.MenteeNotFound)
  setGuardian(
    @CurrentUser() me: AuthUser,
    @IdParam() menteeId: string,
    @Body() dto: GuardianNotificationsDto,
  ): Promise<GuardianNotificationsResponse> {
    changesNoKeptRead();
    return this.guardians.setGuardianNotices(me, menteeId, dto.enabled);
  }
}
