import { Type } from 'class-transformer';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { IsCalendarDate } from '../../common/is-calendar-date';

/** Either ?date=YYYY-MM-DD (the day) or ?month=N&year=YYYY (the month). */
export class AttendanceQueryDto {
  @IsCalendarDate({ message: 'date must be a real date (YYYY-MM-DD)' })
  @ValidateIf((o: AttendanceQueryDto) => o.month === undefined && o.year === undefined)
  date?: string;

  @Max(12, { message: 'month must be 1 to 12' })
  @Min(1, { message: 'month must be 1 to 12' })
  @IsInt({ message: 'month must be a whole number' })
  @Type(() => Number)
  @ValidateIf((o: AttendanceQueryDto) => o.date === undefined)
  month?: number;

  @Max(2100, { message: 'year must be 2000 to 2100' })
  @Min(2000, { message: 'year must be 2000 to 2100' })
  @IsInt({ message: 'year must be a whole number' })
  @Type(() => Number)
  @ValidateIf((o: AttendanceQueryDto) => o.date === undefined)
  year?: number;
}

export class MonthQueryDto {
  @Max(12, { message: 'month must be 1 to 12' })
  @Min(1, { message: 'month must be 1 to 12' })
  @IsInt({ message: 'month must be a whole number' })
  @Type(() => Number)
  month: number;

  @Max(2100, { message: 'year must be 2000 to 2100' })
  @Min(2000, { message: 'year must be 2000 to 2100' })
  @IsInt({ message: 'year must be a whole number' })
  @Type(() => Number)
  year: number;
}
