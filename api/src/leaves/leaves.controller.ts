import { Body, Controller, Get, Header, Post, Put, Query } from '@nestjs/common';
import { ErrorCode, type LeaveImpact, type LeaveResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { CreateLeaveDto } from './dto/create-leave.dto';
import { DecideLeaveDto } from './dto/decide-leave.dto';
import { LeaveImpactQueryDto } from './dto/leave-impact.query.dto';
import { LeaveFiltersDto, ListLeavesQueryDto } from './dto/list-leaves.query.dto';
import { LeavesService } from './leaves.service';
import { IdParam } from '../common/id-param';
import { AnswersArrayPage, type ArrayPage } from '../common/array-page';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

/** What a mentor's or admin's decision (approve, reject) may be refused with. */
const DECISION_ERRORS = [
  ErrorCode.ChangedConcurrently,
  ErrorCode.LeaveAttendanceConflict,
  ErrorCode.LeaveNotFound,
  ErrorCode.LeaveNotPending,
  ErrorCode.NotOwner,
] as const;

@Controller('leaves')
export class LeavesController {
  constructor(private readonly leaves: LeavesService) {}

  @Post()
  @Roles('mentee')
  @ApiOperation({ summary: 'Request a leave' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(ErrorCode.InvalidDateRange, ErrorCode.LeaveBackdatedTooFar, ErrorCode.LeaveOverlap, ErrorCode.LeaveTooLong)
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateLeaveDto): Promise<LeaveResponse> {
    return this.leaves.create(me, dto);
  }

  @Get('mentee')
  @Roles('mentee')
  @ApiOperation({ summary: "The mentee's own leave requests" })
  @ApiAnswer(['LeaveResponse'])
  @AnswersArrayPage()
  mine(@CurrentUser() me: AuthUser, @Query() q: ListLeavesQueryDto): Promise<ArrayPage<LeaveResponse>> {
    return this.leaves.list({ kind: 'mentee', menteeId: me.id }, { status: q.status, page: q.page, limit: q.limit });
  }

  @Get('mentor')
  @Roles('mentor')
  @ApiOperation({ summary: "Leave requests of the mentor's mentees" })
  @ApiAnswer(['LeaveResponse'])
  @AnswersArrayPage()
  ofMyMentees(@CurrentUser() me: AuthUser, @Query() q: ListLeavesQueryDto): Promise<ArrayPage<LeaveResponse>> {
    return this.leaves.list({ kind: 'mentor', mentorId: me.id }, { status: q.status, page: q.page, limit: q.limit });
  }

  @Get('admin')
  @Roles('admin')
  @ApiOperation({ summary: 'All leave requests' })
  @ApiAnswer(['LeaveResponse'])
  @AnswersArrayPage()
  all(@Query() q: ListLeavesQueryDto): Promise<ArrayPage<LeaveResponse>> {
    return this.leaves.list({ kind: 'admin' }, q);
  }

  @Get('admin/export')
  @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="leave-requests.csv"')
  @ApiOperation({ summary: 'Download leave requests as CSV' })
  @ApiAnswer({ file: 'text/csv' })
  export(@Query() q: LeaveFiltersDto): Promise<string> {
    return this.leaves.exportCsv(q);
  }

  @Get('impact')
  @Roles('mentee')
  @ApiOperation({ summary: 'School days and attendance a planned leave would cover' })
  @ApiAnswer('LeaveImpact')
  @ApiErrors(ErrorCode.InvalidDateRange, ErrorCode.LeaveTooLong)
  impact(@CurrentUser() me: AuthUser, @Query() q: LeaveImpactQueryDto): Promise<LeaveImpact> {
    return this.leaves.impact(me.id, q.startDate, q.endDate);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(ErrorCode.LeaveNotFound, ErrorCode.NotOwner)
  one(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LeaveResponse> {
    return this.leaves.get(me, id);
  }

  @Put(':id/approve')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Approve a leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(...DECISION_ERRORS)
  approve(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: DecideLeaveDto): Promise<LeaveResponse> {
    return this.leaves.decide(me, id, 'approved', dto);
  }

  @Put(':id/cancel')
  @Roles('mentee')
  @ApiOperation({ summary: 'Cancel a leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(ErrorCode.ChangedConcurrently, ErrorCode.LeaveNotCancellable, ErrorCode.LeaveNotFound, ErrorCode.NotOwner)
  cancel(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LeaveResponse> {
    return this.leaves.cancel(me, id);
  }

  @Put(':id/reject')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Reject a leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(...DECISION_ERRORS)
  reject(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: DecideLeaveDto): Promise<LeaveResponse> {
    return this.leaves.decide(me, id, 'rejected', dto);
  }
}
