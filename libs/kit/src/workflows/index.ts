// '@portal/kit/workflows': the screens' shared building blocks (boards, chat, announcements, attendance views). A
// separate shared module from '@portal/kit' so the sign-in page does not download them; they reach the kit's store,
// API and socket through '@portal/kit' (never a relative path) so every remote uses the shell's single instance.
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
