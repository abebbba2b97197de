import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The embedded SQLite file's writer thread: the game store's group commit writes its batches of
 * plain moves here, on a second connection to the same file, so a write that blocks in the
 * kernel (ext4 committing its journal under a pwrite to the log) holds up this thread and not
 * the event loop every room runs on. See docs/design.md, "Game storage" ("The writer thread").
 *
 * A batch is a list of steps; a step is a list of statements whose first is guarded: when it
 * changes no row the step is refused (a stale seq) and the rest of the step is not run. The
 * whole batch is one `begin immediate` … `commit`; a batch resolves only after its commit, so the
 * store still announces nothing before it is stored. Should the thread fail, every batch in
 * flight rejects and `alive` turns false: the store then writes on the server's own connection
 * again, as it does with SQLITE_WRITER=inline.
 */

/** One statement: SQL text with a `?` for each parameter, and the parameters in order. */
export type WriterStatement = readonly [sql: string, parameters: readonly unknown[]];

/** One step: its guarded statement first, then the rest. */
export type WriterStep = readonly [WriterStatement, ...WriterStatement[]];

/** How long the writer's connection waits for the file's write lock (on its own thread). */
export const WRITER_BUSY_TIMEOUT_MS = 5000;

// Runs in the worker (CommonJS, given as source so the bundled server and the tests share it,
// like db/checkpointer.ts). Connection settings are per connection: the same as the server's.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('foreign_keys = ON');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
db.pragma('wal_autocheckpoint = ' + workerData.autocheckpoint);
const statements = new Map();
function prepare(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 1000) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
function failure(id, error) {
  if (db.inTransaction) prepare('rollback').run();
  parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
}
function commit(id, outcomes) {
  try {
    prepare('commit').run();
  } catch (error) {
    return failure(id, error);
  }
  parentPort.postMessage({ id, committed: outcomes });
}
parentPort.on('message', (message) => {
  if (message.type === 'batch') {
    let outcomes;
    try {
      prepare('begin immediate').run();
      outcomes = message.steps.map(([guarded, ...rest]) => {
        if (prepare(guarded[0]).run(...guarded[1]).changes !== 1) return false;
        for (const [sql, parameters] of rest) prepare(sql).run(...parameters);
        return true;
      });
    } catch (error) {
      return failure(message.id, error);
    }
    if (message.hold) return parentPort.postMessage({ id: message.id, written: outcomes });
    return commit(message.id, outcomes);
  }
  if (message.type === 'commit') return commit(message.id, message.outcomes);
  if (message.type === 'rollback') {
    if (db.inTransaction) prepare('rollback').run();
    return parentPort.postMessage({ id: message.id, rolledBack: true });
  }
  if (message.type === 'pragma') return db.pragma(message.source);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

type Answer =
  | { id: number; committed: boolean[] }
  | { id: number; written: boolean[] }
  | { id: number; rolledBack: true }
  | { id: number; error: { message: string; code?: string } };

interface Pending {
  answer(message: Answer): void;
  fail(error: Error): void;
}

/**
 * The thread failed with a batch in flight: whether that batch committed is not known (the
 * thread may have died after its commit and before its answer).
 */
export class WriterStopped extends Error {}

/** A write the writer's connection refused (a database error), with SQLite's code. */
export class WriterError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface SqliteWriter {
  /** The thread (tests stop it to see a failure handled). */
  readonly worker: Worker;
  /** False once the thread failed: nothing is sent to it any more. */
  readonly alive: boolean;
  /**
   * Writes `steps` in one transaction and resolves once it committed, with each step's outcome
   * (false: its guarded statement changed nothing, so the step was refused and wrote nothing).
   * `beforeCommit` runs after the writes, with the transaction open (the crash test holds it).
   * Rejects with WriterError when the transaction failed (rolled back), with WriterStopped when
   * the thread did.
   */
  write(steps: readonly WriterStep[], beforeCommit?: () => Promise<void>): Promise<boolean[]>;
  /** Sets a pragma on the writer's connection (the checkpoint fallback, db/checkpointer.ts). */
  pragma(source: string): void;
  /** Stops the thread and closes its connection (after the batches in flight). */
  close(): Promise<void>;
}

/**
 * Starts the writer thread on `file`; resolves once its connection is open, or with nothing
 * (after `onFailure`) when it could not start, leaving writes on the server's connection.
 * `onFailure` also hears of a failure later on; batches in flight then reject.
 */
export async function startWriter(
  file: string,
  onFailure: (error: Error) => void,
  options: { autocheckpoint: number; busyTimeoutMs?: number },
): Promise<SqliteWriter | undefined> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver,
      file,
      busyTimeoutMs: options.busyTimeoutMs ?? WRITER_BUSY_TIMEOUT_MS,
      autocheckpoint: options.autocheckpoint,
    },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let alive = true;
  let closing = false;

  let stopListening = () => {};
  const started = new Promise<void>((resolve, reject) => {
    const ready = () => resolve();
    const exited = (code: number) => reject(new Error(`the SQLite writer thread exited with code ${code}`));
    worker.once('message', ready).once('error', reject).once('exit', exited);
    // Only these three: the Worker's own listeners keep its messages flowing.
    stopListening = () => worker.off('message', ready).off('error', reject).off('exit', exited);
  });
  try {
    await started;
    stopListening();
  } catch (error) {
    stopListening();
    alive = false;
    await worker.terminate();
    onFailure(error as Error);
    return undefined;
  }

  // Settles (rejects) when the thread fails: a batch held open between its writes and its
  // commit has no request in flight, and must not wait for ever.
  let stop: (error: Error) => void = () => {};
  const stoppedEarly = new Promise<never>((_resolve, reject) => (stop = reject));
  stoppedEarly.catch(() => {});
  const failed = (error: Error) => {
    // A crash is reported twice ('error', then 'exit').
    if (!alive) return;
    alive = false;
    const inFlight = [...pending.values()];
    pending.clear();
    const stopped = new WriterStopped(`the SQLite writer thread failed: ${error.message}`, {
      cause: error,
    });
    for (const request of inFlight) request.fail(stopped);
    stop(stopped);
    if (!closing) onFailure(error);
  };
  worker.on('error', failed);
  worker.on('exit', (code) => failed(new Error(`the SQLite writer thread exited with code ${code}`)));
  worker.on('message', (message: Answer) => {
    const request = pending.get(message.id);
    if (!request) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    request.answer(message);
  });
  // Idle, it must not hold the process open; while a batch is in flight, it must.
  worker.unref();

  /** Sends a request and resolves with its answer; rejects when the thread has failed. */
  const ask = (message: Record<string, unknown>): Promise<Answer> =>
    new Promise((resolve, reject) => {
      if (!alive) return reject(new WriterStopped('the SQLite writer thread has stopped'));
      const id = nextId++;
      pending.set(id, { answer: resolve, fail: reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...message, id });
    });

  const outcomes = (answer: Answer): boolean[] => {
    if ('error' in answer) throw new WriterError(answer.error.message, answer.error.code);
    if ('committed' in answer) return answer.committed;
    if ('written' in answer) return answer.written;
    throw new Error('the SQLite writer thread answered out of turn');
  };

  return {
    worker,
    get alive() {
      return alive;
    },
    async write(steps, beforeCommit) {
      if (!beforeCommit) return outcomes(await ask({ type: 'batch', steps }));
      const written = outcomes(await ask({ type: 'batch', steps, hold: true }));
      try {
        await Promise.race([beforeCommit(), stoppedEarly]);
      } catch (error) {
        if (alive) await ask({ type: 'rollback' });
        throw error;
      }
      return outcomes(await ask({ type: 'commit', outcomes: written }));
    },
    pragma(source) {
      if (alive) worker.postMessage({ type: 'pragma', source });
    },
    async close() {
      if (!alive) return;
      closing = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.ref();
      // Messages are handled in order: every batch sent before this one is answered first.
      worker.postMessage({ type: 'close' });
      await exited;
    },
  };
}
