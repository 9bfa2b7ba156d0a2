import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, ValidateNested } from 'class-validator';
import {
  GUARDIAN_DELIVERIES,
  type GuardianDelivery,
  type GuardianDeliveryRequest,
  type GuardianNotificationsRequest,
  type NotificationKind,
  type UpdateNotificationPreferencesRequest,
} from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';

const bool = (kind: NotificationKind) => IsBoolean({ message: `email.${kind} must be true or false` });

/** One optional true/false per kind; any other key is refused (the validation pipe forbids unknown properties). */
export class EmailPreferencesDto implements Partial<Record<NotificationKind, boolean>> {
  @bool('leave.decided') @MayOmit() 'leave.decided'?: boolean;
  @bool('grievance.status') @MayOmit() 'grievance.status'?: boolean;
  @bool('grievance.comment') @MayOmit() 'grievance.comment'?: boolean;
  @bool('grievance.escalated') @MayOmit() 'grievance.escalated'?: boolean;
  @bool('mentor.assigned') @MayOmit() 'mentor.assigned'?: boolean;
  @bool('announcement.new') @MayOmit() 'announcement.new'?: boolean;
  @bool('group.added') @MayOmit() 'group.added'?: boolean;
  @bool('account.pending') @MayOmit() 'account.pending'?: boolean;
  @bool('risk.signal') @MayOmit() 'risk.signal'?: boolean;
  @bool('absence.answered') @MayOmit() 'absence.answered'?: boolean;
  @bool('message.reported') @MayOmit() 'message.reported'?: boolean;
}

export class UpdatePreferencesDto implements UpdateNotificationPreferencesRequest {
  @ValidateNested()
  @Type(() => EmailPreferencesDto)
  @IsObject({ message: 'email must be an object of kind to true or false' })
  @IsDefined({ message: 'email is required' })
  email: EmailPreferencesDto;
}

export class GuardianNotificationsDto implements GuardianNotificationsRequest {
  @IsBoolean({ message: 'enabled must be true or false' })
  @IsDefined({ message: 'enabled is required' })
  enabled: boolean;
}

/** PUT /api/notifications/delivery (guardians). */
export class GuardianDeliveryDto implements GuardianDeliveryRequest {
  @IsIn(GUARDIAN_DELIVERIES, { message: `delivery must be one of ${GUARDIAN_DELIVERIES.join(', ')}` })
  delivery: GuardianDelivery;
}
