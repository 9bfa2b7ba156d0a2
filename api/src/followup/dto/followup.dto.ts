import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
  IsUUID,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  CONTACT_MODES,
  MAX_ACTION_ITEMS,
  MAX_LIST_SIZE,
  MAX_REASON_LENGTH,
  MAX_SUMMARY_LENGTH,
  RISK_SETTING_LIMITS,
  type ContactMode,
  type CreateMentoringEntryRequest,
  type DismissSignalsRequest,
  type UpdateActionItemRequest,
  type UpdateRiskSettingsRequest,
} from '@portal/contracts';
import { IsCalendarDate } from '../../common/is-calendar-date';
import { MayOmit } from '../../common/may-omit';
import { LimitField, PageField } from '../../common/pagination.dto';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class ActionItemDto {
  @MaxLength(500, { message: 'An action item can be at most 500 characters' })
  @IsNotEmpty({ message: 'An action item needs a text' })
  @IsString({ message: 'An action item must be text' })
  @trim()
  text: string;

  @IsCalendarDate({ message: 'dueDate must be a date (YYYY-MM-DD)' })
  @ValidateIf((o: ActionItemDto) => o.dueDate != null)
  dueDate?: string | null;
}

export class CreateMentoringEntryDto implements CreateMentoringEntryRequest {
  @IsCalendarDate({ message: 'date must be a date (YYYY-MM-DD)' })
  @IsDefined({ message: 'date is required' })
  date: string;

  @IsIn(CONTACT_MODES, { message: `mode must be one of ${CONTACT_MODES.join(', ')}` })
  @IsDefined({ message: 'mode is required' })
  mode: ContactMode;

  @MaxLength(MAX_SUMMARY_LENGTH, { message: `The summary can be at most ${MAX_SUMMARY_LENGTH} characters` })
  @IsNotEmpty({ message: 'Please write a short summary' })
  @IsString({ message: 'summary must be text' })
  @trim()
  summary: string;

  @IsBoolean({ message: 'private must be true or false' })
  @MayOmit()
  private?: boolean;

  @ValidateNested({ each: true })
  @Type(() => ActionItemDto)
  @ArrayMaxSize(MAX_ACTION_ITEMS, { message: `At most ${MAX_ACTION_ITEMS} action items` })
  @IsArray({ message: 'actionItems must be a list' })
  @MayOmit()
  actionItems?: ActionItemDto[];
}

export class UpdateActionItemDto implements UpdateActionItemRequest {
  @IsBoolean({ message: 'done must be true or false' })
  @IsDefined({ message: 'done is required' })
  done: boolean;
}

export class DismissSignalsDto implements DismissSignalsRequest {
  @MaxLength(MAX_REASON_LENGTH, { message: `The reason can be at most ${MAX_REASON_LENGTH} characters` })
  @IsNotEmpty({ message: 'Please give a reason for dismissing' })
  @IsString({ message: 'reason must be text' })
  @trim()
  reason: string;
}

const limit = (key: keyof typeof RISK_SETTING_LIMITS) => {
  const { min, max } = RISK_SETTING_LIMITS[key];
  const message = `${key} must be a whole number from ${min} to ${max}`;
  return (target: object, prop: string) => {
    IsInt({ message })(target, prop);
    Min(min, { message })(target, prop);
    Max(max, { message })(target, prop);
    MayOmit()(target, prop);
  };
};

export class UpdateRiskSettingsDto implements UpdateRiskSettingsRequest {
  @limit('consecutiveAbsences') consecutiveAbsences?: number;
  @limit('lowAttendancePercent') lowAttendancePercent?: number;
  @limit('attendanceDropPoints') attendanceDropPoints?: number;
  @limit('attendanceWindowSchoolDays') attendanceWindowSchoolDays?: number;
  @limit('leaveRequests') leaveRequests?: number;
  @limit('leaveWindowDays') leaveWindowDays?: number;
  @limit('grievanceOpenDays') grievanceOpenDays?: number;
  @limit('noContactDays') noContactDays?: number;
}

export class OutcomesQueryDto {
  @IsUUID('4', { message: 'mentorId must be an id' })
  @MayOmit()
  mentorId?: string;
}

/** A page of the outcomes (an array, its total in X-Total-Count): LIST_SIZE rows when `limit` is omitted. */
export class OutcomesPageQueryDto extends OutcomesQueryDto {
  @PageField()
  page?: number;

  @LimitField(MAX_LIST_SIZE)
  limit?: number;
}
