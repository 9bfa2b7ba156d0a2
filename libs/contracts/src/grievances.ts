import type { Role } from './common';
import type { PageQuery } from './paging';

/** One canonical status model; the mentor screen labels in-progress "In Review". */
export const GRIEVANCE_STATUSES = ['pending', 'in-progress', 'resolved', 'rejected'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const GRIEVANCE_TYPES = [
  'misconduct-complaint',
  'user-experience',
  'billing-payment',
  'communication-support',
  'administrative-issues',
  'technical-issues',
  'other',
] as const;
export type GrievanceType = (typeof GRIEVANCE_TYPES)[number];
export const GRIEVANCE_CATEGORIES = [
  'academic',
  'administrative',
  'facilities',
  'harassment',
  'disciplinary',
  'other',
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];
/** Default mapping from the type a mentee picks to the category admins filter by. */
export const GRIEVANCE_TYPE_TO_CATEGORY: Record<GrievanceType, GrievanceCategory> = {
  'misconduct-complaint': 'disciplinary',
  'user-experience': 'facilities',
  'billing-payment': 'administrative',
  'communication-support': 'academic',
  'administrative-issues': 'administrative',
  'technical-issues': 'facilities',
  other: 'other',
};
export const GRIEVANCE_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type GrievancePriority = (typeof GRIEVANCE_PRIORITIES)[number];
/** Priority a new grievance starts with, by category: safeguarding and conduct first; admins may change it. */
export const GRIEVANCE_CATEGORY_PRIORITY: Record<GrievanceCategory, GrievancePriority> = {
  harassment: 'high',
  disciplinary: 'high',
  academic: 'medium',
  administrative: 'medium',
  facilities: 'medium',
  other: 'medium',
};

/** School days a grievance of each priority may stay open (admins change them: GET/PUT /admin/grievances/settings). */
export const GRIEVANCE_DEADLINE_DEFAULTS: Record<GrievancePriority, number> = {
  urgent: 1,
  high: 3,
  medium: 7,
  low: 14,
};
export const GRIEVANCE_DEADLINE_MAX_DAYS = 60;
export type GrievanceDeadlineSettings = Record<GrievancePriority, number>;

/**
 * Confidential grievances go to administrators only (the student's mentor never sees them): a misconduct complaint,
 * anything in the harassment category, and anything the student marks as being about their mentor.
 */
export function isConfidentialGrievance(g: {
  grievanceType: GrievanceType;
  category?: GrievanceCategory;
  aboutMentor?: boolean;
}): boolean {
  return (
    g.grievanceType === 'misconduct-complaint' ||
    (g.category ?? GRIEVANCE_TYPE_TO_CATEGORY[g.grievanceType]) === 'harassment' ||
    !!g.aboutMentor
  );
}

/** Shown in place of the student's name to staff while the student asked for it to be withheld. */
export const WITHHELD_NAME = 'Name withheld';
/** The name the API gives the author of a comment or message whose account was deleted. */
export const FORMER_USER_NAME = 'Former user';

export interface GrievanceResponse {
  _id: string;
  /** e.g. GRV-2026-000123: the student's reference, shown on the acknowledgement and in every list. */
  ticketNumber: string;
  /** null for staff while the student's name is withheld (name, email and rollNo are empty then too). */
  menteeId: { _id: string; fullName: string; studentId: string } | null;
  name: string;
  email: string;
  rollNo: string;
  subject: string;
  title: string;
  grievanceType: GrievanceType;
  category: GrievanceCategory;
  dateOfIncident: string;
  description: string;
  priority: GrievancePriority;
  status: GrievanceStatus;
  mentorComments: string;
  adminComments: string;
  resolution: string;
  resolvedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Routed to administrators only (isConfidentialGrievance). */
  confidential: boolean;
  aboutMentor: boolean;
  /** The student asked for their name to be withheld from whoever handles it. */
  nameWithheld: boolean;
  /** When an admin revealed the student's identity (with a reason, on the timeline), or null. */
  identityRevealedAt: string | null;
  /** The end of the last school day it may stay open (by priority), and when it was escalated for passing it. */
  deadlineAt: string | null;
  escalatedAt: string | null;
  /** The student's answer to a resolution: confirmed, or reopened once with a reason. */
  confirmedAt: string | null;
  reopenedAt: string | null;
}

export const GRIEVANCE_EVENT_KINDS = [
  'filed',
  'status',
  'comment',
  'viewed',
  'identity-revealed',
  'escalated',
  'priority',
  'category',
  'confirmed',
  'reopened',
] as const;
export type GrievanceEventKind = (typeof GRIEVANCE_EVENT_KINDS)[number];

/** One line of a grievance's timeline (GET /grievances/{id}/timeline), oldest first. */
export interface GrievanceEventResponse {
  _id: string;
  kind: GrievanceEventKind;
  /** The role of who did it (null: the system, e.g. an escalation). */
  /** Guardians never see or act on a grievance. */
  actorRole: Exclude<Role, 'guardian'> | null;
  /** Their name, or null when the grievance is handled anonymously (by role only) or for the system. */
  actorName: string | null;
  /** e.g. "pending → in-progress", the reveal's reason, the reopening's reason. */
  detail: string;
  createdAt: string;
}

/** PUT /admin/grievances/{id}/category */
export interface SetGrievanceCategoryRequest {
  category: GrievanceCategory;
}
/** POST /admin/grievances/{id}/reveal: the reason is logged and shown to the student. */
export interface RevealGrievanceIdentityRequest {
  reason: string;
}
export interface RevealedIdentityResponse {
  menteeId: string;
  fullName: string;
  studentId: string;
  email: string;
}
/** POST /grievances/{id}/reopen (the student, once, after resolved). */
export interface ReopenGrievanceRequest {
  reason: string;
}

/** GET /admin/grievances/analytics: per month of resolution, the last 12 months. */
export interface GrievanceMonthStats {
  /** YYYY-MM */
  month: string;
  resolved: number;
  resolvedWithinDeadline: number;
  reopened: number;
  /** One decimal; 0 when nothing was resolved that month. */
  pctResolvedWithinDeadline: number;
  pctReopened: number;
}
export interface GrievanceAnalyticsResponse {
  months: GrievanceMonthStats[];
  /** Open grievances past their deadline (escalated). */
  escalatedOpen: number;
}

export interface CreateGrievanceRequest {
  name: string;
  email: string;
  rollNo: string;
  subject: string;
  grievanceType: GrievanceType;
  /** The mentee's choice; when omitted, the type's category (GRIEVANCE_TYPE_TO_CATEGORY). */
  category?: GrievanceCategory;
  dateOfIncident: string;
  description: string;
  /** The grievance is about the student's own mentor: it goes to administrators only. */
  aboutMentor?: boolean;
  /** Withhold the student's name from whoever handles it (an admin may reveal it, with a logged reason). */
  withholdName?: boolean;
}

/** PUT /grievances/{id}/priority (admins, open grievances only). */
export interface SetGrievancePriorityRequest {
  priority: GrievancePriority;
}

/**
 * GET /grievances/{mentee|mentor|admin}: newest first, an array of at most `limit` rows (LIST_SIZE when omitted, at
 * most MAX_LIST_SIZE) of page `page`, the count of every matching row the reader may see in TOTAL_COUNT_HEADER.
 * GET /grievances/admin/export takes the same filters and writes every matching row (no page).
 */
export interface ListGrievancesQuery extends PageQuery {
  status?: GrievanceStatus;
  /** admin only */
  category?: GrievanceCategory;
  /** admin only: ticket, mentee name (unless withheld), subject, type or category (case-insensitive, part of the text) */
  search?: string;
}

/** PUT /grievances/{id}/review | resolve | reject; mentors write mentorComments, admins adminComments. */
export interface GrievanceActionRequest {
  resolution?: string;
  mentorComments?: string;
  adminComments?: string;
}

/** Preset resolutions offered to mentors (SPEC.md section 9); custom text is allowed too. */
export const PRESET_RESOLUTIONS = [
  'Resolved through direct communication with the relevant department',
  'Escalated to higher authorities',
  'Addressed through policy clarification and guidance',
  'Resolved with satisfactory outcome for all parties',
] as const;
/** Each preset resolution's name, in PRESET_RESOLUTIONS' order: the catalogues translate a stored preset by it. */
export const PRESET_RESOLUTION_KEYS = ['direct', 'escalated', 'policy', 'satisfactory'] as const;
export type PresetResolution = (typeof PRESET_RESOLUTION_KEYS)[number];

/** Which preset a stored resolution is, or null for a person's own words. */
export function presetResolution(resolution: string): PresetResolution | null {
  const i = (PRESET_RESOLUTIONS as readonly string[]).indexOf(resolution.trim());
  return i < 0 ? null : PRESET_RESOLUTION_KEYS[i];
}

/**
 * Timeline details the server writes itself (the others are a person's words, or "from → to" of status, priority or
 * category codes): stored in English, shown in the reader's language.
 */
export const SENT_TO_ADMINS_DETAIL = 'Sent to administrators only';
export const pastDeadlineDetail = (priority: GrievancePriority) => `Past its deadline (${priority} priority)`;
/** The priority a pastDeadlineDetail names, or null for any other detail. */
export function pastDeadlinePriority(detail: string): GrievancePriority | null {
  return GRIEVANCE_PRIORITIES.find((p) => detail === pastDeadlineDetail(p)) ?? null;
}

/**
 * The admin side's moves (SPEC.md section 4): pending → in-progress | resolved | rejected; in-progress → resolved only.
 * The mentor side may still reject an in-review grievance (GRIEVANCE_TRANSITIONS).
 */
export const GRIEVANCE_ADMIN_TRANSITIONS: Record<GrievanceStatus, GrievanceStatus[]> = {
  pending: ['in-progress', 'resolved', 'rejected'],
  'in-progress': ['resolved'],
  resolved: [],
  rejected: [],
};

/** Allowed moves of the one canonical status model; resolved and rejected are final. */
export const GRIEVANCE_TRANSITIONS: Record<GrievanceStatus, GrievanceStatus[]> = {
  pending: ['in-progress', 'resolved', 'rejected'],
  'in-progress': ['resolved', 'rejected'],
  resolved: [],
  rejected: [],
};

export interface GrievanceCommentResponse {
  _id: string;
  content: string;
  author: { _id: string; fullName: string; role: Exclude<Role, 'guardian'> };
  createdAt: string;
}
export interface CreateGrievanceCommentRequest {
  content: string;
}
