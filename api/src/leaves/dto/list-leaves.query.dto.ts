import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import {
  LEAVE_STATUSES,
  LEAVE_TYPES,
  MAX_LIST_SIZE,
  type LeaveStatus,
  type LeaveType,
  type ListLeavesQuery,
} from '@portal/contracts';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';
import { LimitField, PageField } from '../../common/pagination.dto';

/** Which leaves: the export's query (every matching row), and the list's without its page. */
export class LeaveFiltersDto implements Omit<ListLeavesQuery, 'page' | 'limit'> {
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

/** A page of the list (an array, its total in X-Total-Count): LIST_SIZE rows when `limit` is omitted. */
export class ListLeavesQueryDto extends LeaveFiltersDto implements ListLeavesQuery {
  @PageField()
  page?: number;

  @LimitField(MAX_LIST_SIZE)
  limit?: number;
}
