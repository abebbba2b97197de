import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { StaticMigrationProvider } from './migrations';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// PostgreSQL returns 64-bit integers (our epoch-ms times and bigserial ids) as strings; every
// value we store fits a JS number exactly, so parse them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
}

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file DATA_DIR/spar.db, and migrates. */
export async function openDb(options: DbOptions): Promise<Db> {
  let kysely: Kysely<Database>;
  let dialect: DialectName;
  if (options.databaseUrl) {
    dialect = 'postgres';
    kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) }),
    });
  } else {
    dialect = 'sqlite';
    mkdirSync(options.dataDir, { recursive: true });
    const file = new SqliteDatabase(path.join(options.dataDir, 'spar.db'));
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    file.pragma('synchronous = NORMAL');
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }

  const migrator = new Migrator({ db: kysely, provider: new StaticMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    await kysely.destroy();
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  return { kysely, dialect, close: () => kysely.destroy() };
}
