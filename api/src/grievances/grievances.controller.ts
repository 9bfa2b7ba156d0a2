import { Body, Controller, Get, Header, HttpCode, Post, Put, Query } from '@nestjs/common';
import type {
  GrievanceAnalyticsResponse,
  GrievanceCommentResponse,
  GrievanceDeadlineSettings,
  GrievanceEventResponse,
  GrievanceResponse,
  RevealedIdentityResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { CreateGrievanceDto } from './dto/create-grievance.dto';
import {
  GrievanceActionDto,
  GrievanceCommentDto,
  GrievanceDeadlineSettingsDto,
  ReopenGrievanceDto,
  RevealIdentityDto,
  SetGrievanceCategoryDto,
  SetGrievancePriorityDto,
} from './dto/grievance-action.dto';
import { GrievanceDeadlines } from './grievance-deadlines';
import { ListGrievancesQueryDto } from './dto/list-grievances.query.dto';
import { GrievancesService } from './grievances.service';
import { IdParam } from '../common/id-param';

@Controller('grievances')
export class GrievancesController {
  constructor(private readonly grievances: GrievancesService) {}

  @Post()
  @Roles('mentee')
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateGrievanceDto): Promise<GrievanceResponse> {
    return this.grievances.create(me, dto);
  }

  @Get('mentee')
  @Roles('mentee')
  mine(@CurrentUser() me: AuthUser, @Query() q: ListGrievancesQueryDto): Promise<GrievanceResponse[]> {
    return this.grievances.list({ kind: 'mentee', menteeId: me.id }, { status: q.status });
  }

  @Get('mentor')
  @Roles('mentor')
  ofMyMentees(@CurrentUser() me: AuthUser, @Query() q: ListGrievancesQueryDto): Promise<GrievanceResponse[]> {
    return this.grievances.list({ kind: 'mentor', mentorId: me.id }, { status: q.status });
  }

  @Get('admin')
  @Roles('admin')
  all(@Query() q: ListGrievancesQueryDto): Promise<GrievanceResponse[]> {
    return this.grievances.list({ kind: 'admin' }, q);
  }

  @Get('admin/export')
  @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="grievances.csv"')
  export(@Query() q: ListGrievancesQueryDto): Promise<string> {
    return this.grievances.exportCsv(q);
  }

  @Get(':id')
  one(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GrievanceResponse> {
    return this.grievances.get(me, id);
  }

  @Put(':id/review')
  @Roles('mentor', 'admin')
  review(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceActionDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.act(me, id, 'review', dto);
  }

  @Put(':id/resolve')
  @Roles('mentor', 'admin')
  resolve(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceActionDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.act(me, id, 'resolve', dto);
  }

  @Put(':id/reject')
  @Roles('mentor', 'admin')
  reject(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceActionDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.act(me, id, 'reject', dto);
  }

  @Put(':id/priority')
  @Roles('admin')
  priority(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: SetGrievancePriorityDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.setPriority(me, id, dto.priority);
  }

  @Get(':id/timeline')
  timeline(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GrievanceEventResponse[]> {
    return this.grievances.timeline(me, id);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @Roles('mentee')
  confirm(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GrievanceResponse> {
    return this.grievances.confirm(me, id);
  }

  @Post(':id/reopen')
  @HttpCode(200)
  @Roles('mentee')
  reopen(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: ReopenGrievanceDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.reopen(me, id, dto.reason);
  }

  @Get(':id/comments')
  comments(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GrievanceCommentResponse[]> {
    return this.grievances.comments(me, id);
  }

  @Post(':id/comments')
  comment(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceCommentDto,
  ): Promise<GrievanceCommentResponse> {
    return this.grievances.addComment(me, id, dto.content);
  }
}

/** The administrators' grievance settings and decisions (the routes of the admin access test). */
@Controller('admin/grievances')
@Roles('admin')
export class AdminGrievancesController {
  constructor(
    private readonly grievances: GrievancesService,
    private readonly deadlines: GrievanceDeadlines,
  ) {}

  @Get('settings')
  settings(): Promise<GrievanceDeadlineSettings> {
    return this.deadlines.settings();
  }

  @Put('settings')
  setSettings(
    @CurrentUser() me: AuthUser,
    @Body() dto: GrievanceDeadlineSettingsDto,
  ): Promise<GrievanceDeadlineSettings> {
    return this.deadlines.update(me, dto);
  }

  @Get('analytics')
  analytics(): Promise<GrievanceAnalyticsResponse> {
    return this.grievances.analytics();
  }

  @Put(':id/category')
  category(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: SetGrievanceCategoryDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.setCategory(me, id, dto.category);
  }

  @Post(':id/reveal')
  @HttpCode(200)
  reveal(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: RevealIdentityDto,
  ): Promise<RevealedIdentityResponse> {
    return this.grievances.reveal(me, id, dto.reason);
  }
}
