import { useSyncExternalStore } from 'react';
import { nowMs } from './dates';

/**
 * The pages a person last saw, kept on this device for them alone: reopened without a network, the installed portal
 * shows those pages (read-only, with an "Offline" banner) instead of the sign-in page. What is kept is the app's copy
 * of its own GET answers (the API's stay `no-store`), stored under the account its token names, and wiped at
 * sign-out and at any session end: family phones are shared.
 */
const KEPT_KEY = 'portal.kept';
/** The last screen's drawing (lastScreen.ts): kept and wiped with the answers. */
export const SCREEN_KEY = 'portal.screen';
/** localStorage holds about 5 MB per site (UTF-16 in some browsers): the oldest answers go past this many characters. */
const MAX_CHARS = 1_500_000;
const SAVE_DELAY_MS = 1000;
/** While offline, how often the server is asked whether it can be reached again, and how long each ask may take. */
const PROBE_EVERY_MS = 10_000;
const PROBE_TIMEOUT_MS = 5000;

interface Kept {
  userId: string;
  answers: Record<string, { at: number; data: unknown }>;
}

let kept: Kept | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** The account a token was issued to, and whether it has expired; read, not checked: the server checks every call. */
export function tokenClaims(token: string | null): { sub: string; expired: boolean } | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== 'string') return null;
    return { sub: claims.sub, expired: typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs() };
  } catch {
    return null;
  }
}

/** The kept answers of the token's account; another account's, or an expired session's, are wiped first. */
function keptFor(token: string | null): Kept | null {
  const claims = tokenClaims(token);
  if (!claims || claims.expired) {
    wipeKept();
    return null;
  }
  if (kept?.userId === claims.sub) return kept;
  let stored: Kept | null;
  try {
    stored = JSON.parse(localStorage.getItem(KEPT_KEY) ?? 'null') as Kept | null;
  } catch {
    stored = null;
  }
  if (stored && stored.userId !== claims.sub) wipeKept();
  kept = stored?.userId === claims.sub && stored.answers ? stored : { userId: claims.sub, answers: {} };
  return kept;
}

function save(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!kept) return;
  const answers = Object.entries(kept.answers).sort(([, a], [, b]) => b.at - a.at);
  // The newest answers that fit; a quota error (a full or private store) keeps fewer, then none.
  for (let keep = answers.length; keep >= 0; keep = keep > 1 ? Math.floor(keep / 2) : keep - 1) {
    const json = JSON.stringify({ userId: kept.userId, answers: Object.fromEntries(answers.slice(0, keep)) });
    if (json.length > MAX_CHARS && keep > 0) continue;
    try {
      localStorage.setItem(KEPT_KEY, json);
      return;
    } catch {
      /* too big for what is left of the store: try fewer */
    }
  }
}

/** The key of a request's kept answer: its path and parameters. */
export const requestKey = (args: string | { url: string; params?: unknown }): string =>
  typeof args === 'string' ? args : JSON.stringify([args.url, args.params ?? null]);

/** A GET answer the signed-in person was shown, kept for them (saved a moment later, with the others of that moment). */
export function keepAnswer(token: string | null, key: string, data: unknown): void {
  const k = keptFor(token);
  if (!k) return;
  k.answers[key] = { at: nowMs(), data };
  saveTimer ??= setTimeout(save, SAVE_DELAY_MS);
}

/** The answer kept for this account and request, if any. */
export function keptAnswer(token: string | null, key: string): { data: unknown } | undefined {
  const hit = keptFor(token)?.answers[key];
  return hit && { data: hit.data };
}

/** Forgets every kept answer and the last screen, in memory and on the device: sign-out and every session end. */
export function wipeKept(): void {
  kept = null;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = undefined;
  try {
    localStorage.removeItem(KEPT_KEY);
    localStorage.removeItem(SCREEN_KEY);
  } catch {
    /* nothing stored */
  }
}

// Offline: the network is gone (the browser says so) or the server did not answer. Module state, as the socket's is:
// the API's base query reads it on every call.
let offline = false;
const listeners = new Set<() => void>();
let backOnline: () => void = () => undefined;
let probeTimer: ReturnType<typeof setInterval> | undefined;

export const isOffline = (): boolean => offline;

function setOffline(value: boolean): void {
  if (offline === value) return;
  offline = value;
  if (value) probeTimer ??= setInterval(() => void probe(), PROBE_EVERY_MS);
  else {
    clearInterval(probeTimer);
    probeTimer = undefined;
  }
  listeners.forEach((l) => l());
  if (!value) backOnline();
}

/** A call could not reach the server: the page works offline from here until the server answers again. */
export const wentOffline = (): void => setOffline(true);

/** Asks the server whether it can be reached; back online when it answers. */
async function probe(): Promise<void> {
  try {
    const res = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    if (res.ok) setOffline(false);
  } catch {
    /* still offline */
  }
}

/**
 * Follows the browser's connectivity (a page opened without a network starts offline); `onBackOnline` runs when the
 * server can be reached again (the store asks for every shown answer afresh and checks the session).
 */
export function trackConnectivity(onBackOnline: () => void): void {
  if (typeof window === 'undefined') return;
  backOnline = onBackOnline;
  if (tracking) return;
  tracking = true;
  if (navigator.onLine === false) setOffline(true);
  window.addEventListener('offline', () => setOffline(true));
  // A page left (reloaded, closed) within the save delay still keeps what it was shown.
  window.addEventListener('pagehide', save);
  window.addEventListener('online', () => void probe());
}
let tracking = false;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the page is offline (re-renders when that changes). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, isOffline);
}
