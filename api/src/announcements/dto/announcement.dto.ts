import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_MAX_PAGE_SIZE,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_READERS,
  type AnnouncementAudience,
  type AnnouncementReaders,
  type AnnouncementPriority,
  type CreateAnnouncementRequest,
  type ListAnnouncementsQuery,
  type UpdateAnnouncementRequest,
} from '@portal/contracts';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

const REQUIRED = 'Title and content are required';

/** A field of one audience only: a group id goes with targetAudience 'group', a class and section with 'class'. */
function OnlyFor(audience: AnnouncementAudience, field: string): PropertyDecorator {
  return ValidateBy({
    name: 'onlyForAudience',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) =>
        (args?.object as CreateAnnouncementDto | undefined)?.targetAudience === audience,
      defaultMessage: () => `${field} goes with targetAudience ${audience} only`,
    },
  });
}
/** Validated when its audience is chosen (then required), or when sent at all (then refused with another audience). */
const ForAudience = (audience: AnnouncementAudience, field: keyof CreateAnnouncementDto) =>
  ValidateIf((o: CreateAnnouncementDto) => o.targetAudience === audience || o[field] !== undefined);

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

  @ValidateBy({
    name: 'studentsOfMentors',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        value === 'students' || (args?.object as CreateAnnouncementDto | undefined)?.targetAudience !== 'mentors',
      defaultMessage: () => 'An announcement to mentors has no families: readers must be students',
    },
  })
  @IsIn(ANNOUNCEMENT_READERS, { message: `readers must be one of ${ANNOUNCEMENT_READERS.join(', ')}` })
  @MayOmit()
  readers?: AnnouncementReaders;

  @IsUUID('all', { message: 'groupId must be the id of one of your groups' })
  @OnlyFor('group', 'groupId')
  @ForAudience('group', 'groupId')
  groupId?: string;

  @MaxLength(20, { message: 'Class must be at most 20 characters' })
  @NotBlank({ message: 'Class is required for a class audience' })
  @IsString({ message: 'Class is required for a class audience' })
  @OnlyFor('class', 'class')
  @Transform(trim)
  @ForAudience('class', 'class')
  class?: string;

  @MaxLength(10, { message: 'Section must be at most 10 characters' })
  @NotBlank({ message: 'Section is required for a class audience' })
  @IsString({ message: 'Section is required for a class audience' })
  @OnlyFor('class', 'section')
  @Transform(trim)
  @ForAudience('class', 'section')
  section?: string;
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
