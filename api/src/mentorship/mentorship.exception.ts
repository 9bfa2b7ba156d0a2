import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class MentorshipException extends DomainException {
  static menteeNotFound(): MentorshipException {
    return new MentorshipException(ErrorCode.MenteeNotFound, 'Mentee not found');
  }

  static mentorNotFound(): MentorshipException {
    return new MentorshipException(ErrorCode.MentorNotFound, 'Mentor not found');
  }

  static mentorInactive(): MentorshipException {
    return new MentorshipException(
      ErrorCode.MentorInactive,
      'This mentor account is deactivated; activate it before assigning mentees',
    );
  }
}
