import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class AnnouncementException extends DomainException {
  static notFound(): AnnouncementException {
    return new AnnouncementException(ErrorCode.AnnouncementNotFound, 'Announcement not found');
  }

  static notInAudience(): AnnouncementException {
    return new AnnouncementException(ErrorCode.NotInAudience, 'This announcement is not addressed to you');
  }

  static notAuthor(): AnnouncementException {
    return new AnnouncementException(ErrorCode.NotOwner, 'You can only change your own announcements');
  }

  /** A group audience: no such group, or it is archived. */
  static groupNotFound(): AnnouncementException {
    return new AnnouncementException(ErrorCode.GroupNotFound, 'Group not found: address one of your active groups');
  }

  static notYourGroup(): AnnouncementException {
    return new AnnouncementException(ErrorCode.AudienceNotYours, 'You can only address your own groups');
  }

  static emptyGroup(name: string): AnnouncementException {
    return new AnnouncementException(ErrorCode.AudienceEmpty, `The group "${name}" has no members`);
  }

  static noMenteesInClass(className: string, section: string): AnnouncementException {
    return new AnnouncementException(
      ErrorCode.AudienceEmpty,
      `None of your mentees is in class ${className}-${section}`,
    );
  }

  static nothingToUpdate(): AnnouncementException {
    return new AnnouncementException(ErrorCode.NothingToUpdate, 'Nothing to update: send a title, content or priority');
  }
}
