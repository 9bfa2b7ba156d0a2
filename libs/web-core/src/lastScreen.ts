import { isOffline, SCREEN_KEY, tokenClaims } from './offline';
import { dropPrerendered, PRERENDERED_ID } from './prerender';

/**
 * A returning visit to the installed portal (its service worker in charge) starts with the screen the person last
 * saw on this device, drawn by index.html before the app's code has run (tools/perf/prerender.mjs reads it): inert, a
 * picture of the page, until the app has drawn that page afresh (bench/page-load.mjs, worker). It is kept as the
 * offline answers are — for the token's account alone, never past the token's expiry, wiped at sign-out and at any
 * session end (offline.ts's wipeKept) — and only for the signed-in area's pages.
 */
export interface LastScreen {
  userId: string;
  path: string;
  dark: boolean;
  language: string;
  /** The window's width: a phone turned sideways (or a resized window) lays the page out otherwise. */
  width: number;
  /** The page's style sheets and the styles the app wrote at run time (antd's theme variables among them). */
  head: string;
  html: string;
}

/** The drawing must stay small beside the offline answers in the site's ~5 MB of localStorage. */
const MAX_CHARS = 400_000;
/** The app gives up waiting for its page to be drawn after this long (and shows what it has). */
const WAIT_MS = 10_000;
const CHECK_EVERY_MS = 100;
/** Pages of the signed-out area (and the start page, which only redirects): never kept. */
const SIGNED_OUT = new Set([
  '/',
  '/login',
  '/signup',
  '/admin/login',
  '/admin/signup',
  '/reset-password',
  '/absence-answer',
]);
/** What a picture of the page must not carry: anything that runs or plays, and what was typed. */
const DROPPED = 'script, canvas, iframe, object, embed, video, audio, noscript, template';
/** index.html marks the page when it drew the last screen. */
export const REDRAWN_CLASS = 'redrawn';

/**
 * Keeps a picture of the page now shown, for the next visit: once each page is drawn, and when the page is hidden or
 * left. Nothing is kept outside the installed portal, offline, or while a drawing still covers the page.
 */
export function keepScreen(token: string | null, language: string): void {
  if (typeof document === 'undefined' || !navigator.serviceWorker?.controller) return;
  const claims = tokenClaims(token);
  const root = document.getElementById('root');
  const path = location.pathname;
  if (!claims || claims.expired || !root || SIGNED_OUT.has(path) || isOffline()) return;
  if (document.getElementById(PRERENDERED_ID)) return;
  const page = root.cloneNode(true) as HTMLElement;
  page.querySelectorAll(DROPPED).forEach((e) => e.remove());
  // Ids would be doubled beside the app's own page while both are there; fields keep no value.
  page.querySelectorAll('[id]').forEach((e) => e.removeAttribute('id'));
  page.querySelectorAll('[for]').forEach((e) => e.removeAttribute('for'));
  page.querySelectorAll('input').forEach((e) => e.removeAttribute('value'));
  page.querySelectorAll('textarea').forEach((e) => (e.textContent = ''));
  // The style sheets, and what antd and React wrote at run time (index.html's own styles are there anyway).
  const head = [
    ...document.head.querySelectorAll('link[rel="stylesheet"], style[data-rc-order], style[data-precedence]'),
  ]
    .map((e) => e.outerHTML)
    .join('');
  const screen: LastScreen = {
    userId: claims.sub,
    path,
    dark: localStorage.getItem('darkMode') === 'true',
    language,
    width: window.innerWidth,
    head,
    html: page.innerHTML,
  };
  const json = JSON.stringify(screen);
  try {
    if (json.length > MAX_CHARS) localStorage.removeItem(SCREEN_KEY);
    else localStorage.setItem(SCREEN_KEY, json);
  } catch {
    localStorage.removeItem(SCREEN_KEY); // a full store keeps no stale picture
  }
}

/** Whether index.html drew the last screen for this visit (until the app's page takes its place). */
export const drewLastScreen = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.classList.contains(REDRAWN_CLASS);

/**
 * Calls `then(true)` once the app has drawn its page (a heading, and no skeleton or spinner left, seen twice in a row:
 * a page between two reads is not drawn yet), or `then(false)` after WAIT_MS whatever it shows; returns a function
 * that stops waiting.
 */
function whenDrawn(then: (drawn: boolean) => void): () => void {
  let seen = 0;
  const stop = () => {
    clearInterval(check);
    clearTimeout(cap);
  };
  const check = setInterval(() => {
    const root = document.getElementById('root');
    const drawn = !!root?.querySelector('h1') && !root.querySelector('.ant-skeleton, .ant-spin-spinning, .portal-spin');
    seen = drawn ? seen + 1 : 0;
    if (seen < 2) return;
    stop();
    then(true);
  }, CHECK_EVERY_MS);
  const cap = setTimeout(() => {
    stop();
    then(false);
  }, WAIT_MS);
  return stop;
}

let current: { token: () => string | null; language: () => string } | null = null;
const keepNow = () => current && keepScreen(current.token(), current.language());
/** In a moment the page is not busy (a phone's main thread is the scarce thing). */
const keepSoon = () =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(keepNow, { timeout: 2000 }) : setTimeout(keepNow, 0);

/**
 * A page other than the sign-in page is shown: index.html's drawing of the last screen (if any) gives way once the
 * app has drawn the page, which is then kept for the next visit; returns a function that stops waiting (page left).
 */
export function pageShown(): () => void {
  const redrawn = drewLastScreen();
  if (!redrawn) dropPrerendered();
  return whenDrawn((drawn) => {
    if (redrawn) {
      dropPrerendered();
      document.documentElement.classList.remove(REDRAWN_CLASS);
    }
    if (drawn) keepSoon();
  });
}

/**
 * The screen is kept once each page is drawn and again whenever the page is hidden or left (a phone gives a page no
 * later moment); `token` and `language` are read each time.
 */
export function trackLastScreen(token: () => string | null, language: () => string): void {
  if (typeof window === 'undefined') return;
  current = { token, language };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keepNow();
  });
  window.addEventListener('pagehide', keepNow);
}
