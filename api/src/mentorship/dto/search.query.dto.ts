import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { trim } from '../../common/transforms';

export class SearchQueryDto {
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString()
  @Transform(trim)
  @IsOptional()
  search?: string;
}

export class MenteeSearchQueryDto extends SearchQueryDto {
  /** Only the mentees of this mentor (the mentor card's View Mentees). */
  @IsUUID('4', { message: 'mentorId must be the id of a mentor' })
  @IsOptional()
  mentorId?: string;
}
