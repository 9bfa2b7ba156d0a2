import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class GroupException extends DomainException {
  static notFound(): GroupException {
    return new GroupException(ErrorCode.GroupNotFound, 'Group not found');
  }

  static notArchived(): GroupException {
    return new GroupException(ErrorCode.GroupNotArchived, 'This group is not archived');
  }

  static notVisible(): GroupException {
    return new GroupException(
      ErrorCode.NotAMember,
      "Only the group's mentor, its members and admins can see this group",
    );
  }

  static notYourGroup(): GroupException {
    return new GroupException(ErrorCode.NotOwner, 'You can only change your own groups');
  }

  static notYourMentees(): GroupException {
    return new GroupException(ErrorCode.NotOwner, 'You can only add your own mentees to a group');
  }
}
