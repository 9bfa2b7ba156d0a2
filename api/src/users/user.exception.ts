import { ErrorCode, MSG, type Role } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class UserException extends DomainException {
  static menteeNotFound(): UserException {
    return new UserException(ErrorCode.MenteeNotFound, 'Student not found');
  }

  static notFound(): UserException {
    return new UserException(ErrorCode.UserNotFound, 'User not found');
  }

  static emailTaken(): UserException {
    return new UserException(ErrorCode.EmailTaken, MSG.emailTaken);
  }

  /** label: "Employee ID" or "Student ID". */
  static idTaken(label: string, id: string): UserException {
    return new UserException(ErrorCode.IdTaken, `${label} ${id} is already in use`);
  }

  static fieldsNotApplicable(fields: string[], role: Role): UserException {
    const article = role === 'admin' ? 'an' : 'a';
    return new UserException(
      ErrorCode.FieldNotApplicable,
      `${fields.join(', ')} ${fields.length === 1 ? 'does' : 'do'} not apply to ${article} ${role}`,
    );
  }

  static leadMustBeAdmin(): UserException {
    return new UserException(ErrorCode.LeadMustBeAdmin, 'Only an admin can be a safeguarding lead');
  }

  static notPending(): UserException {
    return new UserException(ErrorCode.NotPending, 'This account is not awaiting approval');
  }

  static nothingToUpdate(): UserException {
    return new UserException(ErrorCode.NothingToUpdate, 'Nothing to update: send at least one profile field');
  }

  static ownAccount(action: 'deactivate' | 'delete'): UserException {
    return new UserException(ErrorCode.OwnAccount, `You cannot ${action} your own account`);
  }
}
