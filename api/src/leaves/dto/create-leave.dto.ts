import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { MayOmit } from '../../common/may-omit';
import { MENTEE_LEAVE_TYPES, type CreateLeaveRequest, type LeaveType } from '@portal/contracts';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';
import { IsCalendarDate } from '../../common/is-calendar-date';

export class CreateLeaveDto implements CreateLeaveRequest {
  @IsIn(MENTEE_LEAVE_TYPES, { message: 'Leave type is required' })
  leaveType: LeaveType;

  @IsCalendarDate({ message: 'Start date must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'Start date is required' })
  startDate: string;

  @IsCalendarDate({ message: 'End date must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'End date is required' })
  endDate: string;

  @MaxLength(2000, { message: 'Reason must be at most 2000 characters' })
  @NotBlank({ message: 'Reason is required' })
  @IsNotEmpty({ message: 'Reason is required' })
  @IsString({ message: 'Reason is required' })
  @Transform(trim)
  reason: string;

  @IsUUID('4', { message: 'Document must be an uploaded document id' })
  @MayOmit()
  documentId?: string;
}
