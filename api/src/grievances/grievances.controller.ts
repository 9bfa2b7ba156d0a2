import { Body, Controller, Get, Header, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ErrorCode,
  type GrievanceAnalyticsResponse,
  type GrievanceCommentResponse,
  type GrievanceDeadlineSettings,
  type GrievanceEventResponse,
  type GrievanceResponse,
  type RevealedIdentityResponse,
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
import { GrievanceComments } from './grievance-comments.service';
import { GrievanceDeadlines } from './grievance-deadlines';
import { GrievanceReports } from './grievance-reports.service';
import { GrievanceFiltersDto, ListGrievancesQueryDto } from './dto/list-grievances.query.dto';
import { GrievancesService } from './grievances.service';
import { IdParam } from '../common/id-param';
import { AnswersArrayPage, type ArrayPage } from '../common/array-page';
import { ListQueryDto } from '../common/pagination.dto';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { Discloses, rowsOf, type Disclosed } from '../disclosures/discloses.decorator';

/** What a step on a grievance (review, resolve, reject) may be refused with. */
const STEP_ERRORS = [
  ErrorCode.ChangedConcurrently,
  ErrorCode.Forbidden,
  ErrorCode.GrievanceNotFound,
  ErrorCode.GrievanceTransitionNotAllowed,
  ErrorCode.NotOwner,
  ErrorCode.ResolutionRequired,
] as const;

@Controller('grievances')
export class GrievancesController {
  constructor(
    private readonly grievances: GrievancesService,
    private readonly thread: GrievanceComments,
    private readonly reports: GrievanceReports,
  ) {}

  @Post()
  @Roles('mentee')
  @ApiOperation({ summary: 'File a grievance' })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(ErrorCode.DateInFuture)
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateGrievanceDto): Promise<GrievanceResponse> {
    return this.grievances.create(me, dto);
  }

  @Get('mentee')
  @Roles('mentee')
  @ApiOperation({ summary: "The mentee's own grievances" })
  @ApiAnswer(['GrievanceResponse'])
  @AnswersArrayPage()
  mine(@CurrentUser() me: AuthUser, @Query() q: ListGrievancesQueryDto): Promise<ArrayPage<GrievanceResponse>> {
    return this.grievances.list(
      { kind: 'mentee', menteeId: me.id },
      { status: q.status, page: q.page, limit: q.limit },
    );
  }

  @Discloses((body) => grievanceList(body))
  @Get('mentor')
  @Roles('mentor')
  @ApiOperation({ summary: "Grievances of the mentor's mentees" })
  @ApiAnswer(['GrievanceResponse'])
  @AnswersArrayPage()
  ofMyMentees(@CurrentUser() me: AuthUser, @Query() q: ListGrievancesQueryDto): Promise<ArrayPage<GrievanceResponse>> {
    return this.grievances.list(
      { kind: 'mentor', mentorId: me.id },
      { status: q.status, page: q.page, limit: q.limit },
    );
  }

  @Discloses((body) => grievanceList(body))
  @Get('admin')
  @Roles('admin')
  @ApiOperation({ summary: 'All grievances' })
  @ApiAnswer(['GrievanceResponse'])
  @AnswersArrayPage()
  all(@Query() q: ListGrievancesQueryDto): Promise<ArrayPage<GrievanceResponse>> {
    return this.grievances.list({ kind: 'admin' }, q);
  }

  @Get('admin/export')
  @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="grievances.csv"')
  @ApiOperation({ summary: 'Download grievances as CSV' })
  @ApiAnswer({ file: 'text/csv' })
  export(@Query() q: GrievanceFiltersDto): Promise<string> {
    return this.reports.exportCsv(q);
  }

  @Discloses((body) => {
    const g = body as GrievanceResponse;
    // A withheld name stays withheld here too: the row names the grievance, not the student.
    return [{ menteeId: g.menteeId?._id ?? null, record: 'grievance', recordId: g._id, fields: ['details'] }];
  })
  @Get(':id')
  @ApiOperation({ summary: 'One grievance' })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(ErrorCode.GrievanceNotFound, ErrorCode.NotOwner)
  one(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GrievanceResponse> {
    return this.grievances.get(me, id);
  }

  @Put(':id/review')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Take a grievance under review' })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(...STEP_ERRORS)
  review(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceActionDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.act(me, id, 'review', dto);
  }

  @Put(':id/resolve')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Resolve a grievance' })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(...STEP_ERRORS)
  resolve(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceActionDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.act(me, id, 'resolve', dto);
  }

  @Put(':id/reject')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Reject a grievance' })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(...STEP_ERRORS)
  reject(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceActionDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.act(me, id, 'reject', dto);
  }

  @Put(':id/priority')
  @Roles('admin')
  @ApiOperation({ summary: "Set a grievance's priority" })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(ErrorCode.ChangedConcurrently, ErrorCode.GrievanceClosed, ErrorCode.GrievanceNotFound)
  priority(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: SetGrievancePriorityDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.setPriority(me, id, dto.priority);
  }

  @Get(':id/timeline')
  @ApiOperation({ summary: "A grievance's history of events" })
  @ApiAnswer(['GrievanceEventResponse'])
  @ApiErrors(ErrorCode.GrievanceNotFound, ErrorCode.NotOwner)
  @AnswersArrayPage()
  timeline(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: ListQueryDto,
  ): Promise<ArrayPage<GrievanceEventResponse>> {
    return this.thread.timeline(me, id, q);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @Roles('mentee')
  @ApiOperation({ summary: 'Confirm a resolved grievance is settled' })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(
    ErrorCode.ChangedConcurrently,
    ErrorCode.GrievanceAlreadyAnswered,
    ErrorCode.GrievanceNotFound,
    ErrorCode.GrievanceNotResolved,
    ErrorCode.NotOwner,
  )
  confirm(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<GrievanceResponse> {
    return this.grievances.confirm(me, id);
  }

  @Post(':id/reopen')
  @HttpCode(200)
  @Roles('mentee')
  @ApiOperation({ summary: 'Reopen a resolved grievance' })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(
    ErrorCode.ChangedConcurrently,
    ErrorCode.GrievanceAlreadyAnswered,
    ErrorCode.GrievanceNotFound,
    ErrorCode.GrievanceNotResolved,
    ErrorCode.NotOwner,
  )
  reopen(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: ReopenGrievanceDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.reopen(me, id, dto.reason);
  }

  @Get(':id/comments')
  @ApiOperation({ summary: 'List the comments on a grievance' })
  @ApiAnswer(['GrievanceCommentResponse'])
  @ApiErrors(ErrorCode.GrievanceNotFound, ErrorCode.NotOwner)
  @AnswersArrayPage()
  comments(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: ListQueryDto,
  ): Promise<ArrayPage<GrievanceCommentResponse>> {
    return this.thread.comments(me, id, q);
  }

  @Post(':id/comments')
  @ApiOperation({ summary: 'Comment on a grievance' })
  @ApiAnswer('GrievanceCommentResponse')
  @ApiErrors(ErrorCode.GrievanceNotFound, ErrorCode.NotOwner)
  comment(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GrievanceCommentDto,
  ): Promise<GrievanceCommentResponse> {
    return this.thread.addComment(me, id, dto.content);
  }
}

/** The administrators' grievance settings and decisions (the routes of the admin access test). */
@Controller('admin/grievances')
@Roles('admin')
export class AdminGrievancesController {
  constructor(
    private readonly grievances: GrievancesService,
    private readonly reports: GrievanceReports,
    private readonly deadlines: GrievanceDeadlines,
  ) {}

  @Get('settings')
  @ApiOperation({ summary: 'Grievance deadlines per priority' })
  @ApiAnswer('GrievanceDeadlineSettings')
  settings(): Promise<GrievanceDeadlineSettings> {
    return this.deadlines.settings();
  }

  @Put('settings')
  @ApiOperation({ summary: 'Change the grievance deadlines' })
  @ApiAnswer('GrievanceDeadlineSettings')
  setSettings(
    @CurrentUser() me: AuthUser,
    @Body() dto: GrievanceDeadlineSettingsDto,
  ): Promise<GrievanceDeadlineSettings> {
    return this.deadlines.update(me, dto);
  }

  @Get('analytics')
  @ApiOperation({ summary: 'Grievance analytics' })
  @ApiAnswer('GrievanceAnalyticsResponse')
  analytics(): Promise<GrievanceAnalyticsResponse> {
    return this.reports.analytics();
  }

  @Put(':id/category')
  @ApiOperation({ summary: "Set a grievance's category" })
  @ApiAnswer('GrievanceResponse')
  @ApiErrors(ErrorCode.ChangedConcurrently, ErrorCode.GrievanceClosed, ErrorCode.GrievanceNotFound)
  category(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: SetGrievanceCategoryDto,
  ): Promise<GrievanceResponse> {
    return this.grievances.setCategory(me, id, dto.category);
  }

  @Post(':id/reveal')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reveal the identity behind a confidential grievance (audited)' })
  @ApiAnswer('RevealedIdentityResponse')
  @ApiErrors(ErrorCode.GrievanceNotFound, ErrorCode.GrievanceNotWithheld)
  reveal(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: RevealIdentityDto,
  ): Promise<RevealedIdentityResponse> {
    return this.grievances.reveal(me, id, dto.reason);
  }
}

/** A list of grievances shown to staff: one row naming how many. */
function grievanceList(body: unknown): Disclosed[] {
  const rows = rowsOf(body);
  return rows.length ? [{ menteeId: null, record: 'grievance', fields: ['details'], students: rows.length }] : [];
}
