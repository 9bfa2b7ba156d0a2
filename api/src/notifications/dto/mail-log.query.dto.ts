import { IsIn } from 'class-validator';
import { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailLogQuery, type MailStatus } from '@portal/contracts';
import { PageQueryDto } from '../../common/pagination.dto';
import { MayOmit } from '../../common/may-omit';

export class MailLogQueryDto extends PageQueryDto implements MailLogQuery {
  @IsIn(MAIL_STATUSES, { message: `status must be one of ${MAIL_STATUSES.join(', ')}` })
  @MayOmit()
  status?: MailStatus;

  @IsIn(MAIL_KINDS, { message: `kind must be one of ${MAIL_KINDS.join(', ')}` })
  @MayOmit()
  kind?: MailKind;
}
