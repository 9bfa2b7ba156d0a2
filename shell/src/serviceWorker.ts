/**
 * Registers the portal's service worker (shell/public/sw.js, served by the API at /sw.js with its precache list), so a
 * second visit starts without the network. Production builds only: the dev server rebuilds the files it would keep.
 * Registered after the page has loaded, so precaching never competes with the first screen for bandwidth.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
