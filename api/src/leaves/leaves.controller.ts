import { Body, Controller, Get, Header, Post, Put, Query } from '@nestjs/common';
import type { LeaveImpact, LeaveResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { CreateLeaveDto } from './dto/create-leave.dto';
import { DecideLeaveDto } from './dto/decide-leave.dto';
import { LeaveImpactQueryDto } from './dto/leave-impact.query.dto';
import { ListLeavesQueryDto } from './dto/list-leaves.query.dto';
import { LeavesService } from './leaves.service';
import { IdParam } from '../common/id-param';

@Controller('leaves')
export class LeavesController {
  constructor(private readonly leaves: LeavesService) {}

  @Post()
  @Roles('mentee')
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateLeaveDto): Promise<LeaveResponse> {
    return this.leaves.create(me, dto);
  }

  @Get('mentee')
  @Roles('mentee')
  mine(@CurrentUser() me: AuthUser, @Query() q: ListLeavesQueryDto): Promise<LeaveResponse[]> {
    return this.leaves.list({ kind: 'mentee', menteeId: me.id }, { status: q.status });
  }

  @Get('mentor')
  @Roles('mentor')
  ofMyMentees(@CurrentUser() me: AuthUser, @Query() q: ListLeavesQueryDto): Promise<LeaveResponse[]> {
    return this.leaves.list({ kind: 'mentor', mentorId: me.id }, { status: q.status });
  }

  @Get('admin')
  @Roles('admin')
  all(@Query() q: ListLeavesQueryDto): Promise<LeaveResponse[]> {
    return this.leaves.list({ kind: 'admin' }, q);
  }

  @Get('admin/export')
  @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="leave-requests.csv"')
  export(@Query() q: ListLeavesQueryDto): Promise<string> {
    return this.leaves.exportCsv(q);
  }

  @Get('impact')
  @Roles('mentee')
  impact(@CurrentUser() me: AuthUser, @Query() q: LeaveImpactQueryDto): Promise<LeaveImpact> {
    return this.leaves.impact(me, q.startDate, q.endDate);
  }

  @Get(':id')
  one(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LeaveResponse> {
    return this.leaves.get(me, id);
  }

  @Put(':id/approve')
  @Roles('mentor', 'admin')
  approve(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: DecideLeaveDto): Promise<LeaveResponse> {
    return this.leaves.decide(me, id, 'approved', dto);
  }

  @Put(':id/cancel')
  @Roles('mentee')
  cancel(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LeaveResponse> {
    return this.leaves.cancel(me, id);
  }

  @Put(':id/reject')
  @Roles('mentor', 'admin')
  reject(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: DecideLeaveDto): Promise<LeaveResponse> {
    return this.leaves.decide(me, id, 'rejected', dto);
  }
}
