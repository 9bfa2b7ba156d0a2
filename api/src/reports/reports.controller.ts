import { Controller, Get, Query } from '@nestjs/common';
import type { ReportsOverviewResponse } from '@portal/contracts';
import { Roles } from '../common/decorators';
import { OverviewQueryDto } from './dto/overview.query.dto';
import { ReportsService } from './reports.service';

@Controller('admin/reports')
@Roles('admin')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('overview')
  overview(@Query() q: OverviewQueryDto): Promise<ReportsOverviewResponse> {
    return this.reports.overview(q.period);
  }
}
