import type { Role } from './common';

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
export const GRIEVANCE_PRIORITIES = ['high', 'medium', 'low'] as const;
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

export interface GrievanceResponse {
  _id: string;
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
}

/** PUT /grievances/{id}/priority (admins, open grievances only). */
export interface SetGrievancePriorityRequest {
  priority: GrievancePriority;
}

export interface ListGrievancesQuery {
  status?: GrievanceStatus;
  /** admin only */
  category?: GrievanceCategory;
  /** admin only: mentee name, subject, type or category */
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
  author: { _id: string; fullName: string; role: Role };
  createdAt: string;
}
export interface CreateGrievanceCommentRequest {
  content: string;
}
