import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '@portal/contracts';
import {
  findRoute,
  getToken,
  matchPath,
  startEarlyReads,
  type RemotesJson,
  type RemoteRoutesComponent,
  type RouteEntry,
  type RouteManifest,
} from '@portal/web-core';
import { checkRemote } from './compat';

let entries: Record<string, string> = {};
let inlined: Record<string, RouteManifest> = {};

/**
 * Reads where each remote lives and its route manifest (/remotes.json, served with the page), so a remote can be
 * redeployed without rebuilding the shell.
 */
export async function registerRuntimeRemotes(): Promise<void> {
  let remotes: RemotesJson = {};
  // index.html asks for it before the app's code arrives (one round trip less before the first screen); taken once.
  const early = (window as { __remotesJson?: Promise<Response> }).__remotesJson;
  delete (window as { __remotesJson?: Promise<Response> }).__remotesJson;
  try {
    const res = await (early ?? fetch('/remotes.json', { cache: 'no-cache' }));
    if (!res.ok) throw new Error(`remotes.json: ${res.status}`);
    remotes = await res.json();
  } catch (e) {
    console.error('Could not read the remotes manifest', e);
  }
  entries = Object.fromEntries(Object.entries(remotes).map(([name, r]) => [name, r.entry]));
  inlined = Object.fromEntries(Object.entries(remotes).flatMap(([name, r]) => (r.routes ? [[name, r.routes]] : [])));
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

export interface Manifests {
  manifests: RouteManifest[];
  /** Remotes whose route manifest could not be read (their paths are unknown until Try Again). */
  failed: string[];
}

let manifestsPromise: Promise<Manifests> | null = null;

/**
 * Every remote's route manifest (paths, titles, menu entries, roles; no code). The API puts those of the remotes it
 * serves into /remotes.json; a remote served from elsewhere has its own beside its remoteEntry.js, read once after
 * sign-in. The menu and the choice of remote for a path come from these alone.
 */
export function loadManifests(): Promise<Manifests> {
  manifestsPromise ??= Promise.all(
    Object.entries(entries).map(async ([name, entry]) => {
      if (inlined[name]) return { name, manifest: inlined[name] };
      try {
        const res = await fetch(new URL('route-manifest.json', new URL(entry, location.href)), { cache: 'no-cache' });
        if (!res.ok) throw new Error(`${name} route manifest: ${res.status}`);
        return { name, manifest: (await res.json()) as RouteManifest };
      } catch (e) {
        console.error(e);
        return { name, manifest: null };
      }
    }),
  ).then((all) => ({
    manifests: all.flatMap((m) => (m.manifest ? [m.manifest] : [])),
    failed: all.filter((m) => !m.manifest).map((m) => m.name),
  }));
  return manifestsPromise;
}

/** Forget the manifests so that Try Again reads them afresh. */
export function resetManifests(): void {
  manifestsPromise = null;
}

export type PathAnswer =
  | { kind: 'remote'; remote: string; route: RouteEntry }
  | { kind: 'refused'; route: RouteEntry; manifest: RouteManifest }
  | { kind: 'unknown' };

/** Which remote answers a path for a role; a path that only other roles may open is refused; anything else is unknown. */
export function resolvePath({ manifests }: Manifests, pathname: string, role: Role): PathAnswer {
  for (const manifest of manifests) {
    const route = manifest.routes.find(
      (r) => r.roles.includes(role) && matchPath({ path: r.path, end: true }, pathname),
    );
    if (route) return { kind: 'remote', remote: manifest.remote, route };
  }
  const matches = manifests.flatMap((manifest) => {
    const route = findRoute(manifest, pathname);
    return route ? [{ manifest, route }] : [];
  });
  // An entry's own refusal text wins over its manifest's (e.g. /attendance: the mentor's text, not the admin's).
  const refusal = matches.find((m) => m.route.refusal) ?? matches[0];
  return refusal ? { kind: 'refused', ...refusal } : { kind: 'unknown' };
}

/** The menu of a role: every manifest's menu entries for it, in order. */
export function menuOf({ manifests }: Manifests, role: Role): { path: string; label: string; icon: string }[] {
  return manifests
    .flatMap((m) => m.routes)
    .filter((r) => r.menu && (r.menu.roles ?? r.roles).includes(role))
    .sort((a, b) => a.menu!.order - b.menu!.order)
    .map((r) => ({ path: r.path.replace(/\/:[^/]+\?$/, ''), label: r.menu!.label, icon: r.menu!.icon }));
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
const loading = new Map<string, Promise<{ default: RemoteRoutesComponent }>>();

/** Downloads a remote's route module once; a failure is forgotten, so the next call (Try Again) starts afresh. */
function loadRoutes(name: string): Promise<{ default: RemoteRoutesComponent }> {
  let promise = loading.get(name);
  if (!promise) {
    // Its version.json first: a remote built for other contracts or singletons is refused before any of its code runs.
    promise = checkRemote(name, entries[name] ?? '')
      .then(() => loadRemote<{ default: RemoteRoutesComponent }>(`${name}/routes`))
      .then((mod) => {
        if (!mod?.default) throw new Error(`Remote ${name} did not provide its routes`);
        return mod;
      });
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

/** The remote's route module, loaded only when first rendered (a mentee never downloads mfe-admin). */
export function remoteRoutes(name: string): LazyExoticComponent<ComponentType> {
  let component = cache.get(name);
  if (!component) {
    component = lazy(() => loadRoutes(name));
    cache.set(name, component);
  }
  return component;
}

/**
 * Starts downloading the remote that serves `pathname` for `role` before it is rendered (the layout it sits in is
 * downloaded at the same time, instead of first), with the page's first reads, then the page itself (e.g. the role's
 * dashboard, which its routes module would import only when rendered). Errors are left to the render, which shows them.
 */
export function preloadRemoteFor(pathname: string, role: Role): void {
  loadManifests()
    .then(async (manifests) => {
      const answer = resolvePath(manifests, pathname, role);
      if (answer.kind !== 'remote') return;
      // The page's first reads start now too: its answers are then in before its code has run.
      const token = getToken();
      if (answer.route.reads && token) startEarlyReads(answer.route.reads, token);
      const routes = await loadRoutes(answer.remote);
      await routes.default.preload?.(pathname);
    })
    .catch(() => undefined);
}

let following: Promise<void> | null = null;

/**
 * An open tab follows a switch made with `npm run remotes` (README, "Deploying one remote"): at each navigation the
 * registry is read again, and when the area being entered is now served from another entry, the page starts afresh at
 * `to`. A federation container cannot be unloaded, so the new build never runs beside the old one's code and shared
 * modules; the leave blocker has already asked about anything unsaved. Failures (offline, slow) keep the tab as it is.
 */
export function followRegistry(remote: string, to: string): Promise<void> {
  following ??= fetch('/remotes.json', { cache: 'no-cache', signal: AbortSignal.timeout(10_000) })
    .then(async (res) => {
      if (!res.ok) return;
      const entry = ((await res.json()) as RemotesJson)[remote]?.entry;
      if (!entry || !entries[remote] || entry === entries[remote]) return;
      console.warn(`Remote ${remote} moved from ${entries[remote]} to ${entry}: reloading`);
      location.assign(to);
    })
    .catch(() => undefined)
    .finally(() => {
      following = null;
    });
  return following;
}

/** Forget a failed remote so that Try Again fetches it afresh. */
export function resetRemote(name: string): void {
  cache.delete(name);
  loading.delete(name);
  const entry = entries[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
