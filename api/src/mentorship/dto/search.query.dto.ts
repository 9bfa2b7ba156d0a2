import { Transform } from 'class-transformer';
import { IsString, IsUUID, MaxLength } from 'class-validator';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';
import { ListQueryDto } from '../../common/pagination.dto';

/** A page of the list (an array, its total in X-Total-Count): LIST_SIZE rows when `limit` is omitted. */
export class SearchQueryDto extends ListQueryDto {
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  search?: string;
}

export class MenteeSearchQueryDto extends SearchQueryDto {
  /** Only the mentees of this mentor (the mentor card's View Mentees). */
  @IsUUID('4', { message: 'mentorId must be the id of a mentor' })
  @MayOmit()
  mentorId?: string;
}
