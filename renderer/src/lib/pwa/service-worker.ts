import { Workbox } from 'workbox-window';
import { announceUpdate } from './update';

/** Where the build puts the worker (vite-plugin-pwa, pwa.config.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open page asks for a newer build: a tab may stay open at the table for hours. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the worker and watches for a new version: a worker installed from a newer build waits
 * (the config never skips waiting by itself) until the player chooses Reload, which tells it to
 * take over and reloads the page once it controls it. A worker already waiting from an earlier
 * visit is announced the same way. See docs/design.md, "Renderer: installable app (PWA)".
 */
export function startServiceWorker(
  workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' }),
  container: Pick<ServiceWorkerContainer, 'addEventListener'> = navigator.serviceWorker,
  checkEveryMs = UPDATE_CHECK_MS,
): Workbox {
  const registered = workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
    return undefined;
  });
  let following = false;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  workbox.addEventListener('waiting', () => {
    // Once a newer worker waits, whichever tab's Reload lets it take over, every tab follows it:
    // the old build's files leave the precache when it activates, so a page left on the old build
    // would fail to load its next screen. The page's own controllerchange, not Workbox's
    // 'controlling', which is not sent for a worker that was already waiting at registration.
    if (!following) container.addEventListener('controllerchange', reloadOnce, { once: true });
    following = true;
    announceUpdate({
      apply: () => {
        void registered.then((registration) => {
          const waiting = registration?.waiting;
          // Another tab may already have handed over to it: nothing waits, so reload at once.
          if (!waiting) return reloadOnce();
          // The worker reaching "activated" is the other sign it took over: a page whose
          // controllerchange never comes (a busy browser, a page it did not control) still goes.
          waiting.addEventListener('statechange', () => {
            if (waiting.state === 'activated') reloadOnce();
          });
          workbox.messageSkipWaiting();
        });
      },
    });
  });
  setInterval(() => void workbox.update().catch(() => undefined), checkEveryMs);
  return workbox;
}
