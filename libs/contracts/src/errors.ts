/**
 * Every error body carries one of these codes; the UI chooses its texts by code, never by parsing `message`.
 * The API maps each to its HTTP status in one place (api/src/common/error-status.ts).
 */
export const ErrorCode = {
  // 400
  ValidationFailed: 'VALIDATION_FAILED',
  BadRequest: 'BAD_REQUEST',
  // 401
  Unauthenticated: 'UNAUTHENTICATED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  // 403
  Forbidden: 'FORBIDDEN',
  AccountInactive: 'ACCOUNT_INACTIVE',
  NotOwner: 'NOT_OWNER',
  // 404
  NotFound: 'NOT_FOUND',
  UserNotFound: 'USER_NOT_FOUND',
  LeaveNotFound: 'LEAVE_NOT_FOUND',
  GrievanceNotFound: 'GRIEVANCE_NOT_FOUND',
  GroupNotFound: 'GROUP_NOT_FOUND',
  AnnouncementNotFound: 'ANNOUNCEMENT_NOT_FOUND',
  ConversationNotFound: 'CONVERSATION_NOT_FOUND',
  AttachmentNotFound: 'ATTACHMENT_NOT_FOUND',
  // 409
  Conflict: 'CONFLICT',
  EmailTaken: 'EMAIL_TAKEN',
  IdTaken: 'ID_TAKEN',
  LeaveOverlap: 'LEAVE_OVERLAP',
  LeaveNotPending: 'LEAVE_NOT_PENDING',
  GrievanceTransitionNotAllowed: 'GRIEVANCE_TRANSITION_NOT_ALLOWED',
  // 413, 415, 429
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  // 5xx
  DatabaseUnavailable: 'DATABASE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
