import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/harness';
import { firstPrepared, namedStatementPool, prepared, runPrepared } from './prepared';

const SQUARE = prepared<{ n: number }>('test_square', 'select cast(? as integer) * cast(? as integer) as n');

describe('prepared statements', () => {
  it('numbers the placeholders for PostgreSQL and refuses one text under two names', () => {
    expect(SQUARE.sqlite).toBe('select cast(? as integer) * cast(? as integer) as n');
    expect(SQUARE.postgres).toBe('select cast($1 as integer) * cast($2 as integer) as n');
    expect(() => prepared('test_square_again', SQUARE.sqlite)).toThrow(
      'repeats the text of spar_test_square',
    );
  });

  it('runs on SQLite through the shared statement cache', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect(await firstPrepared(t.app.db.kysely, SQUARE, [6, 7])).toEqual({ n: 42 });
      expect((await runPrepared(t.app.db.kysely, SQUARE, [3, 3])).rows).toEqual([{ n: 9 }]);
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'runs on PostgreSQL as a named statement, prepared once per connection; other queries stay unnamed',
    async () => {
      const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
      const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
      try {
        const tag = randomBytes(4).toString('hex');
        expect(await firstPrepared(db, SQUARE, [6, 7])).toEqual({ n: 42 });
        expect(await firstPrepared(db, SQUARE, [2, 5])).toEqual({ n: 10 });
        await sql`select ${tag}::text as tag`.execute(db);
        const { rows } = await sql<{
          name: string;
        }>`select name from pg_prepared_statements order by name`.execute(db);
        expect(rows.map((r) => r.name)).toEqual(['spar_test_square']);
      } finally {
        await db.destroy();
      }
    },
  );
});
