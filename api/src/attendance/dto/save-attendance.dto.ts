import { IsNotEmpty, IsObject } from 'class-validator';
import { MayOmit } from '../../common/may-omit';
import type { AttendanceData, SaveAttendanceRequest } from '@portal/contracts';
import { IsCalendarDate } from '../../common/is-calendar-date';

export class SaveAttendanceDto implements SaveAttendanceRequest {
  @IsCalendarDate({ message: 'date must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'date is required' })
  date: string;

  /** Its shape (mentee → date → status) is checked by the service, which can name the offending entry. */
  @IsObject({ message: 'attendanceData must map each mentee id to { date: "present" | "absent" }' })
  attendanceData: AttendanceData;

  /** mentee id → why a student on approved leave that day is marked otherwise; each value is checked by the service. */
  @IsObject({ message: 'overrideReasons must map each mentee id to a reason' })
  @MayOmit()
  overrideReasons?: Record<string, string>;
}
