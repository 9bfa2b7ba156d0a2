import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { LeaveResponse } from '@portal/contracts';
import { iso } from '../common/dates';
import { LeaveRequest } from './entities/leave-request.entity';

/**
 * A leave as one flat row: its own columns and the names of the people around it, by alias of LeavesService's joins.
 * Read with getRawMany: hydrating a leave and its five related entities cost three times the whole statement
 * (a mentor's 67 leaves: 1.5 ms of CPU against 0.5 ms), and every dashboard and list shows leaves.
 */
const LEAVE_ROW = {
  id: 'l.id', leaveType: 'l.leaveType', startDate: 'l.startDate', endDate: 'l.endDate', daysCount: 'l.daysCount', reason: 'l.reason',
  status: 'l.status', decidedAt: 'l.decidedAt', mentorComments: 'l.mentorComments', createdAt: 'l.createdAt', updatedAt: 'l.updatedAt',
  menteeId: 'mentee.id', studentId: 'mentee.studentId', menteeName: 'mu.fullName', mentorId: 'mentor.id', mentorName: 'tu.fullName',
  approverId: 'approver.id', approverName: 'approver.fullName',
} as const;
export type LeaveRow = Record<keyof typeof LEAVE_ROW, string | null> & Record<'daysCount', number>;

export function selectLeaveRow(qb: SelectQueryBuilder<LeaveRequest>): SelectQueryBuilder<LeaveRequest> {
  const [[firstAlias, firstColumn], ...rest] = Object.entries(LEAVE_ROW);
  return rest.reduce((q, [alias, column]) => q.addSelect(column, alias), qb.select(firstColumn, firstAlias));
}

/** Row → response. The leave's dates are converted by the driver as entity hydration would (MySQL and SQLite differ). */
export function leaveMapper(db: DataSource): (r: LeaveRow) => LeaveResponse {
  type DateKey = 'startDate' | 'endDate' | 'decidedAt' | 'createdAt' | 'updatedAt';
  const metadata = db.getMetadata(LeaveRequest);
  const columns = new Map((['startDate', 'endDate', 'decidedAt', 'createdAt', 'updatedAt'] as const).map((key) => [key, metadata.findColumnWithPropertyName(key)!]));
  const hydrated = (r: LeaveRow, key: DateKey) => db.driver.prepareHydratedValue(r[key], columns.get(key)!);
  return (r) => ({
    _id: r.id!,
    menteeId: r.menteeId ? { _id: r.menteeId, fullName: r.menteeName ?? '', studentId: r.studentId! } : null,
    mentorId: r.mentorId ? { _id: r.mentorId, fullName: r.mentorName ?? '' } : null,
    leaveType: r.leaveType as LeaveResponse['leaveType'],
    startDate: hydrated(r, 'startDate'),
    endDate: hydrated(r, 'endDate'),
    daysCount: Number(r.daysCount),
    reason: r.reason!,
    status: r.status as LeaveResponse['status'],
    approvedBy: r.approverId ? { _id: r.approverId, fullName: r.approverName! } : null,
    decidedAt: iso(hydrated(r, 'decidedAt')),
    mentorComments: r.mentorComments!,
    createdAt: iso(hydrated(r, 'createdAt'))!,
    updatedAt: iso(hydrated(r, 'updatedAt'))!,
  });
}
