// '@portal/kit/workflows': the screens' building blocks (boards, chat, announcements, attendance views). Not a Module
// Federation shared module: each remote bundles the parts it uses. They reach the kit's store, API and socket through
// '@portal/kit' (never a relative path), so every copy works on the shell's single instance.
export * from './Common';
export * from './workflowsApi';
export * from './GrievanceParts';
export * from './Boards';
export * from './Decisions';
export * from './groupsApi';
export * from './AttendanceOverview';
export * from './MonthlyChart';
export * from './announcementsApi';
export * from './AnnouncementsFeed';
export * from './chat';
export * from './RecentLeaves';
export * from './Panels';
export * from './ErrorBoundary';
export * from './RemoteErrorPanel';
