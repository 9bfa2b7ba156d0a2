import type { LeaveResponse, LeaveStatus, LeaveType } from '@portal/contracts';
import { dateOnly, isoDateTime, type RawDate, type RowColumns } from '../common/raw-row';
import { schoolDatesBetween, type CalendarRules } from '../calendar/school-days';

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
  cancelledAt: RawDate | null;
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
  filerId: string | null;
  filerName: string | null;
  documentId: string | null;
  documentName: string | null;
  documentMime: string | null;
  documentSize: number | string | null;
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
  cancelledAt: 'l.cancelledAt',
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
  filerId: 'filer.id',
  filerName: 'filer.fullName',
  documentId: 'doc.id',
  documentName: 'doc.fileName',
  documentMime: 'doc.mimeType',
  documentSize: 'doc.size',
};

/** `calendar`: the school's, for schoolDays (without it, the spec's rule: every day but Sunday). */
export function toLeaveResponse(r: LeaveRow, calendar?: CalendarRules): LeaveResponse {
  const startDate = dateOnly(r.startDate);
  const endDate = dateOnly(r.endDate);
  return {
    _id: r.id,
    menteeId: { _id: r.menteeId, fullName: r.menteeName ?? '', studentId: r.studentId },
    mentorId: r.mentorId ? { _id: r.mentorId, fullName: r.mentorName ?? '' } : null,
    leaveType: r.leaveType,
    startDate,
    endDate,
    daysCount: Number(r.daysCount),
    schoolDays: schoolDatesBetween(startDate, endDate, calendar).length,
    reason: r.reason,
    status: r.status,
    approvedBy: r.approverId ? { _id: r.approverId, fullName: r.approverName ?? '' } : null,
    filedBy: r.filerId ? { _id: r.filerId, fullName: r.filerName ?? '' } : null,
    document: r.documentId
      ? {
          _id: r.documentId,
          fileName: r.documentName ?? '',
          mimeType: r.documentMime ?? '',
          size: Number(r.documentSize),
        }
      : null,
    decidedAt: isoDateTime(r.decidedAt),
    mentorComments: r.mentorComments,
    cancelledAt: isoDateTime(r.cancelledAt),
    createdAt: isoDateTime(r.createdAt)!,
    updatedAt: isoDateTime(r.updatedAt)!,
  };
}
