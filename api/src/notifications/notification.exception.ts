import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class NotificationException extends DomainException {
  /** Also someone else's notification: whether it exists is not revealed. */
  static notFound(): NotificationException {
    return new NotificationException(ErrorCode.NotificationNotFound, 'Notification not found');
  }

  static notAMentee(): NotificationException {
    return new NotificationException(ErrorCode.MenteeNotFound, 'No student with this id');
  }
}
