import { Body, Controller, Get, Header, Post, Query } from '@nestjs/common';
import type {
  DailyAttendanceResponse,
  MenteeDetailsResponse,
  MonthlyAttendanceResponse,
  SaveAttendanceResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ReadCache, type Json } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { AttendanceService } from './attendance.service';
import { AttendanceQueryDto, MonthQueryDto } from './dto/attendance.query.dto';
import { SaveAttendanceDto } from './dto/save-attendance.dto';

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
  get(@Query() q: AttendanceQueryDto): Promise<Json<DailyAttendanceResponse | MonthlyAttendanceResponse>> {
    return q.date
      ? this.cache.json(Scope.attendanceDay(q.date), () => this.attendance.day(q.date!))
      : this.cache.json(Scope.attendanceMonth(`${q.year}-${String(q.month).padStart(2, '0')}`), () =>
          this.attendance.month(q.month!, q.year!),
        );
  }

  @Post('admin/attendance')
  @Roles('admin')
  save(@CurrentUser() me: AuthUser, @Body() dto: SaveAttendanceDto): Promise<SaveAttendanceResponse> {
    return this.attendance.saveDay(me, dto);
  }

  @Get('admin/attendance/export')
  @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="attendance-register.csv"')
  export(@Query() q: MonthQueryDto): Promise<string> {
    return this.attendance.monthCsv(q.month, q.year);
  }

  @Get('mentees/:id/details')
  @Roles('mentor', 'admin')
  details(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<MenteeDetailsResponse> {
    return this.attendance.menteeDetails(me, id);
  }
}
