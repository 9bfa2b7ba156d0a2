import type { LeaveResponse, LeaveStatus, LeaveType } from '@portal/contracts';
import { dateOnly, isoDateTime, type RawDate, type RowColumns } from '../common/raw-row';

/** A leave as one flat row: its own columns and the people around it. */
export interface LeaveRow {
  id: string;
  leaveType: LeaveType;
  startDate: RawDate;
  endDate: RawDate;
  daysCount: number | string;
  reason: string;
  status: LeaveStatus;
  decidedAt: RawDate | null;
  mentorComments: string;
  createdAt: RawDate;
  updatedAt: RawDate;
  menteeId: string;
  studentId: string;
  menteeName: string;
  mentorId: string | null;
  mentorName: string | null;
  approverId: string | null;
  approverName: string | null;
}

/** Where each field comes from, by the aliases of LeavesService's joins. */
export const LEAVE_ROW: RowColumns<LeaveRow> = {
  id: 'l.id',
  leaveType: 'l.leaveType',
  startDate: 'l.startDate',
  endDate: 'l.endDate',
  daysCount: 'l.daysCount',
  reason: 'l.reason',
  status: 'l.status',
  decidedAt: 'l.decidedAt',
  mentorComments: 'l.mentorComments',
  createdAt: 'l.createdAt',
  updatedAt: 'l.updatedAt',
  menteeId: 'mentee.id',
  studentId: 'mentee.studentId',
  menteeName: 'mu.fullName',
  mentorId: 'mentor.id',
  mentorName: 'tu.fullName',
  approverId: 'approver.id',
  approverName: 'approver.fullName',
};

export function toLeaveResponse(r: LeaveRow): LeaveResponse {
  return {
    _id: r.id,
    menteeId: { _id: r.menteeId, fullName: r.menteeName ?? '', studentId: r.studentId },
    mentorId: r.mentorId ? { _id: r.mentorId, fullName: r.mentorName ?? '' } : null,
    leaveType: r.leaveType,
    startDate: dateOnly(r.startDate),
    endDate: dateOnly(r.endDate),
    daysCount: Number(r.daysCount),
    reason: r.reason,
    status: r.status,
    approvedBy: r.approverId ? { _id: r.approverId, fullName: r.approverName ?? '' } : null,
    decidedAt: isoDateTime(r.decidedAt),
    mentorComments: r.mentorComments,
    createdAt: isoDateTime(r.createdAt)!,
    updatedAt: isoDateTime(r.updatedAt)!,
  };
}
