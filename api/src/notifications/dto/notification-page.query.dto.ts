import { Type } from 'class-transformer';
import { IsInt, IsUUID, Max, Min } from 'class-validator';
import { MAX_PAGE_SIZE, type NotificationPageQuery } from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';

export class NotificationPageQueryDto implements NotificationPageQuery {
  @IsUUID('4', { message: 'before must be a notification id' })
  @MayOmit()
  before?: string;

  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be 1 or more' })
  @IsInt({ message: 'limit must be a whole number' })
  @Type(() => Number)
  @MayOmit()
  limit?: number;
}
