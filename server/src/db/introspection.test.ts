import { PostgresIntrospector, sql, type DatabaseIntrospector } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/harness';
import { openDb, type Db } from './index';
import { StaticMigrationProvider } from './migrations';

/**
 * The migrator asks the introspector whether its own tables exist before it takes its lock, so an
 * introspector that fails while another connection changes the database stops a node's start.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL introspection', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(): Promise<Db> {
    const database = await createTestDatabase('postgres');
    const db = await openDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    cleanups.push(
      () => database.drop(),
      () => db.close(),
    );
    return db;
  }

  /** Creates and drops schemas holding serial columns on its own connection until stopped. */
  function churn() {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    let running = true;
    // A name of its own per run: a run stopped halfway may leave its last schema behind.
    const prefix = `churn_${randomBytes(4).toString('hex')}`;
    const done = (async () => {
      await client.connect();
      for (let i = 0; running; i++) {
        const schema = `${prefix}_${i}`;
        await client.query(`create schema ${schema}`);
        await client.query(`create table ${schema}.t (id serial primary key, a int, b int, c int)`);
        await client.query(`drop schema ${schema} cascade`);
      }
      await client.end();
    })();
    return async () => {
      running = false;
      await done;
    };
  }

  /** How many of `rounds` table listings failed while other schemas came and went. */
  async function failuresUnderChurn(introspector: DatabaseIntrospector, rounds: number) {
    const stop = churn();
    let failures = 0;
    try {
      for (let i = 0; i < rounds; i++)
        await introspector.getTables({ withInternalKyselyTables: true }).catch(() => failures++);
    } finally {
      await stop();
    }
    return failures;
  }

  it('lists the tables of its own schema only, with their columns', async () => {
    const db = await open();
    const other = await open();
    await sql`create table only_here (id serial primary key, note text not null default '')`.execute(
      other.kysely,
    );
    const tables = await db.kysely.introspection.getTables();
    const names = tables.map((t) => t.name);
    expect(names).toContain('moves');
    expect(names).not.toContain('only_here');
    expect(names).not.toContain('kysely_migration');
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]!.s;
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
    expect(
      (await db.kysely.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name),
    ).toContain('kysely_migration');

    const [table] = (await other.kysely.introspection.getTables()).filter((t) => t.name === 'only_here');
    expect(table!.columns).toEqual([
      expect.objectContaining({ name: 'id', dataType: 'int4', isAutoIncrementing: true, isNullable: false }),
      expect.objectContaining({
        name: 'note',
        dataType: 'text',
        hasDefaultValue: true,
        isAutoIncrementing: false,
      }),
    ]);
  });

  it('keeps answering while other connections create and drop schemas', async () => {
    const db = await open();
    expect(await failuresUnderChurn(db.kysely.introspection, 150)).toBe(0);
  });

  it("(Kysely's own introspector fails under the same churn, which is why ours exists)", async () => {
    const db = await open();
    const stock = new PostgresIntrospector(db.kysely);
    expect(await failuresUnderChurn(stock, 150)).toBeGreaterThan(0);
  });

  it('nodes migrating one schema at once all start', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.drop());
    const stop = churn();
    try {
      const dbs = await Promise.all(
        Array.from({ length: 4 }, () =>
          openDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }),
        ),
      );
      for (const db of dbs) cleanups.push(() => db.close());
      // Every migration ran once, and every node sees the schema they made.
      const all = Object.keys(await new StaticMigrationProvider('postgres').getMigrations()).sort();
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        dbs[0]!.kysely,
      );
      expect(applied.rows.map((r) => r.name)).toEqual(all);
      for (const db of dbs)
        await expect(db.kysely.selectFrom('moves').selectAll().execute()).resolves.toEqual([]);
    } finally {
      await stop();
    }
  });
});
