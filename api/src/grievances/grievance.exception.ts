import { ErrorCode, type GrievanceStatus, type Role } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class GrievanceException extends DomainException {
  static incidentInFuture(): GrievanceException {
    return new GrievanceException(ErrorCode.DateInFuture, 'Date of incident cannot be in the future');
  }

  static staffOnly(): GrievanceException {
    return new GrievanceException(ErrorCode.Forbidden, 'Only mentors and admins can act on grievances');
  }

  static transitionNotAllowed(from: GrievanceStatus, to: GrievanceStatus): GrievanceException {
    return new GrievanceException(
      ErrorCode.GrievanceTransitionNotAllowed,
      `A ${from} grievance cannot be moved to ${to}`,
    );
  }

  static closed(status: GrievanceStatus): GrievanceException {
    return new GrievanceException(ErrorCode.GrievanceClosed, `A ${status} grievance can no longer be changed`);
  }

  static resolutionRequired(): GrievanceException {
    return new GrievanceException(ErrorCode.ResolutionRequired, 'A resolution is required to resolve a grievance');
  }

  static changedConcurrently(): GrievanceException {
    return new GrievanceException(
      ErrorCode.ChangedConcurrently,
      'This grievance was changed by someone else a moment ago',
    );
  }

  static notResolved(): GrievanceException {
    return new GrievanceException(
      ErrorCode.GrievanceNotResolved,
      'Only a resolved grievance can be confirmed or reopened',
    );
  }

  static alreadyAnswered(): GrievanceException {
    return new GrievanceException(
      ErrorCode.GrievanceAlreadyAnswered,
      'This resolution was already confirmed, or the grievance was already reopened once',
    );
  }

  static notWithheld(): GrievanceException {
    return new GrievanceException(ErrorCode.GrievanceNotWithheld, 'The student did not withhold their name');
  }

  static notFound(): GrievanceException {
    return new GrievanceException(ErrorCode.GrievanceNotFound, 'Grievance not found');
  }

  static notVisible(role: Role): GrievanceException {
    return new GrievanceException(
      ErrorCode.NotOwner,
      role === 'mentor' ? 'You can only act on grievances of your own mentees' : 'You can only see your own grievances',
    );
  }
}
