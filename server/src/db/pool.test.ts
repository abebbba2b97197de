import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections dropped by the server', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('do not end the process; the next query gets a new connection', async () => {
    t = await createTestApp('postgres');
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.app.db.kysely);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    // What a PostgreSQL restart does to each idle connection of the pool.
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    const res = await t.app.inject({ method: 'GET', url: '/api/health?deep=1' });
    expect(res.json()).toMatchObject({ checks: { database: 'up' } });
  });
});
