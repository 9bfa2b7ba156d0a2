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

  static providerSignInFailed(): AuthException {
    return new AuthException(
      ErrorCode.ProviderSignInFailed,
      'The sign-in with your school account could not be completed. Please try again from the sign-in page.',
    );
  }

  static providerEmailUnverified(): AuthException {
    return new AuthException(
      ErrorCode.ProviderEmailUnverified,
      'Your school account did not confirm your e-mail address, so the portal cannot tell which account is yours.',
    );
  }

  static providerNoAccount(): AuthException {
    return new AuthException(
      ErrorCode.ProviderNoAccount,
      'No portal account has the e-mail address of your school account. Ask the school office to add you.',
    );
  }

  static providerSubjectMismatch(): AuthException {
    return new AuthException(
      ErrorCode.ProviderSubjectMismatch,
      'This portal account is linked to a different school account. Ask an administrator to check the address.',
    );
  }

  static providerNotConfigured(): AuthException {
    return new AuthException(
      ErrorCode.ProviderNotConfigured,
      'Sign-in with a school account is not set up for this portal.',
    );
  }

  static passwordSignInOff(): AuthException {
    return new AuthException(
      ErrorCode.PasswordSignInOff,
      'Staff sign in with the school account here, not with a password.',
    );
  }

  static adminCredentials(): AuthException {
    return new AuthException(ErrorCode.Forbidden, MSG.adminCredentials);
  }

  static mfaChallengeInvalid(): AuthException {
    return new AuthException(ErrorCode.MfaChallengeInvalid, 'This sign-in step has expired. Please sign in again.');
  }

  static mfaCodeInvalid(): AuthException {
    return new AuthException(
      ErrorCode.MfaCodeInvalid,
      'That code is not right, or was already used. Enter the current code from your authenticator app, or an unused recovery code.',
    );
  }

  static mfaAlreadyEnrolled(): AuthException {
    return new AuthException(
      ErrorCode.MfaAlreadyEnrolled,
      'An authenticator is already set up for this account. Ask another administrator to reset it first.',
    );
  }

  static mfaNotEnrolled(): AuthException {
    return new AuthException(ErrorCode.MfaNotEnrolled, 'This administrator has no second factor to reset.');
  }

  static sessionNotFound(): AuthException {
    return new AuthException(
      ErrorCode.SessionNotFound,
      'This session has already ended, or is not yours. Refresh the list.',
    );
  }

  static ownMfa(): AuthException {
    return new AuthException(
      ErrorCode.OwnAccount,
      'Another administrator resets your second factor: ask one, or use a recovery code.',
    );
  }
}
