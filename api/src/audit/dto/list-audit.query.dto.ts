import { IsIn, IsString, MaxLength } from 'class-validator';
import { AUDIT_ACTIONS, type ListAuditQuery } from '@portal/contracts';
import { PageQueryDto } from '../../common/pagination.dto';
import { MayOmit } from '../../common/may-omit';

export class ListAuditQueryDto extends PageQueryDto implements ListAuditQuery {
  @IsIn(AUDIT_ACTIONS, { message: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })
  @MayOmit()
  action?: string;

  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @IsString()
  @MayOmit()
  search?: string;
}
