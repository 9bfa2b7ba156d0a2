import { Body, Controller, Get, Header, Post, Put, Query } from '@nestjs/common';
import type {
  ActionItem,
  FollowUpOutcome,
  FollowUpOverview,
  FollowUpQueueEntry,
  LastContacts,
  MenteeFollowUp,
  MentoringEntry,
  MyFollowUp,
  RiskSettings,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import {
  CreateMentoringEntryDto,
  DismissSignalsDto,
  OutcomesQueryDto,
  UpdateActionItemDto,
  UpdateRiskSettingsDto,
} from './dto/followup.dto';
import { FollowupService } from './followup.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';

@Controller('followup')
export class FollowupController {
  constructor(private readonly followup: FollowupService) {}

  @Get('queue')
  @Roles('mentor')
  queue(@CurrentUser() me: AuthUser): Promise<FollowUpQueueEntry[]> {
    return this.followup.queue(me);
  }

  @Get('contacts')
  @Roles('mentor')
  contacts(@CurrentUser() me: AuthUser): Promise<LastContacts> {
    return this.followup.myContacts(me);
  }

  @Get('me')
  @Roles('mentee')
  mine(@CurrentUser() me: AuthUser): Promise<MyFollowUp> {
    return this.followup.mine(me);
  }

  @Get('mentees/:id')
  @Roles('mentor', 'admin')
  mentee(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<MenteeFollowUp> {
    return this.followup.forMentee(me, id);
  }

  @Post('mentees/:id/log')
  @Roles('mentor')
  log(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: CreateMentoringEntryDto,
  ): Promise<MentoringEntry> {
    changesNoKeptRead();
    return this.followup.log(me, id, dto);
  }

  @Post('mentees/:id/dismiss')
  @Roles('mentor')
  dismiss(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: DismissSignalsDto): Promise<MenteeFollowUp> {
    changesNoKeptRead();
    return this.followup.dismiss(me, id, dto.reason);
  }

  @Put('action-items/:id')
  @Roles('mentor', 'mentee')
  actionItem(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: UpdateActionItemDto,
  ): Promise<ActionItem> {
    changesNoKeptRead();
    return this.followup.setActionItem(me, id, dto.done);
  }
}

@Controller('admin/followup')
@Roles('admin')
export class AdminFollowupController {
  constructor(private readonly followup: FollowupService) {}

  @Get('settings')
  settings(): Promise<RiskSettings> {
    return this.followup.settings();
  }

  @Put('settings')
  update(@CurrentUser() me: AuthUser, @Body() dto: UpdateRiskSettingsDto): Promise<RiskSettings> {
    changesNoKeptRead();
    return this.followup.updateSettings(me, dto);
  }

  @Get('overview')
  overview(): Promise<FollowUpOverview> {
    return this.followup.overview();
  }

  @Get('outcomes')
  outcomes(@Query() q: OutcomesQueryDto): Promise<FollowUpOutcome[]> {
    return this.followup.allOutcomes(q.mentorId);
  }

  @Get('outcomes/export')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="follow-up-outcomes.csv"')
  export(@Query() q: OutcomesQueryDto): Promise<string> {
    return this.followup.outcomesCsv(q.mentorId);
  }
}
