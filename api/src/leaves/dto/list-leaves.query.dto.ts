import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { LEAVE_STATUSES, LEAVE_TYPES, type LeaveStatus, type LeaveType, type ListLeavesQuery } from '@portal/contracts';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

export class ListLeavesQueryDto implements ListLeavesQuery {
  @IsIn(LEAVE_STATUSES, { message: `status must be one of ${LEAVE_STATUSES.join(', ')}` })
  @MayOmit()
  status?: LeaveStatus;

  @IsIn(LEAVE_TYPES, { message: `leaveType must be one of ${LEAVE_TYPES.join(', ')}` })
  @MayOmit()
  leaveType?: LeaveType;

  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  search?: string;
}
