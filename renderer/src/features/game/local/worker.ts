import type { LocalGameCommand } from './runner';

/** The page's side of the local-game worker: commands go in, the game's messages come out. */
export interface LocalGameWorker {
  postMessage(command: LocalGameCommand): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

let worker: LocalGameWorker | null = null;

/**
 * The tab's one local-game worker, started on first need and kept: once its script has loaded,
 * practice starts and restarts with no request at all, even after the network has gone (the /games
 * page starts it early for that reason). An idle worker holds no timers. See docs/design.md,
 * "Offline practice".
 */
export function localGameWorker(): LocalGameWorker {
  worker ??= new Worker(new URL('./local-game.worker.ts', import.meta.url), {
    type: 'module',
    name: 'spar-practice',
  });
  return worker;
}
