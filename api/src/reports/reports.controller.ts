import { Controller, Get, Query } from '@nestjs/common';
import type { ReportsOverviewResponse } from '@portal/contracts';
import { Roles } from '../common/decorators';
import { OverviewQueryDto } from './dto/overview.query.dto';
import { ReportsService } from './reports.service';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer } from '../openapi/api-doc.decorators';

@Controller('admin/reports')
@Roles('admin')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('overview')
  @ApiOperation({ summary: 'Reports overview for a period' })
  @ApiAnswer('ReportsOverviewResponse')
  overview(@Query() q: OverviewQueryDto): Promise<ReportsOverviewResponse> {
    return this.reports.overview(q.period);
  }
}
