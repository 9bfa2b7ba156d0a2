export const LEAVE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const LEAVE_TYPES = ['sick', 'casual', 'emergency', 'vacation'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
/** Types offered to mentees on the request form; admins also see vacation. */
export const MENTEE_LEAVE_TYPES: LeaveType[] = ['sick', 'casual', 'emergency'];

export interface CreateLeaveRequest {
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
  reason: string;
}

export interface LeaveResponse {
  _id: string;
  menteeId: { _id: string; fullName: string; studentId: string } | null;
  mentorId: { _id: string; fullName: string } | null;
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
  daysCount: number;
  reason: string;
  status: LeaveStatus;
  approvedBy: { _id: string; fullName: string } | null;
  decidedAt: string | null;
  mentorComments: string;
  createdAt: string;
  updatedAt: string;
}

export interface ListLeavesQuery {
  status?: LeaveStatus;
  /** admin only */
  leaveType?: LeaveType;
  /** admin only: mentee name, mentor name or leave type */
  search?: string;
}

/** PUT /leaves/{id}/approve and /reject */
export interface DecideLeaveRequest {
  mentorComments?: string;
}
