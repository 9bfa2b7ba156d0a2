// @portal/web-core: the one front-end core, a singleton on the page (a Module Federation shared module): API base,
// store, session, socket, theme, notices, router and route manifests. Screens and their parts live in the domain
// libraries and the role remotes.
export * from './api';
export * from './dates';
export * from './session';
export * from './store';
export * from './theme';
export * from './notify';
export * from './socket';
export { useOffline, isOffline } from './offline';
export * from './cacheTags';
export * from './liveRecords';
export * from './FullPageSpinner';
export * from './useDebounced';
export * from './screens';
export * from './router';
export * from './leaveBlocker';
export * from './routeManifest';
export { startEarlyReads } from './earlyReads';
export * from './prerender';
export { REDRAWN_CLASS, pageShown, trackLastScreen } from './lastScreen';
export { SCREEN_KEY } from './offline';
export * from './i18n';
