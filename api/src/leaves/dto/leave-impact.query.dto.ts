import { IsNotEmpty } from 'class-validator';
import { IsCalendarDate } from '../../common/is-calendar-date';

/** GET /leaves/impact?startDate=&endDate= */
export class LeaveImpactQueryDto {
  @IsCalendarDate({ message: 'Start date must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'Start date is required' })
  startDate: string;

  @IsCalendarDate({ message: 'End date must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'End date is required' })
  endDate: string;
}
