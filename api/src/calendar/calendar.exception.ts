import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class CalendarException extends DomainException {
  static badRange(maxDays: number): CalendarException {
    return new CalendarException(
      ErrorCode.InvalidDateRange,
      `"to" must be on or after "from", and the range at most ${maxDays} days`,
    );
  }

  static termEndsBeforeStart(): CalendarException {
    return new CalendarException(ErrorCode.InvalidDateRange, 'The term cannot end before it starts');
  }

  static nothingToUpdate(): CalendarException {
    return new CalendarException(ErrorCode.NothingToUpdate, 'Nothing to update: send at least one setting');
  }

  static duplicateClosure(date: string): CalendarException {
    return new CalendarException(ErrorCode.ValidationFailed, `${date} is listed twice`);
  }

  static quietHoursEmpty(): CalendarException {
    return new CalendarException(ErrorCode.ValidationFailed, 'Quiet hours must end at another time than they start');
  }
}
