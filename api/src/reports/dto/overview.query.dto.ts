import { IsIn, IsOptional } from 'class-validator';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@portal/contracts';

export class OverviewQueryDto {
  @IsIn(ANALYTICS_PERIODS, { message: `period must be one of ${ANALYTICS_PERIODS.join(', ')}` })
  @IsOptional()
  period?: AnalyticsPeriod;
}
