import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  type GrievanceCategory,
  type GrievanceStatus,
  type ListGrievancesQuery,
} from '@portal/contracts';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

export class ListGrievancesQueryDto implements ListGrievancesQuery {
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
