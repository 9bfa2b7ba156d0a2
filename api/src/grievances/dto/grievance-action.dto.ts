import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  GRIEVANCE_PRIORITIES,
  type CreateGrievanceCommentRequest,
  type GrievanceActionRequest,
  type GrievancePriority,
  type SetGrievancePriorityRequest,
} from '@portal/contracts';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

export class GrievanceActionDto implements GrievanceActionRequest {
  @MaxLength(1000, { message: 'Resolution must be at most 1000 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  resolution?: string;

  @MaxLength(2000, { message: 'Comments must be at most 2000 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  mentorComments?: string;

  @MaxLength(2000, { message: 'Comments must be at most 2000 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  adminComments?: string;

  /** Older clients send the target state by name ("Under review" or "in-progress"); the route decides it. */
  @IsIn(['in-progress', 'in-review', 'Under review'], { message: 'status must be in-progress' })
  @MayOmit()
  status?: string;
}

export class GrievanceCommentDto implements CreateGrievanceCommentRequest {
  @MaxLength(2000, { message: 'Comment must be at most 2000 characters' })
  @IsNotEmpty({ message: 'Comment cannot be empty' })
  @IsString({ message: 'Comment cannot be empty' })
  @Transform(trim)
  content: string;
}

export class SetGrievancePriorityDto implements SetGrievancePriorityRequest {
  @IsIn(GRIEVANCE_PRIORITIES, { message: `Priority must be one of ${GRIEVANCE_PRIORITIES.join(', ')}` })
  priority: GrievancePriority;
}
