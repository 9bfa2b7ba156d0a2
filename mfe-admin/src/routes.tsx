import { lazyPage, remoteRoutes, type RouteManifest } from '@portal/web-core';
import manifest from './route-manifest.json';

// The admin screens, one per manifest path; each downloads on its first visit.
const AdminLeavesPage = lazyPage(() => import('./leaves/AdminLeavesPage'), 'AdminLeavesPage');
const AdminGrievancesPage = lazyPage(() => import('./grievances/AdminGrievancesPage'), 'AdminGrievancesPage');

export const pages = {
  '/dashboard': lazyPage(() => import('./dashboard/AdminDashboard'), 'AdminDashboard'),
  '/profile': lazyPage(() => import('./profile/AdminProfilePage'), 'AdminProfilePage'),
  '/admin/users': lazyPage(() => import('./users/UsersPage'), 'UsersPage'),
  '/admin/mentorship': lazyPage(() => import('./mentorship/MentorshipPage'), 'MentorshipPage'),
  '/admin/analytics': lazyPage(() => import('./analytics/AnalyticsPage'), 'AnalyticsPage'),
  '/admin/attendance': lazyPage(() => import('./attendance/AdminAttendancePage'), 'AdminAttendancePage'),
  '/admin/leaves': AdminLeavesPage,
  '/admin/grievances': AdminGrievancesPage,
  '/admin/audit': lazyPage(() => import('./audit/AuditLogPage'), 'AuditLogPage'),
  '/admin/edit-user/:userId': lazyPage(() => import('./users/EditUserPage'), 'EditUserPage'),
  '/attendance': lazyPage(() => import('./attendance/AdminAttendanceOverviewPage'), 'AdminAttendanceOverviewPage'),
  // The spec's shared routes open the admin's own screens.
  '/leaves': AdminLeavesPage,
  '/grievances': AdminGrievancesPage,
};

export { manifest };
export default remoteRoutes(manifest as RouteManifest, pages);
