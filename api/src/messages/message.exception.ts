import { ErrorCode } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class MessageException extends DomainException {
  static invalidConversationId(): MessageException {
    return new MessageException(
      ErrorCode.ValidationFailed,
      'The conversation id must be a group id or individual_<user id>',
    );
  }

  static invalidConversationType(): MessageException {
    return new MessageException(ErrorCode.ValidationFailed, 'The conversation type must be group or individual');
  }

  static badCursor(): MessageException {
    return new MessageException(ErrorCode.ValidationFailed, 'before must be the id of a message in this conversation');
  }

  static beforeAndAfter(): MessageException {
    return new MessageException(ErrorCode.ValidationFailed, 'Use either before or after, not both');
  }

  static groupNotFound(): MessageException {
    return new MessageException(ErrorCode.ConversationNotFound, 'Group not found');
  }

  static notGroupMember(): MessageException {
    return new MessageException(ErrorCode.NotAMember, 'You are not a member of this group');
  }

  static withYourself(): MessageException {
    return new MessageException(ErrorCode.SelfConversation, 'You cannot chat with yourself');
  }

  static userNotFound(): MessageException {
    return new MessageException(ErrorCode.UserNotFound, 'User not found');
  }

  static notYourPartner(): MessageException {
    return new MessageException(ErrorCode.NotAMember, 'You can only chat with your own mentor or mentees');
  }

  static attachmentNotInConversation(): MessageException {
    return new MessageException(ErrorCode.AttachmentInvalid, 'This attachment does not belong to this conversation');
  }

  static attachmentAlreadySent(): MessageException {
    return new MessageException(ErrorCode.AttachmentInvalid, 'This attachment was already sent');
  }

  static menteeCannotDelete(): MessageException {
    return new MessageException(ErrorCode.Forbidden, 'Only mentors and admins can delete a conversation for everyone');
  }

  static notGroupMentor(): MessageException {
    return new MessageException(ErrorCode.NotOwner, "Only the group's mentor can delete its history");
  }

  static fileRequired(): MessageException {
    return new MessageException(ErrorCode.ValidationFailed, 'Choose a file to upload');
  }

  static fieldsBeforeFile(): MessageException {
    return new MessageException(ErrorCode.ValidationFailed, 'Send conversationType and conversationId before the file');
  }

  static fileTypeNotAllowed(): MessageException {
    return new MessageException(
      ErrorCode.FileTypeNotAllowed,
      'Only images (jpg, png, gif, webp) and documents (.pdf, .doc, .docx, .txt) can be attached',
    );
  }

  static fileTooLarge(maxBytes: number): MessageException {
    return new MessageException(ErrorCode.PayloadTooLarge, `Attachments can be at most ${maxBytes / 1024 / 1024} MB`);
  }

  static fileEmpty(): MessageException {
    return new MessageException(ErrorCode.ValidationFailed, 'The file is empty');
  }

  static contentMismatch(ext: string): MessageException {
    return new MessageException(ErrorCode.FileTypeNotAllowed, `The file's content does not match its ${ext} extension`);
  }

  static attachmentNotFound(): MessageException {
    return new MessageException(ErrorCode.AttachmentNotFound, 'Attachment not found');
  }

  static attachmentNotYours(): MessageException {
    return new MessageException(ErrorCode.NotAMember, 'This file belongs to a conversation you are not part of');
  }

  static quotaExceeded(count: number, megabytes: number): MessageException {
    return new MessageException(
      ErrorCode.UploadQuotaExceeded,
      `Upload limit reached: at most ${count} files or ${megabytes} MB a day. Please try again later.`,
    );
  }

  static fileGone(): MessageException {
    return new MessageException(ErrorCode.AttachmentNotFound, 'This file is no longer available');
  }

  static messageNotFound(): MessageException {
    return new MessageException(ErrorCode.MessageNotFound, 'Message not found');
  }

  static ownMessage(): MessageException {
    return new MessageException(ErrorCode.OwnMessage, 'You cannot report your own message; you can delete it instead');
  }

  static notYourMessage(): MessageException {
    return new MessageException(ErrorCode.NotOwner, 'Only its sender can delete a message');
  }

  static keptChatNotFound(): MessageException {
    return new MessageException(ErrorCode.KeptChatNotFound, 'This kept chat does not exist or has been purged');
  }

  static notSafeguardingLead(): MessageException {
    return new MessageException(
      ErrorCode.NotSafeguardingLead,
      "Only the school's safeguarding leads can read kept chats. An admin can designate leads in User Management.",
    );
  }
}
