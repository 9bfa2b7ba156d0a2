/**
 * Early warning and follow-up: risk signals computed from the records (never entered by hand), the mentor's follow-up
 * queue, the mentoring log (meetings and contacts with action items), and the outcome of each follow-up.
 */

/** The signals, most urgent first (the queue's order). */
export const RISK_SIGNAL_KINDS = [
  'consecutiveAbsences',
  'lowAttendance',
  'attendanceDrop',
  'grievanceOpen',
  'repeatedLeave',
  'noContact',
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

export const RISK_SIGNAL_LABELS: Record<RiskSignalKind, string> = {
  consecutiveAbsences: 'Absences in a row',
  lowAttendance: 'Low attendance',
  attendanceDrop: 'Attendance dropped',
  grievanceOpen: 'Grievance waiting',
  repeatedLeave: 'Repeated leave',
  noContact: 'No contact',
};

/** The thresholds (GET/PUT /admin/followup/settings); every signal reads its own. */
export interface RiskSettings {
  /** Unexcused absences (status absent) on consecutive school days. */
  consecutiveAbsences: number;
  /** Attendance over the last window below this percentage. */
  lowAttendancePercent: number;
  /** A drop of this many points or more against the window before. */
  attendanceDropPoints: number;
  /** School days in each attendance window. */
  attendanceWindowSchoolDays: number;
  /** Leave requests filed within leaveWindowDays. */
  leaveRequests: number;
  leaveWindowDays: number;
  /** A grievance open (pending or in progress) longer than this many days. */
  grievanceOpenDays: number;
  /** No mentoring contact logged for this many days. */
  noContactDays: number;
}
export type UpdateRiskSettingsRequest = Partial<RiskSettings>;

export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  consecutiveAbsences: 3,
  lowAttendancePercent: 75,
  attendanceDropPoints: 10,
  attendanceWindowSchoolDays: 30,
  leaveRequests: 3,
  leaveWindowDays: 30,
  grievanceOpenDays: 7,
  noContactDays: 30,
};
/** Bounds of each setting (the form and the API check the same). */
export const RISK_SETTING_LIMITS: Record<keyof RiskSettings, { min: number; max: number }> = {
  consecutiveAbsences: { min: 1, max: 60 },
  lowAttendancePercent: { min: 1, max: 100 },
  attendanceDropPoints: { min: 1, max: 100 },
  attendanceWindowSchoolDays: { min: 5, max: 120 },
  leaveRequests: { min: 1, max: 60 },
  leaveWindowDays: { min: 1, max: 365 },
  grievanceOpenDays: { min: 1, max: 365 },
  noContactDays: { min: 1, max: 365 },
};

/** One open signal with its evidence, e.g. "3 absences in a row: 2031-03-10 to 2031-03-12". */
export interface RiskSignal {
  _id: string;
  kind: RiskSignalKind;
  evidence: string;
  openedAt: string;
  /** When a follow-up or dismissal last answered it (null: waiting). */
  handledAt: string | null;
}

/** GET /followup/queue (mentor): mentees with at least one waiting signal, most urgent first. */
export interface FollowUpQueueEntry {
  menteeId: string;
  fullName: string;
  studentId: string;
  class: string;
  section: string;
  signals: RiskSignal[];
  /** The oldest waiting signal's opening: how long the student has waited. */
  waitingSince: string;
  lastContactDate: string | null;
}

/** GET /followup/contacts (mentor): each mentee's last logged contact (YYYY-MM-DD) or null. */
export type LastContacts = Record<string, string | null>;

export const CONTACT_MODES = ['inPerson', 'call', 'chat', 'guardianMessage'] as const;
export type ContactMode = (typeof CONTACT_MODES)[number];
export const CONTACT_MODE_LABELS: Record<ContactMode, string> = {
  inPerson: 'In person',
  call: 'Call',
  chat: 'Chat',
  guardianMessage: 'Message to guardian',
};

export interface ActionItem {
  _id: string;
  text: string;
  dueDate: string | null;
  done: boolean;
}

/** One meeting or contact of the mentoring log. A private one is never shown to the student. */
export interface MentoringEntry {
  _id: string;
  menteeId: string;
  date: string;
  mode: ContactMode;
  summary: string;
  private: boolean;
  actionItems: ActionItem[];
  author: { _id: string; fullName: string } | null;
  createdAt: string;
}

export const MAX_SUMMARY_LENGTH = 4000;
export const MAX_ACTION_ITEMS = 20;
export const MAX_REASON_LENGTH = 500;

/** POST /followup/mentees/{menteeId}/log (the student's mentor): also answers every waiting signal. */
export interface CreateMentoringEntryRequest {
  date: string;
  mode: ContactMode;
  summary: string;
  private?: boolean;
  actionItems?: { text: string; dueDate?: string | null }[];
}
/** PUT /followup/action-items/{id} (the mentor, or the student of a non-private entry). */
export interface UpdateActionItemRequest {
  done: boolean;
}
/** POST /followup/mentees/{menteeId}/dismiss (the student's mentor): answers every waiting signal; the reason is kept. */
export interface DismissSignalsRequest {
  reason: string;
}
export interface SignalDismissal {
  _id: string;
  reason: string;
  kinds: RiskSignalKind[];
  by: { _id: string; fullName: string } | null;
  createdAt: string;
}

/** The student's attendance over the school days before and after a follow-up (days: how many were marked). */
export interface AttendanceWindow {
  percentage: number | null;
  markedDays: number;
  schoolDays: number;
}
export interface FollowUpOutcome {
  entryId: string;
  menteeId: string;
  fullName: string;
  studentId: string;
  mentorId: string | null;
  mentorName: string | null;
  date: string;
  mode: ContactMode;
  before: AttendanceWindow;
  after: AttendanceWindow;
}

/** GET /followup/mentees/{menteeId} (the mentor, admins): everything the mentor's page shows. */
export interface MenteeFollowUp {
  menteeId: string;
  signals: RiskSignal[];
  log: MentoringEntry[];
  dismissals: SignalDismissal[];
  outcomes: FollowUpOutcome[];
  lastContactDate: string | null;
}

/** GET /followup/me (mentee): their meetings (never a private one) and their action items. */
export interface MyFollowUp {
  meetings: MentoringEntry[];
}

/** GET /admin/followup/overview */
export interface FollowUpOverview {
  /** Mentors with waiting students, the longest wait first. */
  mentors: { mentorId: string; fullName: string; waiting: number; waitingSince: string }[];
  /** Waiting students per class and section. */
  classes: { class: string; section: string; waiting: number }[];
  /**
   * Students the administrators follow up themselves: signals that stem from a confidential grievance, which no
   * mentor may learn of.
   */
  adminQueue: FollowUpQueueEntry[];
}
