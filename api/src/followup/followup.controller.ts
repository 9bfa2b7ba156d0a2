import { Body, Controller, Get, Header, Post, Put, Query } from '@nestjs/common';
import {
  ErrorCode,
  type ActionItem,
  type FollowUpOutcome,
  type FollowUpOverview,
  type FollowUpQueueEntry,
  type LastContacts,
  type MenteeFollowUp,
  type MentoringEntry,
  type MyFollowUp,
  type RiskSettings,
} from '@portal/contracts';
import { AnswersArrayPage, pageOf, type ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ListQueryDto, windowOf } from '../common/pagination.dto';
import {
  CreateMentoringEntryDto,
  DismissSignalsDto,
  OutcomesPageQueryDto,
  OutcomesQueryDto,
  UpdateActionItemDto,
  UpdateRiskSettingsDto,
} from './dto/followup.dto';
import { FollowupQueueService } from './followup-queue.service';
import { MentoringLogService } from './mentoring-log.service';
import { OutcomesService } from './outcomes.service';
import { RiskSettingsService } from './risk-settings.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { Discloses } from '../disclosures/discloses.decorator';

@Controller('followup')
export class FollowupController {
  constructor(
    private readonly queues: FollowupQueueService,
    private readonly mentoring: MentoringLogService,
  ) {}

  @Get('queue')
  @Roles('mentor')
  @ApiOperation({ summary: "The mentor's follow-up queue: mentees with risk signals, most urgent first" })
  @ApiAnswer(['FollowUpQueueEntry'])
  @AnswersArrayPage()
  async queue(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<FollowUpQueueEntry>> {
    // Computed for the mentor's own mentees and ranked as a whole: paged after ranking.
    return pageOf(await this.queues.queue(me), q);
  }

  @Get('contacts')
  @Roles('mentor')
  @ApiOperation({ summary: 'When the mentor last contacted each mentee' })
  @ApiAnswer('LastContacts')
  contacts(@CurrentUser() me: AuthUser): Promise<LastContacts> {
    return this.queues.myContacts(me);
  }

  @Get('me')
  @Roles('mentee')
  @ApiOperation({ summary: "The mentee's own action items from mentoring" })
  @ApiAnswer('MyFollowUp')
  mine(@CurrentUser() me: AuthUser): Promise<MyFollowUp> {
    return this.mentoring.mine(me);
  }

  @Discloses((_body, req) => [
    { menteeId: (req.params as { id: string }).id, record: 'followup', fields: ['signals', 'notes'] },
  ])
  @Get('mentees/:id')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: "A mentee's risk signals and mentoring log" })
  @ApiAnswer('MenteeFollowUp')
  @ApiErrors(ErrorCode.MenteeNotFound, ErrorCode.NotOwner)
  mentee(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<MenteeFollowUp> {
    return this.queues.forMentee(me, id);
  }

  @Post('mentees/:id/log')
  @Roles('mentor')
  @ApiOperation({ summary: 'Log a mentoring contact with a mentee' })
  @ApiAnswer('MentoringEntry')
  @ApiErrors(ErrorCode.DateInFuture, ErrorCode.MenteeNotFound, ErrorCode.NotOwner)
  log(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: CreateMentoringEntryDto,
  ): Promise<MentoringEntry> {
    changesNoKeptRead();
    return this.mentoring.log(me, id, dto);
  }

  @Post('mentees/:id/dismiss')
  @Roles('mentor')
  @ApiOperation({ summary: "Dismiss a mentee's current risk signals" })
  @ApiAnswer('MenteeFollowUp')
  @ApiErrors(ErrorCode.MenteeNotFound, ErrorCode.NotOwner, ErrorCode.NothingToFollowUp)
  async dismiss(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: DismissSignalsDto,
  ): Promise<MenteeFollowUp> {
    changesNoKeptRead();
    await this.mentoring.dismiss(me, id, dto.reason);
    return this.queues.forMentee(me, id);
  }

  @Put('action-items/:id')
  @Roles('mentor', 'mentee')
  @ApiOperation({ summary: 'Mark an action item done or open' })
  @ApiAnswer('ActionItem')
  @ApiErrors(ErrorCode.MenteeNotFound, ErrorCode.MentoringEntryNotFound, ErrorCode.NotOwner)
  actionItem(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: UpdateActionItemDto,
  ): Promise<ActionItem> {
    changesNoKeptRead();
    return this.mentoring.setActionItem(me, id, dto.done);
  }
}

@Controller('admin/followup')
@Roles('admin')
export class AdminFollowupController {
  constructor(
    private readonly settingsService: RiskSettingsService,
    private readonly queues: FollowupQueueService,
    private readonly outcomesService: OutcomesService,
  ) {}

  @Get('settings')
  @ApiOperation({ summary: 'Risk-signal thresholds' })
  @ApiAnswer('RiskSettings')
  settings(): Promise<RiskSettings> {
    return this.settingsService.settings();
  }

  @Put('settings')
  @ApiOperation({ summary: 'Change the risk-signal thresholds' })
  @ApiAnswer('RiskSettings')
  @ApiErrors(ErrorCode.NothingToUpdate)
  update(@CurrentUser() me: AuthUser, @Body() dto: UpdateRiskSettingsDto): Promise<RiskSettings> {
    changesNoKeptRead();
    return this.settingsService.update(me, dto);
  }

  @Get('overview')
  @ApiOperation({ summary: 'School-wide follow-up overview' })
  @ApiAnswer('FollowUpOverview')
  overview(@CurrentUser() me: AuthUser): Promise<FollowUpOverview> {
    return this.queues.overview(me);
  }

  @Get('outcomes')
  @ApiOperation({ summary: 'Follow-up outcomes over a period' })
  @ApiAnswer(['FollowUpOutcome'])
  @AnswersArrayPage()
  outcomes(@Query() q: OutcomesPageQueryDto): Promise<ArrayPage<FollowUpOutcome>> {
    const { skip, limit } = windowOf(q);
    return this.outcomesService.all(q.mentorId, { skip, take: limit });
  }

  @Get('outcomes/export')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="follow-up-outcomes.csv"')
  @ApiOperation({ summary: 'Download follow-up outcomes as CSV' })
  @ApiAnswer({ file: 'text/csv' })
  export(@Query() q: OutcomesQueryDto): Promise<string> {
    return this.outcomesService.csv(q.mentorId);
  }
}
