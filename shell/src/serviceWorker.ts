import type { Role } from '@portal/contracts';

/**
 * Registers the portal's service worker (shell/public/sw.js, served by the API at /sw.js with its precache lists), so a
 * second visit starts without the network. Production builds only: the dev server rebuilds the files it would keep.
 * Registered after the page has loaded, so precaching never competes with the first screen for bandwidth.
 *
 * `roleOf` answers who is signed in now (undefined while a session is being restored): the worker keeps that role's
 * remotes only (a student's browser never downloads the admin's code), and drops them at sign-out. It is told whenever
 * that changes: `subscribe` calls back on every change of the page's state.
 */
export function registerServiceWorker(
  roleOf: () => Role | null | undefined,
  subscribe: (listener: () => void) => void,
): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    let told: Role | null | undefined;
    const tell = () => {
      const role = roleOf();
      // Still restoring a session: nobody to name yet, and nothing to drop.
      if (role === undefined || role === told) return;
      told = role;
      void navigator.serviceWorker.ready.then((registration) =>
        registration.active?.postMessage({ type: 'role', role }),
      );
    };
    tell();
    subscribe(tell);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
