import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  MESSAGE_REPORT_REASONS,
  MESSAGE_REPORT_STATUSES,
  REPORT_NOTE_MAX,
  REPORT_OUTCOME_MAX,
  type ListMessageReportsQuery,
  type MessageReportReason,
  type MessageReportStatus,
  type ReportMessageRequest,
  type UpdateMessageReportRequest,
} from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';
import { PageQueryDto } from '../../common/pagination.dto';
import { trim } from '../../common/transforms';

const reasons = MESSAGE_REPORT_REASONS.join(', ');

/** POST /api/safeguarding/reports */
export class ReportMessageDto implements ReportMessageRequest {
  @IsUUID('4', { message: 'messageId must be the id of a message' })
  @IsNotEmpty({ message: 'messageId is required' })
  messageId: string;

  @IsIn(MESSAGE_REPORT_REASONS, { message: `reason must be one of: ${reasons}` })
  reason: MessageReportReason;

  @MaxLength(REPORT_NOTE_MAX, { message: `The note must be at most ${REPORT_NOTE_MAX} characters` })
  @IsString({ message: 'The note must be text' })
  @MayOmit()
  @Transform(trim)
  note?: string;
}

/** GET /api/safeguarding/reports */
export class ListMessageReportsQueryDto extends PageQueryDto implements ListMessageReportsQuery {
  @IsIn(MESSAGE_REPORT_STATUSES, { message: `status must be one of: ${MESSAGE_REPORT_STATUSES.join(', ')}` })
  @MayOmit()
  status?: MessageReportStatus;
}

const NEXT = MESSAGE_REPORT_STATUSES.filter((s) => s !== 'open');

/** PUT /api/safeguarding/reports/:id */
export class UpdateMessageReportDto implements UpdateMessageReportRequest {
  @IsIn(NEXT, { message: `status must be one of: ${NEXT.join(', ')}` })
  status: Exclude<MessageReportStatus, 'open'>;

  @MaxLength(REPORT_OUTCOME_MAX, { message: `The outcome must be at most ${REPORT_OUTCOME_MAX} characters` })
  @IsString({ message: 'The outcome must be text' })
  @MayOmit()
  @Transform(trim)
  outcome?: string;
}
