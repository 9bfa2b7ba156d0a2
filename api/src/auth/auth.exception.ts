import { ErrorCode, MSG, type Role } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class AuthException extends DomainException {
  static unauthenticated(): AuthException {
    return new AuthException(ErrorCode.Unauthenticated, 'Authentication required. Please sign in.');
  }

  static sessionEnded(): AuthException {
    return new AuthException(ErrorCode.Unauthenticated, 'Your session has ended. Please sign in again.');
  }

  static invalidCredentials(): AuthException {
    return new AuthException(ErrorCode.InvalidCredentials, MSG.invalidCredentials);
  }

  static accountInactive(): AuthException {
    return new AuthException(ErrorCode.AccountInactive, MSG.accountInactive);
  }

  static accountPending(): AuthException {
    return new AuthException(ErrorCode.AccountPending, MSG.accountPending);
  }

  static tooManyRegistrations(retryAfterSeconds: number): AuthException {
    return new AuthException(ErrorCode.TooManyRequests, MSG.tooManyRegistrations, retryAfterSeconds);
  }

  static wrongCurrentPassword(): AuthException {
    return new AuthException(ErrorCode.WrongCurrentPassword, MSG.wrongCurrentPassword);
  }

  static resetLinkInvalid(): AuthException {
    return new AuthException(ErrorCode.ResetLinkInvalid, MSG.resetLinkInvalid);
  }

  static adminOnlyRegistration(): AuthException {
    return new AuthException(ErrorCode.Forbidden, MSG.adminOnlyRegistration);
  }

  /** The role check: the route is for other roles. */
  static roleRefused(roles: Role[]): AuthException {
    return new AuthException(
      ErrorCode.Forbidden,
      roles.length === 1 && roles[0] === 'admin'
        ? MSG.adminPrivileges
        : `Access denied. This action is for ${roles.join(' or ')} accounts.`,
    );
  }

  static tooManyAttempts(retryAfterSeconds: number): AuthException {
    return new AuthException(ErrorCode.TooManyRequests, MSG.tooManyAttempts, retryAfterSeconds);
  }
}
