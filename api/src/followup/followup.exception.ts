import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class FollowupException extends DomainException {
  static menteeNotFound(): FollowupException {
    return new FollowupException(ErrorCode.MenteeNotFound, 'Student not found');
  }

  static notYourMentee(): FollowupException {
    return new FollowupException(ErrorCode.NotOwner, 'You can only follow up your own mentees');
  }

  static entryNotFound(): FollowupException {
    return new FollowupException(ErrorCode.MentoringEntryNotFound, 'Action item not found');
  }

  static dateInFuture(): FollowupException {
    return new FollowupException(ErrorCode.DateInFuture, 'A meeting or contact cannot be logged for a future date');
  }

  static nothingWaiting(): FollowupException {
    return new FollowupException(ErrorCode.NothingToFollowUp, 'This student has no signal waiting for a follow-up');
  }

  static nothingToUpdate(): FollowupException {
    return new FollowupException(ErrorCode.NothingToUpdate, 'Send at least one setting to change');
  }
}
