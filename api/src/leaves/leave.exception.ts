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

  static filedByGuardian(): LeaveException {
    return new LeaveException(ErrorCode.NotOwner, 'Your guardian filed this leave request: only they can cancel it');
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

  static inThePast(): LeaveException {
    return new LeaveException(ErrorCode.LeaveBackdatedTooFar, 'Only sick leave can start in the past');
  }

  static backdatedTooFar(days: number): LeaveException {
    return new LeaveException(ErrorCode.LeaveBackdatedTooFar, `Sick leave can start at most ${days} days in the past`);
  }

  static notCancellable(status: LeaveStatus): LeaveException {
    return new LeaveException(
      ErrorCode.LeaveNotCancellable,
      status === 'approved'
        ? 'This leave has already started: it can no longer be cancelled'
        : `This leave request is ${status}: it can no longer be cancelled`,
    );
  }

  static attendanceConflict(days: string[]): LeaveException {
    return new LeaveException(
      ErrorCode.LeaveAttendanceConflict,
      `The student is marked present on ${days.join(', ')}: choose to keep those days or mark them as leave (presentDays)`,
    );
  }

  static documentRequired(): LeaveException {
    return new LeaveException(ErrorCode.ValidationFailed, 'Choose a file to upload');
  }

  static documentType(): LeaveException {
    return new LeaveException(ErrorCode.FileTypeNotAllowed, 'A leave document can be a PDF, JPG or PNG file');
  }

  static documentMismatch(ext: string): LeaveException {
    return new LeaveException(ErrorCode.FileTypeNotAllowed, `The file's content does not match its ${ext} extension`);
  }

  static documentTooLarge(maxBytes: number): LeaveException {
    return new LeaveException(
      ErrorCode.PayloadTooLarge,
      `A leave document can be at most ${maxBytes / 1024 / 1024} MB`,
    );
  }

  static documentEmpty(): LeaveException {
    return new LeaveException(ErrorCode.ValidationFailed, 'The file is empty');
  }

  static documentNotUsable(): LeaveException {
    return new LeaveException(
      ErrorCode.ValidationFailed,
      'That document cannot be filed with this leave: upload it again',
    );
  }

  static noDocument(): LeaveException {
    return new LeaveException(ErrorCode.LeaveDocumentNotFound, 'This leave request has no document');
  }
}
