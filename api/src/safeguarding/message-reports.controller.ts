import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  ErrorCode,
  type MessageReportDetail,
  type MessageReportPage,
  type MessageReportReceipt,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { ListMessageReportsQueryDto, ReportMessageDto, UpdateMessageReportDto } from './dto/message-report.dto';
import { MessageReportsService } from './message-reports.service';

/** A participant reports a chat message (staff and students; the service checks the conversation). */
@Controller('safeguarding/reports')
export class ReportMessageController {
  constructor(private readonly reports: MessageReportsService) {}

  @Post()
  @ApiOperation({ summary: 'Report a message of one of your conversations to the safeguarding leads' })
  @ApiAnswer('MessageReportReceipt')
  @ApiErrors(
    ErrorCode.AlreadyReported,
    ErrorCode.ConversationNotFound,
    ErrorCode.MessageNotFound,
    ErrorCode.NotAMember,
    ErrorCode.OwnMessage,
  )
  report(@CurrentUser() me: AuthUser, @Body() dto: ReportMessageDto): Promise<MessageReportReceipt> {
    changesNoKeptRead();
    return this.reports.report(me, dto.messageId, dto);
  }
}

/** The safeguarding leads' queue of reported messages (every admin's while none is designated). */
@Roles('admin')
@Controller('safeguarding/reports')
export class MessageReportsController {
  constructor(private readonly reports: MessageReportsService) {}

  @Get()
  @ApiOperation({ summary: 'Reported messages, newest first' })
  @ApiAnswer('MessageReportPage')
  @ApiErrors(ErrorCode.NotSafeguardingLead)
  list(@CurrentUser() me: AuthUser, @Query() q: ListMessageReportsQueryDto): Promise<MessageReportPage> {
    return this.reports.list(me, q);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A reported message with the messages around it' })
  @ApiAnswer('MessageReportDetail')
  @ApiErrors(ErrorCode.NotSafeguardingLead, ErrorCode.ReportNotFound)
  detail(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<MessageReportDetail> {
    return this.reports.detail(me, id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Acknowledge, act on or close a report (closing needs the outcome)' })
  @ApiAnswer('MessageReportDetail')
  @ApiErrors(
    ErrorCode.NotSafeguardingLead,
    ErrorCode.ReportNotFound,
    ErrorCode.ReportTransitionNotAllowed,
    ErrorCode.ResolutionRequired,
  )
  update(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: UpdateMessageReportDto,
  ): Promise<MessageReportDetail> {
    changesNoKeptRead();
    return this.reports.update(me, id, dto);
  }
}
