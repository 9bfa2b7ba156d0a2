import type { AttendanceStatus } from './attendance';
import type { AttendanceSummary } from './users';

/** At most this many guardians per student (SPEC: a child may have two). */
export const MAX_GUARDIANS_PER_CHILD = 2;

/**
 * A guardian of a student, as admins see it. `invited`: the account exists but its owner has not yet set a password
 * through the invitation link (7 days, single use); `active`: they have.
 */
export interface GuardianLinkResponse {
  _id: string;
  menteeId: string;
  guardianId: string;
  email: string;
  fullName: string;
  status: 'invited' | 'active';
  createdAt: string;
}

/** An admin invites a guardian of a student: the e-mail an invitation link goes to. */
export interface InviteGuardianRequest {
  email: string;
  fullName: string;
}

/** A child as their guardian sees them, with their mentor's name and office hours. */
export interface GuardianChild {
  _id: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  mentor: { fullName: string; officeHours: string } | null;
}

/** One day of a child's month, as the register has it. */
export interface GuardianAttendanceDay {
  /** YYYY-MM-DD */
  date: string;
  status: AttendanceStatus;
  /** An absent day's answer from the family, once given. */
  answer?: AbsenceAnswerSummary;
}

/**
 * A family's answer to an absence: `sick`, `other` (the note says why) or `wrong_mark` (the child was there: the
 * register shows it to admins until someone corrects or confirms the mark).
 */
export const ABSENCE_REASONS = ['sick', 'other', 'wrong_mark'] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];
/** The most an answer's note may say (characters). */
export const ABSENCE_NOTE_MAX = 500;

/** What a guardian answers for one absent day (`note` is needed for `other`). */
export interface AbsenceAnswerRequest {
  reason: AbsenceReason;
  note?: string;
}

/** `POST /api/guardian/children/:id/absence-answers`: the day answered, and the answer. */
export interface GuardianAbsenceAnswerRequest extends AbsenceAnswerRequest {
  /** YYYY-MM-DD: a day the child is marked absent. */
  date: string;
}

/** The answer given for one absent day, as the family sees it. */
export interface AbsenceAnswerSummary {
  reason: AbsenceReason;
  note: string | null;
  /** The guardian's name, or the address the e-mailed link was sent to. */
  answeredBy: string;
  createdAt: string;
}

/**
 * An answer as the school sees it: the mentor's queue until they mark it seen (`seenAt`); a wrong-mark answer also
 * waits in the admins' register until the mark is corrected or confirmed (`markResolution`).
 */
export interface AbsenceAnswerResponse extends AbsenceAnswerSummary {
  _id: string;
  menteeId: string;
  studentName: string;
  studentId: string;
  class: string;
  section: string;
  /** YYYY-MM-DD */
  date: string;
  /** `portal`: a signed-in guardian; `link`: the single-use link of the e-mailed absence notice. */
  via: 'portal' | 'link';
  seenAt: string | null;
  markResolution: 'corrected' | 'confirmed' | null;
}

/** The e-mailed link's token (single use, 7 days): sent in the body, never in an address that logs keep. */
export interface AbsenceLinkRequest {
  token: string;
}

/** What an absence notice's link is about: the child's first name and the day, nothing more. */
export interface AbsenceLinkResponse {
  childName: string;
  /** YYYY-MM-DD */
  date: string;
}

/** `POST /api/absence-link/answer`: the link's token and the answer (the link is then used up). */
export interface AbsenceLinkAnswerRequest extends AbsenceAnswerRequest {
  token: string;
}

/** A child's attendance as the child sees it: today's mark, one month's days, the year's figures and leave eligibility. */
export interface GuardianChildAttendance {
  child: GuardianChild;
  /** The school's today (YYYY-MM-DD) and its mark, if marked. */
  today: { date: string; status: AttendanceStatus | null };
  /** YYYY-MM */
  month: string;
  days: GuardianAttendanceDay[];
  summary: AttendanceSummary;
  /** Whether the child may still take leave (the student's own rule: LEAVE_ELIGIBILITY_PERCENT). */
  leaveEligible: boolean;
}

/** Query of `GET /api/guardian/children/:id/attendance`: the month shown (default: the school's current month). */
export interface GuardianAttendanceQuery {
  month?: string;
}

/** The most a privacy notice may say (characters). */
export const PRIVACY_NOTICE_MAX = 20_000;

/**
 * The school's privacy notice for guardians, as published by an admin. Each publication is a new version (1, 2, …);
 * version 0 with empty text: none published yet.
 */
export interface PrivacyNoticeResponse {
  version: number;
  text: string;
  publishedAt: string | null;
}

/** An admin publishes a new version of the privacy notice. */
export interface PublishPrivacyNoticeRequest {
  text: string;
}

/**
 * A guardian's answer for one child: `given`, `refused`, or `withdrawn` (refused after having given it). Without
 * consent the guardian still sees the child; only optional processing stops (e-mails other than absence and safety
 * notices).
 */
export const CONSENT_DECISIONS = ['given', 'refused', 'withdrawn'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

/** Where a guardian stands for one child: their latest answer (null: never asked), and whether it is for the current notice. */
export interface GuardianConsentState {
  childId: string;
  childName: string;
  decision: ConsentDecision | null;
  noticeVersion: number | null;
  decidedAt: string | null;
  /** Answered for the current notice's version: nothing to ask. */
  current: boolean;
}

/** `GET /api/guardian/consent`: the current notice and where the guardian stands for each child. */
export interface GuardianConsentOverview {
  notice: PrivacyNoticeResponse;
  children: GuardianConsentState[];
}

/** `PUT /api/guardian/children/:id/consent`: the answer, for the notice version the guardian read. */
export interface RecordConsentRequest {
  decision: 'given' | 'refused';
  noticeVersion: number;
}

/** One consent record, as admins see them: who, which version, what, when, from which address. */
export interface ConsentRecordResponse {
  _id: string;
  menteeId: string;
  guardianId: string;
  guardianName: string;
  guardianEmail: string;
  decision: ConsentDecision;
  noticeVersion: number;
  ipAddress: string | null;
  createdAt: string;
}
