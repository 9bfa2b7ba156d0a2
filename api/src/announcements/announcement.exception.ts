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

  static nothingToUpdate(): AnnouncementException {
    return new AnnouncementException(ErrorCode.NothingToUpdate, 'Nothing to update: send a title, content or priority');
  }
}
