import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@portal/contracts';

/** The one place an error code becomes an HTTP status. */
export const ERROR_STATUS: Record<ErrorCode, HttpStatus> = {
  [ErrorCode.ValidationFailed]: HttpStatus.BAD_REQUEST,
  [ErrorCode.BadRequest]: HttpStatus.BAD_REQUEST,
  [ErrorCode.NothingToUpdate]: HttpStatus.BAD_REQUEST,
  [ErrorCode.FieldNotApplicable]: HttpStatus.BAD_REQUEST,
  [ErrorCode.OwnAccount]: HttpStatus.BAD_REQUEST,
  [ErrorCode.MentorInactive]: HttpStatus.BAD_REQUEST,
  [ErrorCode.DateInFuture]: HttpStatus.BAD_REQUEST,
  [ErrorCode.NotASchoolDay]: HttpStatus.BAD_REQUEST,
  [ErrorCode.InvalidDateRange]: HttpStatus.BAD_REQUEST,
  [ErrorCode.LeaveTooLong]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ResolutionRequired]: HttpStatus.BAD_REQUEST,
  [ErrorCode.SelfConversation]: HttpStatus.BAD_REQUEST,
  [ErrorCode.AttachmentInvalid]: HttpStatus.BAD_REQUEST,
  [ErrorCode.FileTypeNotAllowed]: HttpStatus.BAD_REQUEST,
  [ErrorCode.WrongCurrentPassword]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ResetLinkInvalid]: HttpStatus.BAD_REQUEST,
  [ErrorCode.AbsenceLinkInvalid]: HttpStatus.BAD_REQUEST,
  [ErrorCode.LeadMustBeAdmin]: HttpStatus.BAD_REQUEST,
  [ErrorCode.NotSafeguardingLead]: HttpStatus.FORBIDDEN,
  [ErrorCode.MessageNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.KeptChatNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.ReportNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.OwnMessage]: HttpStatus.BAD_REQUEST,
  [ErrorCode.AlreadyReported]: HttpStatus.CONFLICT,
  [ErrorCode.ReportTransitionNotAllowed]: HttpStatus.CONFLICT,
  [ErrorCode.OverrideReasonRequired]: HttpStatus.BAD_REQUEST,
  [ErrorCode.LeaveBackdatedTooFar]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ImportInvalid]: HttpStatus.BAD_REQUEST,
  [ErrorCode.AudienceEmpty]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ProviderSignInFailed]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ProviderEmailUnverified]: HttpStatus.FORBIDDEN,
  [ErrorCode.ProviderNoAccount]: HttpStatus.FORBIDDEN,
  [ErrorCode.ProviderSubjectMismatch]: HttpStatus.FORBIDDEN,
  [ErrorCode.PasswordSignInOff]: HttpStatus.FORBIDDEN,
  [ErrorCode.ProviderNotConfigured]: HttpStatus.NOT_FOUND,
  [ErrorCode.MfaChallengeInvalid]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.MfaCodeInvalid]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.MfaNotEnrolled]: HttpStatus.NOT_FOUND,
  [ErrorCode.SessionNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.MfaAlreadyEnrolled]: HttpStatus.CONFLICT,
  [ErrorCode.Unauthenticated]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.InvalidCredentials]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.Forbidden]: HttpStatus.FORBIDDEN,
  [ErrorCode.AccountInactive]: HttpStatus.FORBIDDEN,
  [ErrorCode.AccountPending]: HttpStatus.FORBIDDEN,
  [ErrorCode.NotOwner]: HttpStatus.FORBIDDEN,
  [ErrorCode.NotAMember]: HttpStatus.FORBIDDEN,
  [ErrorCode.NotInAudience]: HttpStatus.FORBIDDEN,
  [ErrorCode.AudienceNotYours]: HttpStatus.FORBIDDEN,
  [ErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.UserNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.MentorNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.MenteeNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.GuardianLinkNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.GuardianAlreadyLinked]: HttpStatus.CONFLICT,
  [ErrorCode.GuardianLimit]: HttpStatus.CONFLICT,
  [ErrorCode.PrivacyNoticeChanged]: HttpStatus.CONFLICT,
  [ErrorCode.NotAbsent]: HttpStatus.CONFLICT,
  [ErrorCode.AbsenceAlreadyAnswered]: HttpStatus.CONFLICT,
  [ErrorCode.LeaveNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.LeaveDocumentNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.GrievanceNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.GroupNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.AnnouncementNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.ConversationNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.AttachmentNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.NotificationNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.MentoringEntryNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.Conflict]: HttpStatus.CONFLICT,
  [ErrorCode.EmailTaken]: HttpStatus.CONFLICT,
  [ErrorCode.IdTaken]: HttpStatus.CONFLICT,
  [ErrorCode.LeaveOverlap]: HttpStatus.CONFLICT,
  [ErrorCode.LeaveNotPending]: HttpStatus.CONFLICT,
  [ErrorCode.LeaveNotCancellable]: HttpStatus.CONFLICT,
  [ErrorCode.LeaveAttendanceConflict]: HttpStatus.CONFLICT,
  [ErrorCode.GrievanceTransitionNotAllowed]: HttpStatus.CONFLICT,
  [ErrorCode.GrievanceClosed]: HttpStatus.CONFLICT,
  [ErrorCode.GrievanceNotResolved]: HttpStatus.CONFLICT,
  [ErrorCode.GrievanceAlreadyAnswered]: HttpStatus.CONFLICT,
  [ErrorCode.GrievanceNotWithheld]: HttpStatus.CONFLICT,
  [ErrorCode.GroupNotArchived]: HttpStatus.CONFLICT,
  [ErrorCode.ChangedConcurrently]: HttpStatus.CONFLICT,
  [ErrorCode.NotPending]: HttpStatus.CONFLICT,
  [ErrorCode.NothingToFollowUp]: HttpStatus.CONFLICT,
  [ErrorCode.PayloadTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [ErrorCode.UnsupportedMediaType]: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  [ErrorCode.TooManyRequests]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.UploadQuotaExceeded]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.DatabaseUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [ErrorCode.NotReady]: HttpStatus.SERVICE_UNAVAILABLE,
  [ErrorCode.Internal]: HttpStatus.INTERNAL_SERVER_ERROR,
};

/** The generic code for an error raised outside the domain (a framework or plugin refusal) with only a status. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case HttpStatus.BAD_REQUEST:
      return ErrorCode.BadRequest;
    case HttpStatus.UNAUTHORIZED:
      return ErrorCode.Unauthenticated;
    case HttpStatus.FORBIDDEN:
      return ErrorCode.Forbidden;
    case HttpStatus.NOT_FOUND:
      return ErrorCode.NotFound;
    case HttpStatus.CONFLICT:
      return ErrorCode.Conflict;
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return ErrorCode.PayloadTooLarge;
    case HttpStatus.UNSUPPORTED_MEDIA_TYPE:
      return ErrorCode.UnsupportedMediaType;
    case HttpStatus.TOO_MANY_REQUESTS:
      return ErrorCode.TooManyRequests;
    default:
      return status >= 500 ? ErrorCode.Internal : ErrorCode.BadRequest;
  }
}
