import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_DEADLINE_MAX_DAYS,
  GRIEVANCE_PRIORITIES,
  type GrievanceCategory,
  type GrievanceDeadlineSettings,
  type ReopenGrievanceRequest,
  type RevealGrievanceIdentityRequest,
  type SetGrievanceCategoryRequest,
  type CreateGrievanceCommentRequest,
  type GrievanceActionRequest,
  type GrievancePriority,
  type SetGrievancePriorityRequest,
} from '@portal/contracts';
import { NotBlank } from '../../common/not-blank';
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
  @NotBlank({ message: 'Comment cannot be empty' })
  @IsNotEmpty({ message: 'Comment cannot be empty' })
  @IsString({ message: 'Comment cannot be empty' })
  @Transform(trim)
  content: string;
}

export class SetGrievancePriorityDto implements SetGrievancePriorityRequest {
  @IsIn(GRIEVANCE_PRIORITIES, { message: `Priority must be one of ${GRIEVANCE_PRIORITIES.join(', ')}` })
  priority: GrievancePriority;
}

export class SetGrievanceCategoryDto implements SetGrievanceCategoryRequest {
  @IsIn(GRIEVANCE_CATEGORIES, { message: `Category must be one of ${GRIEVANCE_CATEGORIES.join(', ')}` })
  category: GrievanceCategory;
}

export class RevealIdentityDto implements RevealGrievanceIdentityRequest {
  @MaxLength(1000, { message: 'Reason must be at most 1000 characters' })
  @NotBlank({ message: 'A reason is required' })
  @IsNotEmpty({ message: 'A reason is required' })
  @IsString({ message: 'A reason is required' })
  @Transform(trim)
  reason: string;
}

export class ReopenGrievanceDto implements ReopenGrievanceRequest {
  @MaxLength(1000, { message: 'Reason must be at most 1000 characters' })
  @NotBlank({ message: 'A reason is required' })
  @IsNotEmpty({ message: 'A reason is required' })
  @IsString({ message: 'A reason is required' })
  @Transform(trim)
  reason: string;
}

const days = (p: string) => [
  IsInt({ message: `${p} must be a whole number of school days` }),
  Min(1, { message: `${p} must be at least 1 school day` }),
  Max(GRIEVANCE_DEADLINE_MAX_DAYS, { message: `${p} must be at most ${GRIEVANCE_DEADLINE_MAX_DAYS} school days` }),
];
const applyAll =
  (ds: PropertyDecorator[]): PropertyDecorator =>
  (t, k) =>
    ds.forEach((d) => d(t, k));

/** PUT /admin/grievances/settings: school days per priority, all four. */
export class GrievanceDeadlineSettingsDto implements GrievanceDeadlineSettings {
  @applyAll(days('urgent')) urgent: number;
  @applyAll(days('high')) high: number;
  @applyAll(days('medium')) medium: number;
  @applyAll(days('low')) low: number;
}
