import { Controller, Get, Query } from '@nestjs/common';
import type { ListAuditResponse } from '@portal/contracts';
import { Roles } from '../common/decorators';
import { AuditService } from './audit.service';
import { ListAuditQueryDto } from './dto/list-audit.query.dto';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer } from '../openapi/api-doc.decorators';

@Controller('admin/audit')
@Roles('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'Search the audit log' })
  @ApiAnswer('ListAuditResponse')
  list(@Query() q: ListAuditQueryDto): Promise<ListAuditResponse> {
    return this.audit.list(q);
  }
}
