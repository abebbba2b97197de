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
export function startServiceWorker(workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' })): Workbox {
  workbox.addEventListener('waiting', () =>
    announceUpdate({
      apply: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    }),
  );
  void workbox.register();
  return workbox;
}
