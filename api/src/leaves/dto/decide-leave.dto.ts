import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import type { DecideLeaveRequest } from '@portal/contracts';
import { trim } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';

export class DecideLeaveDto implements DecideLeaveRequest {
  @MaxLength(1000, { message: 'Comments must be at most 1000 characters' })
  @IsString()
  @Transform(trim)
  @MayOmit()
  mentorComments?: string;

  /** Approving: what to do with days already marked present (without it, such days refuse the approval). */
  @IsIn(['keep', 'overwrite'], { message: 'presentDays must be "keep" or "overwrite"' })
  @MayOmit()
  presentDays?: 'keep' | 'overwrite';
}
