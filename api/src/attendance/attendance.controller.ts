import { Body, Controller, Get, Header, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import type { DailyAttendanceResponse, MenteeDetailsResponse, MonthlyAttendanceResponse, SaveAttendanceResponse } from '@portal/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/decorators';
import { AttendanceService } from './attendance.service';
import { AttendanceQueryDto, MonthQueryDto } from './dto/attendance.query.dto';
import { SaveAttendanceDto } from './dto/save-attendance.dto';

@Controller()
export class AttendanceController {
  constructor(private readonly attendance: AttendanceService) {}

  @Get('admin/attendance') @Roles('admin')
  get(@Query() q: AttendanceQueryDto): Promise<DailyAttendanceResponse | MonthlyAttendanceResponse> {
    return q.date ? this.attendance.day(q.date) : this.attendance.month(q.month!, q.year!);
  }

  @Post('admin/attendance') @Roles('admin')
  save(@CurrentUser() me: AuthUser, @Body() dto: SaveAttendanceDto): Promise<SaveAttendanceResponse> {
    return this.attendance.saveDay(me, dto);
  }

  @Get('admin/attendance/export') @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="attendance-register.csv"')
  export(@Query() q: MonthQueryDto): Promise<string> {
    return this.attendance.monthCsv(q.month, q.year);
  }

  @Get('mentees/:id/details') @Roles('mentor', 'admin')
  details(@CurrentUser() me: AuthUser, @Param('id', new ParseUUIDPipe({ version: '4', errorHttpStatusCode: 400 })) id: string): Promise<MenteeDetailsResponse> {
    return this.attendance.menteeDetails(me, id);
  }
}
