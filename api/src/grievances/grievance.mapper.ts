import type {
  GrievanceCategory,
  GrievanceCommentResponse,
  GrievancePriority,
  GrievanceResponse,
  GrievanceStatus,
  GrievanceType,
} from '@portal/contracts';
import { iso } from '../common/dates';
import { dateOnly, isoDateTime, type RawDate, type RowColumns } from '../common/raw-row';
import type { GrievanceComment } from './entities/grievance.entity';

/** A grievance as one flat row: its own columns and its mentee (with the mentee's mentor, who may act on it). */
export interface GrievanceRow {
  id: string;
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
  menteeId: string;
  studentId: string;
  menteeName: string;
  mentorId: string | null;
}

/** Where each field comes from, by the aliases of GrievancesService's joins. */
export const GRIEVANCE_ROW: RowColumns<GrievanceRow> = {
  id: 'g.id',
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
  menteeId: 'mentee.id',
  studentId: 'mentee.studentId',
  menteeName: 'mu.fullName',
  mentorId: 'mentee.mentorId',
};

export function toGrievanceResponse(g: GrievanceRow): GrievanceResponse {
  return {
    _id: g.id,
    menteeId: { _id: g.menteeId, fullName: g.menteeName ?? '', studentId: g.studentId },
    name: g.name,
    email: g.email,
    rollNo: g.rollNo,
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
  };
}

export function toGrievanceCommentResponse(c: GrievanceComment): GrievanceCommentResponse {
  return {
    _id: c.id,
    content: c.content,
    createdAt: iso(c.createdAt)!,
    author: { _id: c.authorId, fullName: c.author?.fullName ?? 'Former user', role: c.author?.role ?? 'mentee' },
  };
}
