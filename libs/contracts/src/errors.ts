/**
 * Every error body carries one of these codes; the UI chooses its texts by code, never by parsing `message`.
 * The API maps each to its HTTP status in one place (api/src/common/error-status.ts).
 */
export const ErrorCode = {
  // 400
  ValidationFailed: 'VALIDATION_FAILED',
  BadRequest: 'BAD_REQUEST',
  NothingToUpdate: 'NOTHING_TO_UPDATE',
  FieldNotApplicable: 'FIELD_NOT_APPLICABLE',
  OwnAccount: 'OWN_ACCOUNT',
  MentorInactive: 'MENTOR_INACTIVE',
  DateInFuture: 'DATE_IN_FUTURE',
  NotASchoolDay: 'NOT_A_SCHOOL_DAY',
  InvalidDateRange: 'INVALID_DATE_RANGE',
  LeaveTooLong: 'LEAVE_TOO_LONG',
  ResolutionRequired: 'RESOLUTION_REQUIRED',
  SelfConversation: 'SELF_CONVERSATION',
  AttachmentInvalid: 'ATTACHMENT_INVALID',
  FileTypeNotAllowed: 'FILE_TYPE_NOT_ALLOWED',
  WrongCurrentPassword: 'WRONG_CURRENT_PASSWORD',
  ResetLinkInvalid: 'RESET_LINK_INVALID',
  /** An absence notice's answer link that is unknown, expired or already used. */
  AbsenceLinkInvalid: 'ABSENCE_LINK_INVALID',
  /** Only an admin can be a safeguarding lead. */
  LeadMustBeAdmin: 'LEAD_MUST_BE_ADMIN',
  /** One's own message cannot be reported (delete it instead). */
  OwnMessage: 'OWN_MESSAGE',
  OverrideReasonRequired: 'OVERRIDE_REASON_REQUIRED',
  LeaveBackdatedTooFar: 'LEAVE_BACKDATED_TOO_FAR',
  ImportInvalid: 'IMPORT_INVALID',
  /** An announcement's group or class holds none of the author's students. */
  AudienceEmpty: 'AUDIENCE_EMPTY',
  /** A provider sign-in that could not be completed: expired or tampered state, a replayed code, a wrong nonce or issuer. */
  ProviderSignInFailed: 'PROVIDER_SIGN_IN_FAILED',
  // 401
  Unauthenticated: 'UNAUTHENTICATED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  /** An admin's second-factor challenge that is unknown, expired, or whose session has ended: sign in again. */
  MfaChallengeInvalid: 'MFA_CHALLENGE_INVALID',
  /** A wrong (or already used) authentication or recovery code. */
  MfaCodeInvalid: 'MFA_CODE_INVALID',
  // 403
  Forbidden: 'FORBIDDEN',
  AccountInactive: 'ACCOUNT_INACTIVE',
  AccountPending: 'ACCOUNT_PENDING',
  NotOwner: 'NOT_OWNER',
  /** Kept chats and message reports are for the school's safeguarding leads only. */
  NotSafeguardingLead: 'NOT_SAFEGUARDING_LEAD',
  NotAMember: 'NOT_A_MEMBER',
  NotInAudience: 'NOT_IN_AUDIENCE',
  /** An announcement addressed to another mentor's group. */
  AudienceNotYours: 'AUDIENCE_NOT_YOURS',
  /** The provider did not vouch for the e-mail address (not verified, or none sent). */
  ProviderEmailUnverified: 'PROVIDER_EMAIL_UNVERIFIED',
  /** No portal account has the provider's e-mail address: sign-in never creates one. */
  ProviderNoAccount: 'PROVIDER_NO_ACCOUNT',
  /** The account is bound to another provider identity (the address was given to someone else). */
  ProviderSubjectMismatch: 'PROVIDER_SUBJECT_MISMATCH',
  /** Staff of this school sign in through the school's provider, not with a password. */
  PasswordSignInOff: 'PASSWORD_SIGN_IN_OFF',
  // 404
  ProviderNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  /** The admin has no second factor to reset. */
  MfaNotEnrolled: 'MFA_NOT_ENROLLED',
  /** Not one of the caller's sessions, or it has already ended. */
  SessionNotFound: 'SESSION_NOT_FOUND',
  NotFound: 'NOT_FOUND',
  UserNotFound: 'USER_NOT_FOUND',
  MentorNotFound: 'MENTOR_NOT_FOUND',
  MenteeNotFound: 'MENTEE_NOT_FOUND',
  LeaveNotFound: 'LEAVE_NOT_FOUND',
  LeaveDocumentNotFound: 'LEAVE_DOCUMENT_NOT_FOUND',
  GrievanceNotFound: 'GRIEVANCE_NOT_FOUND',
  GroupNotFound: 'GROUP_NOT_FOUND',
  AnnouncementNotFound: 'ANNOUNCEMENT_NOT_FOUND',
  ConversationNotFound: 'CONVERSATION_NOT_FOUND',
  AttachmentNotFound: 'ATTACHMENT_NOT_FOUND',
  NotificationNotFound: 'NOTIFICATION_NOT_FOUND',
  MentoringEntryNotFound: 'MENTORING_ENTRY_NOT_FOUND',
  GuardianLinkNotFound: 'GUARDIAN_LINK_NOT_FOUND',
  MessageNotFound: 'MESSAGE_NOT_FOUND',
  KeptChatNotFound: 'KEPT_CHAT_NOT_FOUND',
  ReportNotFound: 'REPORT_NOT_FOUND',
  // 409
  Conflict: 'CONFLICT',
  EmailTaken: 'EMAIL_TAKEN',
  IdTaken: 'ID_TAKEN',
  LeaveOverlap: 'LEAVE_OVERLAP',
  LeaveNotPending: 'LEAVE_NOT_PENDING',
  LeaveNotCancellable: 'LEAVE_NOT_CANCELLABLE',
  LeaveAttendanceConflict: 'LEAVE_ATTENDANCE_CONFLICT',
  GrievanceTransitionNotAllowed: 'GRIEVANCE_TRANSITION_NOT_ALLOWED',
  GrievanceClosed: 'GRIEVANCE_CLOSED',
  GrievanceNotResolved: 'GRIEVANCE_NOT_RESOLVED',
  GrievanceAlreadyAnswered: 'GRIEVANCE_ALREADY_ANSWERED',
  GrievanceNotWithheld: 'GRIEVANCE_NOT_WITHHELD',
  GroupNotArchived: 'GROUP_NOT_ARCHIVED',
  ChangedConcurrently: 'CHANGED_CONCURRENTLY',
  /** The admin already has an authenticator: a new one only after another admin resets it. */
  MfaAlreadyEnrolled: 'MFA_ALREADY_ENROLLED',
  NotPending: 'NOT_PENDING',
  NothingToFollowUp: 'NOTHING_TO_FOLLOW_UP',
  /** The e-mail already belongs to a guardian of this student, or to an account that is not a guardian's. */
  GuardianAlreadyLinked: 'GUARDIAN_ALREADY_LINKED',
  /** The student has MAX_GUARDIANS_PER_CHILD guardians already. */
  GuardianLimit: 'GUARDIAN_LIMIT',
  /** The privacy notice changed since the guardian read it (or none is published): read the current one first. */
  PrivacyNoticeChanged: 'PRIVACY_NOTICE_CHANGED',
  /** The day answered is not (or no longer) marked absent. */
  NotAbsent: 'NOT_ABSENT',
  /** The absence was already answered (by this or the other guardian). */
  AbsenceAlreadyAnswered: 'ABSENCE_ALREADY_ANSWERED',
  /** The caller already reported this message. */
  AlreadyReported: 'ALREADY_REPORTED',
  /** A report moves forward only: open, acknowledged, actioned, closed. */
  ReportTransitionNotAllowed: 'REPORT_TRANSITION_NOT_ALLOWED',
  // 413, 415, 429
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  UploadQuotaExceeded: 'UPLOAD_QUOTA_EXCEEDED',
  // 5xx
  DatabaseUnavailable: 'DATABASE_UNAVAILABLE',
  NotReady: 'NOT_READY',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every code, for checks that an error body carries a known one. */
export const ERROR_CODES = Object.values(ErrorCode) as readonly ErrorCode[];
