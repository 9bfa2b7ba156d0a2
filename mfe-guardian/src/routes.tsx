import { lazyPage, remoteRoutes, type RouteManifest } from '@portal/web-core';
import manifest from './route-manifest.json';

// The guardian's screens, one per manifest path; each downloads on its first visit.
export const pages = {
  '/dashboard': lazyPage(() => import('./dashboard/GuardianDashboard'), 'GuardianDashboard'),
  '/children/attendance': lazyPage(() => import('./attendance/ChildAttendancePage'), 'ChildAttendancePage'),
  '/profile': lazyPage(() => import('./profile/GuardianProfilePage'), 'GuardianProfilePage'),
  '/leaves': lazyPage(() => import('./leaves/ChildLeavesPage'), 'ChildLeavesPage'),
  '/announcements': lazyPage(() => import('./announcements/ChildAnnouncementsPage'), 'ChildAnnouncementsPage'),
  '/notifications': lazyPage(() => import('@portal/notifications'), 'NotificationsPage'),
};

export { manifest };
export default remoteRoutes(manifest as RouteManifest, pages);
