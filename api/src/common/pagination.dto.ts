import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_PAGE_SIZE } from '@portal/contracts';
import { MayOmit } from './may-omit';

export class PageQueryDto {
  @Max(100000, { message: 'page is too large' })
  @Min(1, { message: 'page must be 1 or more' })
  @IsInt({ message: 'page must be a whole number' })
  @Type(() => Number)
  @MayOmit()
  page?: number;

  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be 1 or more' })
  @IsInt({ message: 'limit must be a whole number' })
  @Type(() => Number)
  @MayOmit()
  limit?: number;
}
