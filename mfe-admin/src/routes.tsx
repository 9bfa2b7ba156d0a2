import { lazy } from 'react';
import { lazyPage, Navigate, remoteRoutes, type RouteManifest } from '@portal/web-core';
import manifest from './route-manifest.json';

// The admin screens, one per manifest path; each downloads on its first visit.

/** A path that opens another admin screen under that screen's own address (so the menu highlights its entry). */
export const redirectTo = (to: string) => lazy(async () => ({ default: () => <Navigate to={to} replace /> }));

export const pages = {
  '/dashboard': lazyPage(() => import('./dashboard/AdminDashboard'), 'AdminDashboard'),
  '/profile': lazyPage(() => import('./profile/AdminProfilePage'), 'AdminProfilePage'),
  '/admin/users': lazyPage(() => import('./users/UsersPage'), 'UsersPage'),
  '/admin/import': lazyPage(() => import('./imports/ImportPage'), 'ImportPage'),
  '/admin/mentorship': lazyPage(() => import('./mentorship/MentorshipPage'), 'MentorshipPage'),
  '/admin/analytics': lazyPage(() => import('./analytics/AnalyticsPage'), 'AnalyticsPage'),
  '/admin/attendance': lazyPage(() => import('./attendance/AdminAttendancePage'), 'AdminAttendancePage'),
  '/admin/calendar': lazyPage(() => import('./calendar/AdminCalendarPage'), 'AdminCalendarPage'),
  '/admin/leaves': lazyPage(() => import('./leaves/AdminLeavesPage'), 'AdminLeavesPage'),
  '/admin/grievances': lazyPage(() => import('./grievances/AdminGrievancesPage'), 'AdminGrievancesPage'),
  '/admin/follow-up': lazyPage(() => import('./followup/AdminFollowUpPage'), 'AdminFollowUpPage'),
  '/admin/safeguarding': lazyPage(() => import('./safeguarding/SafeguardingPage'), 'SafeguardingPage'),
  '/admin/audit': lazyPage(() => import('./audit/AuditLogPage'), 'AuditLogPage'),
  '/admin/mail-log': lazyPage(() => import('./mail/MailLogPage'), 'MailLogPage'),
  '/admin/privacy': lazyPage(() => import('./privacy/PrivacyPage'), 'PrivacyPage'),
  '/admin/deployments': lazyPage(() => import('./deployments/DeploymentsPage'), 'DeploymentsPage'),
  '/admin/edit-user/:userId': lazyPage(() => import('./users/EditUserPage'), 'EditUserPage'),
  '/attendance': lazyPage(() => import('./attendance/AdminAttendanceOverviewPage'), 'AdminAttendanceOverviewPage'),
  // The spec's shared routes lead to the admin's own screens, under the address their menu entry highlights.
  '/leaves': redirectTo('/admin/leaves'),
  '/grievances': redirectTo('/admin/grievances'),
  '/notifications': lazyPage(() => import('@portal/notifications'), 'NotificationsPage'),
};

export { manifest };
export default remoteRoutes(manifest as RouteManifest, pages);
