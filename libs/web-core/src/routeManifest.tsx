import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import type { Role } from '@portal/contracts';
import { FullPageSpinner } from './FullPageSpinner';

/** Icons the shell's menu can draw; a manifest names one by key. */
export const MENU_ICONS = [
  'dashboard',
  'profile',
  'users',
  'mentorship',
  'analytics',
  'attendance',
  'leaves',
  'grievances',
  'audit',
  'groups',
  'chat',
  'mail',
  'deployments',
  'privacy',
  'announcements',
  'safeguarding',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** What the shell shows a role that opens a path it may not use. */
export interface RouteRefusal {
  title?: string;
  message: string;
  /** A notice shown at once, and where the browser goes after it (SPEC.md: admin pages). */
  notice?: string;
  redirect?: string;
}

export interface RouteEntry {
  /** Absolute path as react-router matches it, e.g. "/admin/edit-user/:userId" or "/chat/:id?". */
  path: string;
  title: string;
  roles: Role[];
  /** In the menu of these roles (default: all of `roles`), sorted by order across remotes. */
  menu?: { label: string; icon: MenuIcon; order: number; roles?: Role[] };
  /** For the other roles; default: the manifest's refusal, else the generic Access Denied panel. */
  refusal?: RouteRefusal;
  /** The API reads (GET paths under /api) the page makes as it opens: the shell starts them with its code. */
  reads?: string[];
}

/** One remote's routes: the shell builds the menu and picks the remote that owns a path from these alone. */
export interface RouteManifest {
  remote: string;
  refusal?: RouteRefusal;
  routes: RouteEntry[];
}

/** /remotes.json: each remote's entry, and its route manifest when the API serves that remote itself. */
export type RemotesJson = Record<string, { entry: string; routes: RouteManifest | null }>;

/** A remote's screen; `preload` (lazyPage's) starts its download before it renders. */
export type Page = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

/**
 * A screen that downloads on its first visit: `lazyPage(() => import('./X'), 'X')`. `preload()` starts the same
 * download earlier (the render then finds it done); a failed download is left to the render, which shows it.
 */
// (any props: the page keeps its own prop types in M[K])
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return Object.assign(
    lazy<M[K]>(async () => ({ default: (await load())[name] })),
    { preload: () => load().catch(() => undefined) },
  );
}

/** A remote's routes module's default export: its pages by path, and the download of the page a path opens. */
export type RemoteRoutesComponent = ComponentType & { preload?: (pathname: string) => Promise<unknown> };

/** The entry of a manifest that answers a path (and the role may or may not use it). */
export const findRoute = (manifest: RouteManifest, pathname: string): RouteEntry | undefined =>
  manifest.routes.find((r) => matchPath({ path: r.path, end: true }, pathname));

/**
 * A remote's exposed routes module: each manifest path mapped to its page. The manifest is the one list of paths;
 * a page without a manifest entry (or the reverse) is a programming error caught by the remote's manifest test.
 */
export function remoteRoutes(manifest: RouteManifest, pages: Record<string, Page>): RemoteRoutesComponent {
  function RemoteRoutes() {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          {manifest.routes.map((r) => {
            const Page = pages[r.path];
            return Page ? <Route key={r.path} path={r.path.slice(1)} element={<Page />} /> : null;
          })}
        </Routes>
      </Suspense>
    );
  }
  /** Starts downloading the page that answers `pathname` (the shell calls it for a signed-in page it is about to show). */
  const preload = async (pathname: string): Promise<unknown> => {
    const route = findRoute(manifest, pathname);
    return route ? pages[route.path]?.preload?.() : undefined;
  };
  return Object.assign(RemoteRoutes, { preload });
}
