import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  // eslint-disable-next-line no-restricted-imports -- null clears the term's start or end
  IsOptional,
  IsString,
  IsTimeZone,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  TIME_OF_DAY_PATTERN,
  type AddClosuresRequest,
  type QuietHours,
  type SchoolClosure,
  type UpdateSchoolCalendarRequest,
} from '@portal/contracts';
import { IsCalendarDate } from '../../common/is-calendar-date';
import { IsEmailAddress } from '../../common/is-email-address';
import { MayOmit } from '../../common/may-omit';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';

export class CalendarQueryDto {
  @IsCalendarDate({ message: 'from must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'from is required' })
  from: string;

  @IsCalendarDate({ message: 'to must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'to is required' })
  to: string;
}

export class UpdateSchoolCalendarDto implements UpdateSchoolCalendarRequest {
  @IsTimeZone({ message: 'timezone must be an IANA time zone such as Asia/Kolkata' })
  @IsString({ message: 'timezone must be an IANA time zone such as Asia/Kolkata' })
  @MayOmit()
  timezone?: string;

  @IsIn([0, 1, 2, 3, 4, 5, 6], { each: true, message: 'weekendDays must be weekdays 0 (Sunday) to 6 (Saturday)' })
  @ArrayUnique({ message: 'weekendDays must not repeat a day' })
  @ArrayMaxSize(6, { message: 'At least one weekday must be a school day' })
  @IsArray({ message: 'weekendDays must be a list of weekdays 0 (Sunday) to 6 (Saturday)' })
  @MayOmit()
  weekendDays?: number[];

  /** null clears the term. */
  @IsCalendarDate({ message: 'termStart must be a real date (YYYY-MM-DD) or null' })
  @IsOptional()
  termStart?: string | null;

  @IsCalendarDate({ message: 'termEnd must be a real date (YYYY-MM-DD) or null' })
  @IsOptional()
  termEnd?: string | null;

  @Max(365, { message: 'sickLeaveBackfillDays must be 0 to 365' })
  @Min(0, { message: 'sickLeaveBackfillDays must be 0 to 365' })
  @IsInt({ message: 'sickLeaveBackfillDays must be a whole number' })
  @MayOmit()
  sickLeaveBackfillDays?: number;

  /** null (or blank) clears it: guardian e-mails then name the sender's address. */
  @IsEmailAddress({ message: 'contactEmail must be one e-mail address, or null to clear it' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value))
  contactEmail?: string | null;

  /** null clears them. */
  @ValidateNested()
  @Type(() => QuietHoursDto)
  @IsNotEmpty({ message: 'quietHours must be { start, end } ("HH:mm" each), or null to clear them' })
  @IsOptional()
  quietHours?: QuietHoursDto | null;

  @Matches(TIME_OF_DAY_PATTERN, { message: 'guardianDigestAt must be a time of day, 00:00 to 23:59' })
  @IsString({ message: 'guardianDigestAt must be a time of day, 00:00 to 23:59' })
  @MayOmit()
  guardianDigestAt?: string;
}

export class QuietHoursDto implements QuietHours {
  @Matches(TIME_OF_DAY_PATTERN, { message: 'quietHours.start must be a time of day, 00:00 to 23:59' })
  @IsString({ message: 'quietHours.start must be a time of day, 00:00 to 23:59' })
  start: string;

  @Matches(TIME_OF_DAY_PATTERN, { message: 'quietHours.end must be a time of day, 00:00 to 23:59' })
  @IsString({ message: 'quietHours.end must be a time of day, 00:00 to 23:59' })
  end: string;
}

export class ClosureDto implements SchoolClosure {
  @IsCalendarDate({ message: 'Each closure needs a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'Each closure needs a date' })
  date: string;

  @MaxLength(200, { message: 'A closure reason must be at most 200 characters' })
  @NotBlank({ message: 'Each closure needs a reason' })
  @IsNotEmpty({ message: 'Each closure needs a reason' })
  @IsString({ message: 'Each closure needs a reason' })
  @Transform(trim)
  reason: string;
}

export class AddClosuresDto implements AddClosuresRequest {
  @ValidateNested({ each: true })
  @Type(() => ClosureDto)
  @ArrayMaxSize(366, { message: 'At most 366 closures at once' })
  @ArrayMinSize(1, { message: 'closures must list at least one date' })
  @IsArray({ message: 'closures must be a list of { date, reason }' })
  closures: ClosureDto[];
}
