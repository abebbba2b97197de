import { platform, type Platform } from '../../platform';

/**
 * Registers the service worker once the page has loaded, so its precache never competes with the
 * first screen for the network. Only this check is in the first download: Workbox's window
 * library and the update handling load afterwards. Not in the desktop and mobile shells, which
 * ship their own assets, nor in the Vite dev server. See docs/design.md, "Renderer: installable
 * app (PWA)".
 */
export function registerServiceWorkerAfterLoad(
  target: Pick<Platform, 'isNative'> = platform,
  production: boolean = import.meta.env.PROD,
): boolean {
  if (target.isNative || !production || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return false;
  const start = () =>
    void import('./service-worker')
      .then(({ startServiceWorker }) => startServiceWorker())
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return true;
}
