import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ErrorCode, type MessageResponse, type SchoolCalendar } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { CommonException } from '../common/domain.exception';
import { isCalendarDate } from '../common/is-calendar-date';
import { CalendarService } from './calendar.service';
import { AddClosuresDto, CalendarQueryDto, UpdateSchoolCalendarDto } from './dto/calendar.dto';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** Any signed-in user: the date pickers and the leave form follow it. */
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
  update(@CurrentUser() me: AuthUser, @Body() dto: UpdateSchoolCalendarDto): Promise<SchoolCalendar> {
    return this.calendar.update(me, dto);
  }

  @Post('admin/calendar/closures')
  @Roles('admin')
  @ApiOperation({ summary: 'Add school closures' })
  @ApiAnswer('SchoolCalendar')
  @ApiErrors(ErrorCode.InvalidDateRange)
  addClosures(@CurrentUser() me: AuthUser, @Body() dto: AddClosuresDto): Promise<SchoolCalendar> {
    return this.calendar.addClosures(me, dto.closures);
  }

  @Delete('admin/calendar/closures/:date')
  @Roles('admin')
  @ApiOperation({ summary: 'Remove a school closure' })
  @ApiAnswer('MessageResponse')
  removeClosure(@CurrentUser() me: AuthUser, @Param('date') date: string): Promise<MessageResponse> {
    if (!isCalendarDate(date)) throw CommonException.validationFailed('date must be a real date (YYYY-MM-DD)');
    return this.calendar.removeClosure(me, date);
  }
}
