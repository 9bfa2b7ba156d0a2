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
  OverrideReasonRequired: 'OVERRIDE_REASON_REQUIRED',
  LeaveBackdatedTooFar: 'LEAVE_BACKDATED_TOO_FAR',
  ImportInvalid: 'IMPORT_INVALID',
  /** An announcement's group or class holds none of the author's students. */
  AudienceEmpty: 'AUDIENCE_EMPTY',
  // 401
  Unauthenticated: 'UNAUTHENTICATED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  // 403
  Forbidden: 'FORBIDDEN',
  AccountInactive: 'ACCOUNT_INACTIVE',
  AccountPending: 'ACCOUNT_PENDING',
  NotOwner: 'NOT_OWNER',
  NotAMember: 'NOT_A_MEMBER',
  NotInAudience: 'NOT_IN_AUDIENCE',
  /** An announcement addressed to another mentor's group. */
  AudienceNotYours: 'AUDIENCE_NOT_YOURS',
  // 404
  NotFound: 'NOT_FOUND',
  UserNotFound: 'USER_NOT_FOUND',
  MentorNotFound: 'MENTOR_NOT_FOUND',
  MenteeNotFound: 'MENTEE_NOT_FOUND',
  LeaveNotFound: 'LEAVE_NOT_FOUND',
  GrievanceNotFound: 'GRIEVANCE_NOT_FOUND',
  GroupNotFound: 'GROUP_NOT_FOUND',
  AnnouncementNotFound: 'ANNOUNCEMENT_NOT_FOUND',
  ConversationNotFound: 'CONVERSATION_NOT_FOUND',
  AttachmentNotFound: 'ATTACHMENT_NOT_FOUND',
  NotificationNotFound: 'NOTIFICATION_NOT_FOUND',
  MentoringEntryNotFound: 'MENTORING_ENTRY_NOT_FOUND',
  GuardianLinkNotFound: 'GUARDIAN_LINK_NOT_FOUND',
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
