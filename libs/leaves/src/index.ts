// @portal/leaves: leave requests for every role's screens.
export * from './leavesApi';
export * from './LeaveStatusTag';
export * from './LeaveImpactNote';
export * from './LeavesBoard';
export * from './LeaveDecisionButtons';
export * from './RecentLeaves';
export * from './RequestLeaveDialog';
export * from './labels';
