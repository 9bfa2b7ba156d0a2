import {
  FORMER_USER_NAME,
  WITHHELD_NAME,
  type GrievanceCategory,
  type GrievanceCommentResponse,
  type GrievanceEventResponse,
  type GrievancePriority,
  type GrievanceResponse,
  type GrievanceStatus,
  type GrievanceType,
  type Role,
} from '@portal/contracts';
import { iso } from '../dates/iso';
import { dateOnly, isoDateTime, type RawDate, type RowColumns } from '../common/raw-row';
import type { GrievanceComment, GrievanceEvent } from './entities/grievance.entity';
import { flag, identityHiddenFrom } from './grievance-visibility';

/** A grievance as one flat row: its own columns and its mentee (with the mentee's mentor, who may act on it). */
export interface GrievanceRow {
  id: string;
  ticketNumber: string | null;
  name: string;
  email: string;
  rollNo: string;
  subject: string;
  grievanceType: GrievanceType;
  category: GrievanceCategory;
  dateOfIncident: RawDate;
  description: string;
  priority: GrievancePriority;
  status: GrievanceStatus;
  mentorComments: string;
  adminComments: string;
  resolution: string;
  resolvedAt: RawDate | null;
  createdAt: RawDate;
  updatedAt: RawDate;
  confidential: boolean | number;
  aboutMentor: boolean | number;
  nameWithheld: boolean | number;
  identityRevealedAt: RawDate | null;
  deadlineAt: RawDate | null;
  escalatedAt: RawDate | null;
  confirmedAt: RawDate | null;
  reopenedAt: RawDate | null;
  /** Null for an erased student's grievance kept under a legal hold. */
  menteeId: string | null;
  studentId: string;
  menteeName: string;
  mentorId: string | null;
}

/** Where each field comes from, by the aliases of GrievanceReader's joins. */
export const GRIEVANCE_ROW: RowColumns<GrievanceRow> = {
  id: 'g.id',
  ticketNumber: 'g.ticketNumber',
  name: 'g.name',
  email: 'g.email',
  rollNo: 'g.rollNo',
  subject: 'g.subject',
  grievanceType: 'g.grievanceType',
  category: 'g.category',
  dateOfIncident: 'g.dateOfIncident',
  description: 'g.description',
  priority: 'g.priority',
  status: 'g.status',
  mentorComments: 'g.mentorComments',
  adminComments: 'g.adminComments',
  resolution: 'g.resolution',
  resolvedAt: 'g.resolvedAt',
  createdAt: 'g.createdAt',
  updatedAt: 'g.updatedAt',
  confidential: 'g.confidential',
  aboutMentor: 'g.aboutMentor',
  nameWithheld: 'g.nameWithheld',
  identityRevealedAt: 'g.identityRevealedAt',
  deadlineAt: 'g.deadlineAt',
  escalatedAt: 'g.escalatedAt',
  confirmedAt: 'g.confirmedAt',
  reopenedAt: 'g.reopenedAt',
  menteeId: 'mentee.id',
  studentId: 'mentee.studentId',
  menteeName: 'mu.fullName',
  mentorId: 'mentee.mentorId',
};

/** The ticket's reference: GRV-2026-000123. */
export const ticketOf = (year: number, n: number) => `GRV-${year}-${String(n).padStart(6, '0')}`;

export function toGrievanceResponse(g: GrievanceRow, viewer: Role): GrievanceResponse {
  const hidden = identityHiddenFrom(g, viewer);
  return {
    _id: g.id,
    ticketNumber: g.ticketNumber ?? '',
    menteeId: hidden || !g.menteeId ? null : { _id: g.menteeId, fullName: g.menteeName ?? '', studentId: g.studentId },
    name: hidden ? WITHHELD_NAME : g.name,
    email: hidden ? '' : g.email,
    rollNo: hidden ? '' : g.rollNo,
    subject: g.subject,
    title: g.subject,
    grievanceType: g.grievanceType,
    category: g.category,
    dateOfIncident: dateOnly(g.dateOfIncident),
    description: g.description,
    priority: g.priority,
    status: g.status,
    mentorComments: g.mentorComments,
    adminComments: g.adminComments,
    resolution: g.resolution,
    resolvedAt: isoDateTime(g.resolvedAt),
    createdAt: isoDateTime(g.createdAt)!,
    updatedAt: isoDateTime(g.updatedAt)!,
    confidential: flag(g.confidential),
    aboutMentor: flag(g.aboutMentor),
    nameWithheld: flag(g.nameWithheld),
    identityRevealedAt: isoDateTime(g.identityRevealedAt),
    deadlineAt: isoDateTime(g.deadlineAt),
    escalatedAt: isoDateTime(g.escalatedAt),
    confirmedAt: isoDateTime(g.confirmedAt),
    reopenedAt: isoDateTime(g.reopenedAt),
  };
}

/** `hideStudent`: a staff reader of a grievance whose student withheld their name sees "Student" as the author. */
export function toGrievanceCommentResponse(c: GrievanceComment, hideStudent = false): GrievanceCommentResponse {
  const student = (c.author?.role ?? 'mentee') === 'mentee';
  return {
    _id: c.id,
    content: c.content,
    createdAt: iso(c.createdAt)!,
    author:
      hideStudent && student
        ? { _id: '', fullName: WITHHELD_NAME, role: 'mentee' }
        : {
            _id: c.authorId ?? '',
            fullName: c.author?.fullName ?? FORMER_USER_NAME,
            role: staffOrStudent(c.author?.role),
          },
  };
}

/** Guardians never reach a grievance (their role is refused on every grievance route): a role on one is never theirs. */
function staffOrStudent(role: Role | undefined): Exclude<Role, 'guardian'> {
  return role === 'admin' || role === 'mentor' ? role : 'mentee';
}

/** With anonymous handling on (the student withheld their name) every line names a role only, never a person. */
export function toGrievanceEventResponse(e: GrievanceEvent, byRoleOnly: boolean): GrievanceEventResponse {
  return {
    _id: String(e.id),
    kind: e.kind,
    actorRole: e.actorRole && staffOrStudent(e.actorRole),
    actorName: byRoleOnly || !e.actorName ? null : e.actorName,
    detail: e.detail,
    createdAt: iso(e.createdAt)!,
  };
}
