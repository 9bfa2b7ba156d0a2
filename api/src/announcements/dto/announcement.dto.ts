import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_MAX_PAGE_SIZE,
  ANNOUNCEMENT_PRIORITIES,
  type AnnouncementAudience,
  type AnnouncementPriority,
  type CreateAnnouncementRequest,
  type ListAnnouncementsQuery,
  type UpdateAnnouncementRequest,
} from '@portal/contracts';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

const REQUIRED = 'Title and content are required';

export class CreateAnnouncementDto implements CreateAnnouncementRequest {
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @NotBlank({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  @Transform(trim)
  title: string;

  @MaxLength(5000, { message: 'Content must be at most 5000 characters' })
  @NotBlank({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  @Transform(trim)
  content: string;

  @IsIn(ANNOUNCEMENT_PRIORITIES, { message: `priority must be one of ${ANNOUNCEMENT_PRIORITIES.join(', ')}` })
  @MayOmit()
  priority?: AnnouncementPriority;

  @IsIn(ANNOUNCEMENT_AUDIENCES, { message: `targetAudience must be one of ${ANNOUNCEMENT_AUDIENCES.join(', ')}` })
  @MayOmit()
  targetAudience?: AnnouncementAudience;
}

export class UpdateAnnouncementDto implements UpdateAnnouncementRequest {
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  @NotBlank({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  @Transform(trim)
  @MayOmit()
  title?: string;

  @MaxLength(5000, { message: 'Content must be at most 5000 characters' })
  @NotBlank({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: REQUIRED })
  @Transform(trim)
  @MayOmit()
  content?: string;

  @IsIn(ANNOUNCEMENT_PRIORITIES, { message: `priority must be one of ${ANNOUNCEMENT_PRIORITIES.join(', ')}` })
  @MayOmit()
  priority?: AnnouncementPriority;
}

export class AnnouncementCommentDto {
  @MaxLength(2000, { message: 'Comment must be at most 2000 characters' })
  @NotBlank({ message: 'Comment cannot be empty' })
  @IsNotEmpty({ message: 'Comment cannot be empty' })
  @IsString({ message: 'Comment cannot be empty' })
  @Transform(trim)
  content: string;
}

export class ListAnnouncementsQueryDto implements ListAnnouncementsQuery {
  @IsUUID('all', { message: 'before must be the id of an announcement' })
  @MayOmit()
  before?: string;

  @Max(ANNOUNCEMENT_MAX_PAGE_SIZE, { message: `limit must be at most ${ANNOUNCEMENT_MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be 1 or more' })
  @IsInt({ message: 'limit must be a whole number' })
  @Type(() => Number)
  @MayOmit()
  limit?: number;
}
