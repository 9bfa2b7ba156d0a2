import { lazyPage, remoteRoutes, type RouteManifest } from '@portal/web-core';
import manifest from './route-manifest.json';

// Chat (individual and group conversations, and the mentors' announcements tab); downloads on its first visit.
export const pages = {
  '/chat/:id?': lazyPage(() => import('./ChatPage'), 'ChatPage'),
};

export { manifest };
export default remoteRoutes(manifest as RouteManifest, pages);
