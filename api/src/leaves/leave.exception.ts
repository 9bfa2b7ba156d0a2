import { ErrorCode, type LeaveStatus } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class LeaveException extends DomainException {
  static endBeforeStart(): LeaveException {
    return new LeaveException(ErrorCode.InvalidDateRange, 'End date cannot be before the start date');
  }

  static tooLong(maxDays: number): LeaveException {
    return new LeaveException(ErrorCode.LeaveTooLong, `A leave request can cover at most ${maxDays} days`);
  }

  static overlaps(clash: { status: LeaveStatus; startDate: string; endDate: string }): LeaveException {
    return new LeaveException(
      ErrorCode.LeaveOverlap,
      `You already have a ${clash.status} leave request from ${clash.startDate} to ${clash.endDate} that overlaps these dates`,
    );
  }

  static notFound(): LeaveException {
    return new LeaveException(ErrorCode.LeaveNotFound, 'Leave request not found');
  }

  static notYourMentee(): LeaveException {
    return new LeaveException(ErrorCode.NotOwner, 'You can only decide leave requests of your own mentees');
  }

  static notYours(): LeaveException {
    return new LeaveException(ErrorCode.NotOwner, 'You can only see your own leave requests');
  }

  static notPending(status: LeaveStatus): LeaveException {
    return new LeaveException(ErrorCode.LeaveNotPending, `This leave request is already ${status}`);
  }

  static decidedConcurrently(): LeaveException {
    return new LeaveException(
      ErrorCode.ChangedConcurrently,
      'This leave request was decided by someone else a moment ago',
    );
  }
}
