import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  MAX_LIST_SIZE,
  type GrievanceCategory,
  type GrievanceStatus,
  type ListGrievancesQuery,
} from '@portal/contracts';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';
import { LimitField, PageField } from '../../common/pagination.dto';

/** Which grievances: the export's query (every matching row), and the list's without its page. */
export class GrievanceFiltersDto implements Omit<ListGrievancesQuery, 'page' | 'limit'> {
  @IsIn(GRIEVANCE_STATUSES, { message: `status must be one of ${GRIEVANCE_STATUSES.join(', ')}` })
  @MayOmit()
  status?: GrievanceStatus;

  @IsIn(GRIEVANCE_CATEGORIES, { message: `category must be one of ${GRIEVANCE_CATEGORIES.join(', ')}` })
  @MayOmit()
  category?: GrievanceCategory;

  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  search?: string;
}

/** A page of the list (an array, its total in X-Total-Count): LIST_SIZE rows when `limit` is omitted. */
export class ListGrievancesQueryDto extends GrievanceFiltersDto implements ListGrievancesQuery {
  @PageField()
  page?: number;

  @LimitField(MAX_LIST_SIZE)
  limit?: number;
}
