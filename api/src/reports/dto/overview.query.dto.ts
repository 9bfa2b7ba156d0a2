import { IsIn } from 'class-validator';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';

export class OverviewQueryDto {
  @IsIn(ANALYTICS_PERIODS, { message: `period must be one of ${ANALYTICS_PERIODS.join(', ')}` })
  @MayOmit()
  period?: AnalyticsPeriod;
}
