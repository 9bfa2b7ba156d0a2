import { ErrorCode, MAX_GUARDIANS_PER_CHILD } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class GuardianException extends DomainException {
  static notYourChild(): GuardianException {
    return new GuardianException(ErrorCode.NotOwner, 'You can only see your own children');
  }

  static linkNotFound(): GuardianException {
    return new GuardianException(ErrorCode.GuardianLinkNotFound, 'This guardian is no longer linked to the student');
  }

  static alreadyLinked(): GuardianException {
    return new GuardianException(ErrorCode.GuardianAlreadyLinked, 'This e-mail is already a guardian of this student');
  }

  static notAGuardian(): GuardianException {
    return new GuardianException(
      ErrorCode.GuardianAlreadyLinked,
      "This e-mail belongs to an account that is not a guardian's: use another e-mail",
    );
  }

  static limit(): GuardianException {
    return new GuardianException(
      ErrorCode.GuardianLimit,
      `A student can have at most ${MAX_GUARDIANS_PER_CHILD} guardians: remove one first`,
    );
  }
}
