import { Matches } from 'class-validator';
import type { GuardianAttendanceQuery } from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';

export class GuardianAttendanceQueryDto implements GuardianAttendanceQuery {
  @MayOmit()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'month must be a month (YYYY-MM)' })
  month?: string;
}
