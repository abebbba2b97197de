/**
 * The Web Worker that plays practice games on this device, off the page's thread: a thin shell
 * around the runner. See docs/design.md, "Offline practice".
 */
import { createRunner, type LocalGameCommand } from './runner';

const run = createRunner({
  post: (message) => postMessage(message),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
});

addEventListener('message', (event: MessageEvent<LocalGameCommand>) => run(event.data));
