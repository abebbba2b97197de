import { CompiledQuery, PostgresAdapter, type QueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Prepared statements for the hot path (a move, a room load, the session check). See
 * docs/design.md, "Game storage".
 *
 * Each statement is fixed SQL text written once with `?` placeholders, so a call skips Kysely's
 * query builder and compiler. On SQLite the text hits the statement cache of db/index.ts, so
 * better-sqlite3 prepares it once. On PostgreSQL the text is registered by name and the pool
 * wrapper below sends it as a named statement, which each connection parses and plans once.
 * Only these registered texts are named: a connection keeps every named statement for its life,
 * so naming arbitrary queries (an `in (…)` list of any length) would grow without bound.
 */
export interface Prepared<Row> {
  readonly name: string;
  readonly sqlite: string;
  readonly postgres: string;
  /** Phantom field carrying the row type. */
  readonly row?: Row;
}

/** What runs a statement: a Kysely instance or transaction of any schema. */
export interface Executor {
  getExecutor(): { readonly adapter: object };
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** PostgreSQL text → statement name, for the pool wrapper. */
const namesByText = new Map<string, string>();

/** Declares a statement; `text` uses `?` for each parameter, in order. */
export function prepared<Row>(name: string, text: string): Prepared<Row> {
  let n = 0;
  const postgres = text.replace(/\?/g, () => `$${++n}`);
  const known = namesByText.get(postgres);
  if (known !== undefined && known !== `spar_${name}`)
    throw new Error(`prepared statement ${name} repeats the text of ${known}`);
  namesByText.set(postgres, `spar_${name}`);
  return { name, sqlite: text, postgres };
}

/** Runs a prepared statement on a Kysely instance or transaction; rows and the affected count. */
export async function runPrepared<Row>(
  db: Executor,
  statement: Prepared<Row>,
  parameters: readonly unknown[],
): Promise<{ rows: Row[]; affected: number }> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const result = await db.executeQuery<Row>(
    CompiledQuery.raw(isPostgres ? statement.postgres : statement.sqlite, [...parameters]),
  );
  return { rows: result.rows, affected: Number(result.numAffectedRows ?? 0) };
}

/** The first row of a prepared statement, if any. */
export async function firstPrepared<Row>(
  db: Executor,
  statement: Prepared<Row>,
  parameters: readonly unknown[],
): Promise<Row | undefined> {
  return (await runPrepared(db, statement, parameters)).rows[0];
}

type QueryArgs = [text: unknown, values?: unknown];
const patched = new WeakSet<pg.PoolClient>();

/**
 * The pool Kysely uses on PostgreSQL, with each registered statement text sent as a named
 * query. pg reuses client objects, so each is patched once.
 */
export function namedStatementPool(pool: pg.Pool) {
  return {
    async connect() {
      const client = await pool.connect();
      if (!patched.has(client)) {
        patched.add(client);
        const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
        (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (text, values) => {
          const name = typeof text === 'string' ? namesByText.get(text) : undefined;
          return name === undefined ? query(text, values) : query({ name, text, values });
        };
      }
      return client;
    },
    end: () => pool.end(),
  };
}
