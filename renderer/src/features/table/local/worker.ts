import type { LocalGameCommand } from './runner';

/** The page's side of the local-game worker: commands go in, the game's messages come out. */
export interface LocalGameWorker {
  postMessage(command: LocalGameCommand): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** The worker's script failed to load, or it threw: it plays no more (see localGameWorker). */
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'error', listener: (event: Event) => void): void;
}

let worker: LocalGameWorker | null = null;

/**
 * The tab's one local-game worker, started on first need and kept: once its script has loaded,
 * practice starts and restarts with no request at all, even after the network has gone (the /games
 * page starts it early for that reason). An idle worker holds no timers. A worker that fails (its
 * script did not load, or it threw) is ended and forgotten, so the next call starts a fresh one
 * rather than handing out a worker that will never answer. See docs/design.md, "Offline practice".
 */
export function localGameWorker(): LocalGameWorker {
  if (worker) return worker;
  const started = new Worker(new URL('./local-game.worker.ts', import.meta.url), {
    type: 'module',
    name: 'spar-practice',
  });
  const failed = () => {
    started.terminate();
    if (worker === started) worker = null;
  };
  started.addEventListener('error', failed);
  worker = started;
  return started;
}
