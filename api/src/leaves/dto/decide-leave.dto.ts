import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { DecideLeaveRequest } from '@portal/contracts';
import { trim } from '../../common/transforms';

export class DecideLeaveDto implements DecideLeaveRequest {
  @MaxLength(1000, { message: 'Comments must be at most 1000 characters' })
  @IsString()
  @Transform(trim)
  @IsOptional()
  mentorComments?: string;
}
