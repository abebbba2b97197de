import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints of the embedded SQLite file, run on a thread of their own. See
 * docs/design.md, "Game storage".
 *
 * SQLite in WAL mode appends each commit to `spar.db-wal` and, by default, the commit that takes
 * the log past 1000 pages also copies the log back into the database file and syncs both to disk
 * (a checkpoint). That commit then takes milliseconds instead of tens of microseconds, and on our
 * one event loop every move waits behind it. Here the server's own connection never checkpoints
 * (`wal_autocheckpoint = 0`); a worker thread with a second connection runs a PASSIVE checkpoint
 * every CHECKPOINT_INTERVAL_MS, which copies what it can without blocking the writer. Once the log
 * has been copied in full, the next commit starts it again from the beginning, so it stays small.
 *
 * Should the worker fail, the server's connection checkpoints by itself again, as before.
 */

/** How often the worker checkpoints. A busy server writes a few hundred log pages in this time. */
export const CHECKPOINT_INTERVAL_MS = 200;

/** The pages after which SQLite checkpoints inline (its default), used again if the worker fails. */
export const INLINE_CHECKPOINT_PAGES = 1000;

// Runs in the worker (CommonJS, given as source so the bundled server and the tests share it).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'now') return parentPort.postMessage({ checkpointed: checkpoint()[0] });
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

/** What the checkpointer needs of the server's connection: its pragmas. */
export interface PragmaTarget {
  pragma(source: string): unknown;
}

export interface Checkpointer {
  /** The worker thread (tests stop it to see the server's connection take checkpoints back). */
  readonly worker: Worker;
  /** Runs one checkpoint at once and resolves with its result (tests). */
  now(): Promise<{ busy: number; log: number; checkpointed: number }>;
  /** Stops the worker and closes its connection. */
  close(): Promise<void>;
}

/**
 * Starts checkpointing `file` in a worker; resolves once its connection is open, or with nothing
 * (after `onFailure`) when the worker could not start, leaving checkpoints inline.
 */
export async function startCheckpointer(
  file: string,
  connection: PragmaTarget,
  onFailure: (error: Error) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): Promise<Checkpointer | undefined> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  let closing = false;
  let gone = false;
  const failed = (error: Error) => {
    // A crash is reported twice ('error', then 'exit'); a close is not a failure.
    if (gone || closing) return;
    gone = true;
    // Nobody checkpoints now: the server's connection takes it back rather than let the log grow.
    connection.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
    onFailure(error);
  };
  let stopListening = () => {};
  const started = new Promise<void>((resolve, reject) => {
    const ready = () => resolve();
    const failedEarly = (error: Error) => reject(error);
    const exited = (code: number) => reject(new Error(`the checkpoint worker exited with code ${code}`));
    worker.once('message', ready).once('error', failedEarly).once('exit', exited);
    // Only these three: the Worker's own listeners keep its messages flowing.
    stopListening = () => worker.off('message', ready).off('error', failedEarly).off('exit', exited);
  });
  try {
    await started;
    stopListening();
  } catch (error) {
    stopListening();
    await worker.terminate();
    onFailure(error as Error);
    return undefined;
  }
  connection.pragma('wal_autocheckpoint = 0');
  worker.on('error', failed);
  worker.on('exit', (code) => failed(new Error(`the checkpoint worker exited with code ${code}`)));
  worker.unref();
  return {
    worker,
    now: () =>
      new Promise((resolve) => {
        worker.ref();
        worker.once(
          'message',
          (answer: { checkpointed: { busy: number; log: number; checkpointed: number } }) => {
            worker.unref();
            resolve(answer.checkpointed);
          },
        );
        worker.postMessage('now');
      }),
    async close() {
      closing = true;
      if (gone) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Kept unreferenced so it never holds a process open; while being waited for, it must.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
