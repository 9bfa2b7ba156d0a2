import { Controller, Get, Query } from '@nestjs/common';
import type { ListAuditResponse } from '@portal/contracts';
import { Roles } from '../common/decorators';
import { AuditService } from './audit.service';
import { ListAuditQueryDto } from './dto/list-audit.query.dto';

@Controller('admin/audit')
@Roles('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  list(@Query() q: ListAuditQueryDto): Promise<ListAuditResponse> {
    return this.audit.list(q);
  }
}
