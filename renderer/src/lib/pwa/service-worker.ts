import { Workbox } from 'workbox-window';
import { announceUpdate } from './update';

/** Where the build puts the worker (vite-plugin-pwa, pwa.config.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker and watches for a new version: a worker installed from a newer build waits
 * (the config never skips waiting by itself) until the player chooses Reload, which tells it to
 * take over and reloads the page once it controls it. A worker already waiting from an earlier
 * visit is announced the same way.
 */
export function startServiceWorker(
  workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' }),
  container: Pick<ServiceWorkerContainer, 'addEventListener'> = navigator.serviceWorker,
): Workbox {
  workbox.addEventListener('waiting', () =>
    announceUpdate({
      apply: () => {
        // The page's own controllerchange, not Workbox's 'controlling': that one is not sent for
        // a worker that was already waiting when this page registered.
        container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        workbox.messageSkipWaiting();
      },
    }),
  );
  void workbox.register();
  return workbox;
}
