import type { FindOptionsRelations } from 'typeorm';
import type { LeaveResponse } from '@portal/contracts';
import { iso } from '../users/user.mapper';
import type { LeaveRequest } from './entities/leave-request.entity';

/** Relations a leave needs loaded for toLeaveResponse. */
export const LEAVE_RELATIONS: FindOptionsRelations<LeaveRequest> = { mentee: { user: true, mentor: { user: true } }, approvedBy: true };

export function toLeaveResponse(l: LeaveRequest): LeaveResponse {
  const mentee = l.mentee;
  const mentor = mentee?.mentor;
  return {
    _id: l.id,
    menteeId: mentee ? { _id: mentee.id, fullName: mentee.user?.fullName ?? '', studentId: mentee.studentId } : null,
    mentorId: mentor ? { _id: mentor.id, fullName: mentor.user?.fullName ?? '' } : null,
    leaveType: l.leaveType,
    startDate: l.startDate,
    endDate: l.endDate,
    daysCount: l.daysCount,
    reason: l.reason,
    status: l.status,
    approvedBy: l.approvedBy ? { _id: l.approvedBy.id, fullName: l.approvedBy.fullName } : null,
    decidedAt: iso(l.decidedAt),
    mentorComments: l.mentorComments,
    createdAt: iso(l.createdAt)!,
    updatedAt: iso(l.updatedAt)!,
  };
}
