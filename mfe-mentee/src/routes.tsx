import { lazyPage, remoteRoutes, type RouteManifest } from '@portal/web-core';
import manifest from './route-manifest.json';
// Every page speaks with this catalogue: loaded once with the routes, not copied into each page's chunk.
import './i18n';

// The student screens, one per manifest path; each downloads on its first visit.
export const pages = {
  '/dashboard': lazyPage(() => import('./dashboard/MenteeDashboard'), 'MenteeDashboard'),
  '/profile': lazyPage(() => import('./profile/MenteeProfilePage'), 'MenteeProfilePage'),
  '/leaves': lazyPage(() => import('./leaves/LeavesPage'), 'LeavesPage'),
  '/grievances': lazyPage(() => import('./grievances/GrievancesPage'), 'GrievancesPage'),
  '/meetings': lazyPage(() => import('./meetings/MeetingsPage'), 'MeetingsPage'),
  '/notifications': lazyPage(() => import('@portal/notifications'), 'NotificationsPage'),
};

export { manifest };
export default remoteRoutes(manifest as RouteManifest, pages);
