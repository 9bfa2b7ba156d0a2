import type { PageQuery } from './paging';

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const LEAVE_TYPES = ['sick', 'casual', 'emergency', 'vacation'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
/** Types offered to mentees on the request form; admins also see vacation. */
export const MENTEE_LEAVE_TYPES: LeaveType[] = ['sick', 'casual', 'emergency'];

/** How many days back a sick leave may start, unless the school sets another window (UpdateSchoolCalendarRequest). */
export const SICK_LEAVE_BACKFILL_DAYS = 14;

/**
 * The effect of a leave on the student's attendance (headline figure over every recorded day so far, the leave's
 * school days counted as not attended) and on leave eligibility (LEAVE_ELIGIBILITY_PERCENT).
 * GET /leaves/impact?startDate=&endDate= (mentee, before requesting); on each pending LeaveResponse for its deciders.
 */
export interface LeaveImpact {
  /** School days in the leave's range (weekends, holidays and days outside the term not counted). */
  schoolDays: number;
  before: number;
  after: number;
  eligibleBefore: boolean;
  eligibleAfter: boolean;
  /** The "excluding approved leave" figure (attended / (attended + absent)) before and after: a day marked absent that
   * becomes leave raises it. 0 when nothing counts. */
  excludingLeaveBefore: number;
  excludingLeaveAfter: number;
}

export interface CreateLeaveRequest {
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
  reason: string;
  /** A document uploaded first (POST /leaves/documents) by whoever files the leave: a doctor's note, say. */
  documentId?: string;
}

/** POST /leaves/documents (multipart, field `file`): a PDF, JPG or PNG of at most LEAVE_DOCUMENT_MAX_BYTES. */
export interface LeaveDocumentResponse {
  _id: string;
  fileName: string;
  mimeType: string;
  size: number;
}
export const LEAVE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export interface LeaveResponse {
  _id: string;
  menteeId: { _id: string; fullName: string; studentId: string } | null;
  mentorId: { _id: string; fullName: string } | null;
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
  /** Calendar days, as the spec counts them. */
  daysCount: number;
  /** School days only ("3 school days" for a Friday-to-Monday leave with a Sunday off). */
  schoolDays: number;
  reason: string;
  status: LeaveStatus;
  approvedBy: { _id: string; fullName: string } | null;
  /** The guardian who filed it for their child (shown as "Filed by guardian"); null: the student filed it. */
  filedBy: { _id: string; fullName: string } | null;
  /** The document filed with it, if any: GET /leaves/{id}/document (a guardian: GET /guardian/leaves/{id}/document). */
  document: LeaveDocumentResponse | null;
  decidedAt: string | null;
  mentorComments: string;
  /** For pending leaves, to whoever may decide them: the effect of approving. */
  impact?: LeaveImpact;
  /** For pending leaves, to whoever may decide them: days in range already marked present (approving asks what to do). */
  presentDays?: string[];
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * GET /leaves/{mentee|mentor|admin}: newest first, an array of at most `limit` rows (LIST_SIZE when omitted, at most
 * MAX_LIST_SIZE) of page `page`, the count of every matching row in TOTAL_COUNT_HEADER. GET /leaves/admin/export takes
 * the same filters and writes every matching row (no page).
 */
export interface ListLeavesQuery extends PageQuery {
  status?: LeaveStatus;
  /** admin only */
  leaveType?: LeaveType;
  /** admin only: mentee name, mentor name or leave type (case-insensitive, part of the text) */
  search?: string;
}

/**
 * PUT /leaves/{id}/approve and /reject. Approving marks each school day of the range "leave" (an absent day becomes
 * leave); days already marked present are a conflict: without `presentDays` the approval is refused with 409
 * LEAVE_ATTENDANCE_CONFLICT, "keep" leaves them present, "overwrite" makes them leave. Rejecting or cancelling an
 * approved leave restores each day to what it was before.
 */
export interface DecideLeaveRequest {
  mentorComments?: string;
  presentDays?: 'keep' | 'overwrite';
}

/**
 * The comment a decision carries when its maker writes none (SPEC.md section 7): stored as this English, and shown to
 * each reader in their language (the screens' catalogues, the server's for notifications and e-mails).
 */
export const AUTOMATIC_LEAVE_COMMENTS = {
  approved: 'Approved',
  rejected: 'Rejected',
  approvedByAdmin: 'Approved by admin',
  rejectedByAdmin: 'Rejected by admin',
} as const;
export type AutomaticLeaveComment = keyof typeof AUTOMATIC_LEAVE_COMMENTS;

/** Which automatic comment a stored comment is, or null for a person's own words. */
export function automaticLeaveComment(comment: string): AutomaticLeaveComment | null {
  const found = Object.entries(AUTOMATIC_LEAVE_COMMENTS).find(([, text]) => text === comment.trim());
  return found ? (found[0] as AutomaticLeaveComment) : null;
}

/** PUT /leaves/{id}/cancel (the mentee's own): a pending leave, or an approved one that has not started. */
