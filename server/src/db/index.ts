import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import type { DialectName } from './dialect';
import { INLINE_CHECKPOINT_PAGES, startCheckpointer, type Checkpointer } from './checkpointer';
import { StaticMigrationProvider } from './migrations';
import { CurrentSchemaPostgresDialect } from './introspection';
import { namedStatementPool } from './prepared';
import { NonBlockingSqliteDialect } from './sqlite-driver';
import { startWriter, type SqliteWriter } from './writer';

export type { DialectName } from './dialect';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /**
   * The embedded SQLite file's own handle (absent on PostgreSQL), for the game store's group
   * commit, which writes plain moves without Kysely's per-query overhead. Kysely may have a
   * transaction open on the same handle between two of its awaits: work on the handle either
   * runs while holding Kysely's connection (`kysely.getExecutor().provideConnection()`), or runs
   * begin to commit without yielding and only while `inTransaction` is false.
   */
  sqlite?: SqliteHandle;
  /** SQLite: the worker that checkpoints the write-ahead log (see db/checkpointer.ts). */
  checkpointer?: Checkpointer;
  /**
   * SQLite with SQLITE_WRITER=worker: the thread the game store's group commit writes on (see
   * db/writer.ts). The server's connection then never waits for the write lock synchronously.
   */
  writer?: SqliteWriter;
  close(): Promise<void>;
}

/** Prepared statements on the SQLite handle, cached by SQL text (see withStatementCache). */
export interface SqliteHandle {
  prepare(sql: string): SqliteDatabase.Statement;
  /** Whether a transaction is open on the handle (a failed commit may have rolled it back). */
  readonly inTransaction: boolean;
}

// PostgreSQL returns 64-bit integers (our epoch-ms times and bigserial ids) as strings; every
// value we store fits a JS number exactly, so parse them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Kysely asks for a prepared statement on every query and better-sqlite3 compiles one each time;
 * a game move's small write spends as long compiling as running. Statements are reused by SQL
 * text (bounded). Safe because Kysely only calls all()/run() here; we never stream queries, which
 * would iterate a shared statement.
 */
function withStatementCache(file: SqliteDatabase.Database, max = 1000) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => file.close(),
    get inTransaction() {
      return file.inTransaction;
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= max) cache.clear();
        statement = file.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** SQLite: the checkpoint worker failed and checkpoints run inline again (see db/checkpointer.ts). */
  onCheckpointFailure?: (error: Error) => void;
  /**
   * SQLite: where the game store writes moves: on a thread of its own (`worker`, the default) or
   * on the server's connection (`inline`, the writer before it, kept for comparison). See
   * docs/design.md, "Game storage".
   */
  sqliteWriter?: 'worker' | 'inline';
  /** SQLite: the writer thread failed and moves are written on the server's connection again. */
  onWriterFailure?: (error: Error) => void;
}

/** How long the server's connection waits for the write lock when it is the only writer. */
const INLINE_BUSY_TIMEOUT_MS = 5000;

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file DATA_DIR/spar.db, and migrates. */
export async function openDb(options: DbOptions): Promise<Db> {
  let kysely: Kysely<Database>;
  let dialect: DialectName;
  /** SQLite: the file, its raw connection (pragmas) and the cached handle Kysely runs on. */
  let sqlite:
    { path: string; file: SqliteDatabase.Database; handle: SqliteHandle; worker: boolean } | undefined;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server dropped (PostgreSQL restarted, a failover) is reported here;
    // unheard, the event would end the process. The pool discards that connection and opens a
    // new one for the next query (docs/operations.md, "Running several nodes").
    pool.on('error', () => {});
    kysely = new Kysely<Database>({
      dialect: new CurrentSchemaPostgresDialect({ pool: namedStatementPool(pool) }),
    });
  } else {
    dialect = 'sqlite';
    mkdirSync(options.dataDir, { recursive: true });
    const filePath = path.join(options.dataDir, 'spar.db');
    const file = new SqliteDatabase(filePath);
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    // With the writer thread the server's connection never waits synchronously for the write
    // lock: Kysely retries a busy statement on a timer instead (db/sqlite-driver.ts).
    const worker = (options.sqliteWriter ?? 'worker') === 'worker';
    file.pragma(`busy_timeout = ${worker ? 0 : INLINE_BUSY_TIMEOUT_MS}`);
    file.pragma('synchronous = NORMAL');
    const cached = withStatementCache(file);
    sqlite = { path: filePath, file, handle: cached, worker };
    kysely = new Kysely<Database>({
      dialect: worker
        ? new NonBlockingSqliteDialect({ database: cached })
        : new SqliteDialect({ database: cached }),
    });
  }

  // The migrator's bookkeeping tables go in the current schema, named as such: a database may hold
  // several schemas (tests give each app one), and its tables are listed in that schema alone
  // (db/introspection.ts).
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(kysely)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: kysely,
    provider: new StaticMigrationProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    await kysely.destroy();
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  // After the migrations: the worker's connection must not see a half-made schema.
  let writer: SqliteWriter | undefined;
  const checkpointer =
    sqlite &&
    (await startCheckpointer(sqlite.path, sqlite.file, (error) => {
      // The writer's connection commits most of the log: it takes the checkpoints back too.
      writer?.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
      options.onCheckpointFailure?.(error);
    }));
  if (sqlite?.worker) {
    const file = sqlite.file;
    writer = await startWriter(
      sqlite.path,
      (error) => {
        // The server's connection is the only writer again: the store writes moves on it.
        file.pragma(`busy_timeout = ${INLINE_BUSY_TIMEOUT_MS}`);
        options.onWriterFailure?.(error);
      },
      { autocheckpoint: checkpointer ? 0 : INLINE_CHECKPOINT_PAGES },
    );
  }
  return {
    kysely,
    dialect,
    ...(sqlite && { sqlite: sqlite.handle }),
    ...(checkpointer && { checkpointer }),
    ...(writer && { writer }),
    async close() {
      await writer?.close();
      await checkpointer?.close();
      await kysely.destroy();
    },
  };
}
