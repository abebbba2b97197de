import { setTimeout as sleep } from 'node:timers/promises';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Kysely on the embedded SQLite file without a synchronous wait for its write lock. See
 * docs/design.md, "Game storage" ("The writer thread").
 *
 * With the writer thread (db/writer.ts) a second connection writes to the file, and while it holds
 * the write lock a write on the server's connection cannot take it. SQLite's busy_timeout would
 * wait for it synchronously, inside the statement — on the event loop, every room stalled behind
 * it. So the server's connection runs with busy_timeout = 0 and this driver retries a statement
 * that answered SQLITE_BUSY after a timer, leaving the event loop free meanwhile:
 *
 * - a transaction begins with `begin immediate`, taking the write lock up front, so the one
 *   statement that can be busy is its `begin` (never a write half-way through, which a deferred
 *   transaction that read first would have to restart whole);
 * - a statement outside a transaction is busy before it changed anything, so it runs again as is;
 * - readers never wait on a writer in WAL mode.
 */

/** How long a statement keeps retrying a busy file before its error stands (as busy_timeout did). */
export const BUSY_RETRY_LIMIT_MS = 5000;

/** The longest pause between two tries. */
const BUSY_RETRY_MAX_DELAY_MS = 8;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `attempt` again after a short timer while it fails with SQLITE_BUSY and `retryable` says
 * the failure changed nothing, for up to `limitMs`.
 */
export async function retryWhileBusy<T>(
  attempt: () => Promise<T>,
  retryable: () => boolean,
  limitMs = BUSY_RETRY_LIMIT_MS,
): Promise<T> {
  const start = performance.now();
  let delay = 1;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || !retryable() || performance.now() - start >= limitMs) throw error;
      await sleep(delay);
      delay = Math.min(delay * 2, BUSY_RETRY_MAX_DELAY_MS);
    }
  }
}

/** The dialect's settings: a database handle that says whether a transaction is open on it. */
type Settings = SqliteDialectConfig & { database: { readonly inTransaction: boolean } };

/** SqliteDialect whose statements retry a busy file asynchronously (see above). */
export class NonBlockingSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: Settings) {
    super(settings);
  }

  override createDriver(): Driver {
    return new NonBlockingSqliteDriver(this.settings);
  }
}

class NonBlockingSqliteDriver extends SqliteDriver {
  private readonly wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(private readonly settings: Settings) {
    super(settings);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let retrying = this.wrapped.get(connection);
    if (!retrying) {
      const handle = this.settings.database;
      retrying = {
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
          retryWhileBusy(
            () => connection.executeQuery<R>(query),
            // Busy inside a transaction is a statement of a transaction that holds the lock,
            // which does not happen; its error then stands and the transaction rolls back.
            () => !handle.inTransaction || query.sql === 'begin immediate',
          ),
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      this.wrapped.set(connection, retrying);
    }
    return retrying;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
