import { Body, Controller, Get, Header, Post, Query } from '@nestjs/common';
import {
  ErrorCode,
  type DailyAttendanceResponse,
  type MenteeDetailsResponse,
  type MonthlyAttendanceResponse,
  type RecordedDaysResponse,
  type SaveAttendanceResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ReadCache, type Json } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { AttendanceService } from './attendance.service';
import { AttendanceQueryDto, MonthQueryDto, RecordedDaysQueryDto } from './dto/attendance.query.dto';
import { SaveAttendanceDto } from './dto/save-attendance.dto';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ref } from '../openapi/api-doc.decorators';
import { Discloses, profileOf } from '../disclosures/discloses.decorator';

@Controller()
export class AttendanceController {
  constructor(
    private readonly attendance: AttendanceService,
    private readonly cache: ReadCache,
  ) {}

  // A whole school's day and month are the heaviest reads: kept until a write to that day or month (read-scopes.ts).
  @Get('admin/attendance')
  @Roles('admin')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({
    summary: 'Attendance register for a day or a month',
    description:
      'Give either `date` (the day: DailyAttendanceResponse) or both `month` and `year` (the month: ' +
      'MonthlyAttendanceResponse); with neither, the answer is 400 VALIDATION_FAILED.',
  })
  @ApiAnswer({ schema: { oneOf: [ref('DailyAttendanceResponse'), ref('MonthlyAttendanceResponse')] } })
  get(@Query() q: AttendanceQueryDto): Promise<Json<DailyAttendanceResponse | MonthlyAttendanceResponse>> {
    return q.date
      ? this.cache.json(Scope.attendanceDay(q.date), () => this.attendance.day(q.date!))
      : this.cache.json(Scope.attendanceMonth(`${q.year}-${String(q.month).padStart(2, '0')}`), () =>
          this.attendance.month(q.month!, q.year!),
        );
  }

  @Post('admin/attendance')
  @Roles('admin')
  @ApiOperation({ summary: 'Mark attendance for a day' })
  @ApiAnswer('SaveAttendanceResponse')
  @ApiErrors(
    ErrorCode.DateInFuture,
    ErrorCode.NotASchoolDay,
    ErrorCode.NothingToUpdate,
    ErrorCode.OverrideReasonRequired,
  )
  save(@CurrentUser() me: AuthUser, @Body() dto: SaveAttendanceDto): Promise<SaveAttendanceResponse> {
    return this.attendance.saveDay(me, dto);
  }

  @Get('admin/attendance/recorded')
  @Roles('admin')
  @ApiOperation({ summary: 'Which of these days have a register, and how many students are marked on them' })
  @ApiAnswer('RecordedDaysResponse')
  recorded(@Query() q: RecordedDaysQueryDto): Promise<RecordedDaysResponse> {
    return this.attendance.recorded(q.dates);
  }

  @Get('admin/attendance/export')
  @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="attendance-register.csv"')
  @ApiOperation({ summary: "Download a month's attendance register as CSV" })
  @ApiAnswer({ file: 'text/csv' })
  export(@Query() q: MonthQueryDto): Promise<string> {
    return this.attendance.monthCsv(q.month, q.year);
  }

  @Discloses((body) => profileOf((body as MenteeDetailsResponse)._id, body as Record<string, unknown>))
  @Get('mentees/:id/details')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: "A mentee's record: profile, attendance, leaves and grievances" })
  @ApiAnswer('MenteeDetailsResponse')
  @ApiErrors(ErrorCode.MenteeNotFound, ErrorCode.NotOwner)
  details(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<MenteeDetailsResponse> {
    return this.attendance.menteeDetails(me, id);
  }
}
