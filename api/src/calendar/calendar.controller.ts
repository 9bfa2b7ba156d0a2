import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ErrorCode, type MessageResponse, type SchoolCalendar } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { AnyRole, CurrentUser, Roles } from '../common/decorators';
import { CommonException } from '../common/domain.exception';
import { isCalendarDate } from '../common/is-calendar-date';
import { ReadCache } from '../read-cache/read-cache.service';
import { Scope } from '../read-cache/read-scopes';
import { CALENDAR_CACHE_MS, CalendarService } from './calendar.service';
import { AddClosuresDto, CalendarQueryDto, UpdateSchoolCalendarDto } from './dto/calendar.dto';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller()
export class CalendarController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly cache: ReadCache,
  ) {}

  /**
   * Attendance is counted over the school days: every mentor's dashboard and every month change (the day view and the
   * admin dashboard do not). Other instances trust their copy of the rules for CALENDAR_CACHE_MS: what they compute
   * meanwhile is retired again once that has passed.
   */
  private async retiresKeptReads(): Promise<void> {
    const scopes = [
      Scope.everyMentorDashboard,
      Scope.everyMentorAttendance,
      Scope.everyMenteeDashboard,
      Scope.everyAttendanceMonth,
    ];
    await this.cache.retire(scopes);
    this.cache.retireAgainAfter(scopes, CALENDAR_CACHE_MS);
  }

  /** Any signed-in user: the date pickers and the leave form follow it. */
  @AnyRole()
  @Get('calendar')
  @ApiOperation({ summary: 'School days, weekends and closures between two dates' })
  @ApiAnswer('SchoolCalendar')
  @ApiErrors(ErrorCode.InvalidDateRange)
  get(@Query() q: CalendarQueryDto): Promise<SchoolCalendar> {
    return this.calendar.calendar(q.from, q.to);
  }

  @Put('admin/calendar')
  @Roles('admin')
  @ApiOperation({ summary: 'Change the school calendar (time zone, weekend, term, sick-leave backfill)' })
  @ApiAnswer('SchoolCalendar')
  @ApiErrors(ErrorCode.InvalidDateRange, ErrorCode.NothingToUpdate)
  async update(@CurrentUser() me: AuthUser, @Body() dto: UpdateSchoolCalendarDto): Promise<SchoolCalendar> {
    await this.retiresKeptReads();
    return this.calendar.update(me, dto);
  }

  @Post('admin/calendar/closures')
  @Roles('admin')
  @ApiOperation({ summary: 'Add school closures' })
  @ApiAnswer('SchoolCalendar')
  @ApiErrors(ErrorCode.InvalidDateRange)
  async addClosures(@CurrentUser() me: AuthUser, @Body() dto: AddClosuresDto): Promise<SchoolCalendar> {
    await this.retiresKeptReads();
    return this.calendar.addClosures(me, dto.closures);
  }

  @Delete('admin/calendar/closures/:date')
  @Roles('admin')
  @ApiOperation({ summary: 'Remove a school closure' })
  @ApiAnswer('MessageResponse')
  async removeClosure(@CurrentUser() me: AuthUser, @Param('date') date: string): Promise<MessageResponse> {
    if (!isCalendarDate(date)) throw CommonException.validationFailed('date must be a real date (YYYY-MM-DD)');
    await this.retiresKeptReads();
    return this.calendar.removeClosure(me, date);
  }
}
