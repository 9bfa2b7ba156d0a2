/**
 * The sign-in page drawn at build time (shell/src/prerender.tsx) sits in index.html as `#prerendered`: a visitor sees it
 * while the app's code downloads instead of a blank page (bench/page-load.mjs). It cannot be used (inert, its fields
 * disabled) and hides the app's root until the app takes over: the sign-in page removes it when it mounts, and the
 * app when it shows any other page.
 */
export const PRERENDERED_ID = 'prerendered';

export function dropPrerendered(): void {
  if (typeof document !== 'undefined') document.getElementById(PRERENDERED_ID)?.remove();
}
