import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { RECORDED_DAYS_MAX } from '@portal/contracts';
import { IsCalendarDate } from '../../common/is-calendar-date';
import { ApiNote } from '../../openapi/api-doc.decorators';

/** Either ?date=YYYY-MM-DD (the day) or ?month=N&year=YYYY (the month). */
export class AttendanceQueryDto {
  @ApiNote('The day (its register). Required unless month and year are given.')
  @IsCalendarDate({ message: 'date must be a real date (YYYY-MM-DD)' })
  // Checked whenever given (a date beside a month is still read as the day), and required when the month is not.
  @ValidateIf((o: AttendanceQueryDto) => o.date !== undefined || (o.month === undefined && o.year === undefined))
  date?: string;

  @ApiNote('With year: the month (its register). Required, with year, unless date is given.')
  @Max(12, { message: 'month must be 1 to 12' })
  @Min(1, { message: 'month must be 1 to 12' })
  @IsInt({ message: 'month must be a whole number' })
  @Type(() => Number)
  @ValidateIf((o: AttendanceQueryDto) => o.month !== undefined || o.date === undefined)
  month?: number;

  @ApiNote('With month: the year. Required, with month, unless date is given.')
  @Max(2100, { message: 'year must be 2000 to 2100' })
  @Min(2000, { message: 'year must be 2000 to 2100' })
  @IsInt({ message: 'year must be a whole number' })
  @Type(() => Number)
  @ValidateIf((o: AttendanceQueryDto) => o.year !== undefined || o.date === undefined)
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

/** ?dates=YYYY-MM-DD,YYYY-MM-DD: one to RECORDED_DAYS_MAX real days. */
export class RecordedDaysQueryDto {
  @IsCalendarDate({ each: true, message: 'dates must be real dates (YYYY-MM-DD), separated by commas' })
  @ArrayMaxSize(RECORDED_DAYS_MAX, { message: `dates may list at most ${RECORDED_DAYS_MAX} days` })
  @ArrayMinSize(1, { message: 'dates must list at least one day' })
  @IsArray({ message: 'dates must be days (YYYY-MM-DD) separated by commas' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',') : value))
  dates!: string[];
}
