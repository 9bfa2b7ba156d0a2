import type { GrievanceCommentResponse, GrievanceResponse } from '@portal/contracts';
import { iso } from '../common/dates';
import type { Grievance, GrievanceComment } from './entities/grievance.entity';

export function toGrievanceResponse(g: Grievance): GrievanceResponse {
  return {
    _id: g.id,
    menteeId: g.mentee ? { _id: g.mentee.id, fullName: g.mentee.user?.fullName ?? '', studentId: g.mentee.studentId } : null,
    name: g.name, email: g.email, rollNo: g.rollNo, subject: g.subject, title: g.subject,
    grievanceType: g.grievanceType, category: g.category, dateOfIncident: g.dateOfIncident, description: g.description,
    priority: g.priority, status: g.status, mentorComments: g.mentorComments, adminComments: g.adminComments,
    resolution: g.resolution, resolvedAt: iso(g.resolvedAt), createdAt: iso(g.createdAt)!, updatedAt: iso(g.updatedAt)!,
  };
}

export function toGrievanceCommentResponse(c: GrievanceComment): GrievanceCommentResponse {
  return {
    _id: c.id, content: c.content, createdAt: iso(c.createdAt)!,
    author: { _id: c.authorId, fullName: c.author?.fullName ?? 'Former user', role: c.author?.role ?? 'mentee' },
  };
}
