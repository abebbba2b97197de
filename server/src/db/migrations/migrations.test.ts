import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, type DialectName } from '../../testing/harness';
import { CurrentSchemaPostgresDialect } from '../introspection';
import { StaticMigrationProvider } from '.';
import type { Database } from '../schema';

/** A fresh, empty database of the dialect (PostgreSQL: a schema of its own, dropped afterwards). */
async function emptyDb(
  dialect: DialectName,
): Promise<{ db: Kysely<Database>; schema?: string; close(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const file = new SqliteDatabase(':memory:');
    file.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
    return { db, close: () => db.destroy() };
  }
  const base = process.env.DATABASE_URL!;
  const schema = `m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({
      pool: new pg.Pool({ connectionString: url.toString(), max: 2 }),
    }),
  });
  return {
    db,
    schema,
    async close() {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

describe.each(DIALECTS)('migration 0003_account_names_devices on %s', (dialect) => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let migrator: Migrator;
  beforeEach(async () => {
    let schema: string | undefined;
    ({ db, schema, close } = await emptyDb(dialect));
    // Kysely would otherwise take another schema's bookkeeping tables for ours (see db/index.ts).
    migrator = new Migrator({
      db,
      provider: new StaticMigrationProvider(dialect),
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo('0002_games');
    if (error) throw error;
  });
  afterEach(() => close());

  /** Inserts rows as the 0002 schema had them (no username_key yet). */
  async function oldUser(id: number, username: string, deletedAt: number | null = null) {
    await db
      .insertInto('users')
      .values({
        id,
        username,
        username_lower: username.toLowerCase(),
        email: null,
        email_lower: null,
        password_hash: null,
        google_sub: null,
        is_verified: 0,
        role: 'user',
        deleted_at: deletedAt,
        created_at: 1,
        updated_at: 1,
      } as never)
      .execute();
  }

  it('backfills a unique look-alike key, keeping every existing name', async () => {
    await oldUser(1, 'Bob');
    await oldUser(2, 'B0B');
    await oldUser(3, 'deleted-3', 5);
    await oldUser(4, 'Admin');
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'username_key'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, username: 'Bob', username_key: 'bob' },
      { id: 2, username: 'B0B', username_key: 'bob#2' },
      { id: 3, username: 'deleted-3', username_key: 'deleted-3' },
      { id: 4, username: 'Admin', username_key: 'admln' },
    ]);
    await expect(
      db
        .insertInto('users')
        .values({
          id: 10,
          username: 'bob_',
          username_lower: 'bob_',
          username_key: 'bob',
          is_verified: 0,
          role: 'user',
          created_at: 2,
          updated_at: 2,
        })
        .execute(),
    ).rejects.toThrow(/username_key/);
  });

  it('makes device tokens unique per (token, user) instead of per token, keeping existing rows', async () => {
    await oldUser(1, 'ama');
    await oldUser(2, 'kofi');
    await db
      .insertInto('device_tokens')
      .values({
        user_id: 1,
        token: 'T',
        platform: 'ios',
        device_name: 'old',
        is_active: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    const row = (user: number) => ({
      user_id: user,
      token: 'T',
      platform: 'ios',
      device_name: null,
      is_active: 1,
      created_at: 2,
      updated_at: 2,
    });
    await db.insertInto('device_tokens').values(row(2)).execute();
    await expect(db.insertInto('device_tokens').values(row(1)).execute()).rejects.toThrow(
      /unique|duplicate/i,
    );
    const rows = await db
      .selectFrom('device_tokens')
      .select(['id', 'user_id', 'device_name', 'is_active'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, user_id: 1, device_name: 'old', is_active: 1 },
      { id: 2, user_id: 2, device_name: null, is_active: 1 },
    ]);
    // The foreign key to users survived the rebuild.
    await expect(
      db
        .insertInto('device_tokens')
        .values({ ...row(99), token: 'U' })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });
});

describe.each(DIALECTS)('migration 0018_moves_keyed_by_game on %s', (dialect) => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;

  it('keeps every move, keys them by (game, seq) and still cascades from the game', async () => {
    let schema: string | undefined;
    ({ db, schema, close } = await emptyDb(dialect));
    try {
      const migrator = new Migrator({
        db,
        provider: new StaticMigrationProvider(dialect),
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateTo('0017_google_sign_in')).error).toBeUndefined();
      for (const id of ['g1', 'g2'])
        await db
          .insertInto('games')
          .values({
            id,
            mode: 'practice',
            status: 'active',
            seed: id,
            player_count: 2,
            target_score: 10,
            state: '{}',
            seq: 0,
            expiries: '[0,0]',
            created_at: 1,
            updated_at: 1,
          } as never)
          .execute();
      const old = [
        {
          game_id: 'g1',
          seq: 1,
          seat: 0,
          card: 'AS',
          auto: 0,
          created_at: 5,
          turn_deadline: 9,
          expiries: '[0,0]',
        },
        {
          game_id: 'g1',
          seq: 2,
          seat: 1,
          card: '7H',
          auto: 1,
          created_at: 6,
          turn_deadline: null,
          expiries: null,
        },
        {
          game_id: 'g2',
          seq: 1,
          seat: 1,
          card: '6D',
          auto: 0,
          created_at: 7,
          turn_deadline: 8,
          expiries: '[1,0]',
        },
      ];
      await db.insertInto('moves').values(old).execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const moves = () =>
        db
          .selectFrom('moves')
          .select(['game_id', 'seq', 'seat', 'card', 'auto', 'created_at', 'turn_deadline', 'expiries'])
          .orderBy('game_id')
          .orderBy('seq')
          .execute();
      const numbers = (rows: Awaited<ReturnType<typeof moves>>) =>
        rows.map((r) => ({
          ...r,
          created_at: Number(r.created_at),
          turn_deadline: r.turn_deadline === null ? null : Number(r.turn_deadline),
        }));
      expect(numbers(await moves())).toEqual(old);
      const table = (await db.introspection.getTables()).find((t) => t.name === 'moves')!;
      expect(table.columns.map((c) => c.name)).not.toContain('id');
      // On SQLite the rows live in the key's B-tree: the table has no rowid.
      if (dialect === 'sqlite')
        await expect(sql`select rowid from moves`.execute(db)).rejects.toThrow(/no such column/);
      // The key refuses a second row for a seq; another game's seq is its own.
      await expect(
        db
          .insertInto('moves')
          .values({ ...old[0]!, card: 'KS' })
          .execute(),
      ).rejects.toThrow(/unique|duplicate|moves_pk/i);
      await db
        .insertInto('moves')
        .values({ ...old[2]!, game_id: 'g1', seq: 3 })
        .execute();
      // Deleting a game still takes its moves with it; the other game's stay.
      await db.deleteFrom('games').where('id', '=', 'g1').execute();
      expect(numbers(await moves())).toEqual([old[2]]);
    } finally {
      await close();
    }
  });
});

describe.each(DIALECTS)('migration 0019_one_active_reward_per_day on %s', (dialect) => {
  it('keeps the oldest active reward of a day active and refuses a second one afterwards', async () => {
    const { db, schema, close } = await emptyDb(dialect);
    try {
      const migrator = new Migrator({
        db,
        provider: new StaticMigrationProvider(dialect),
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateTo('0018_moves_keyed_by_game')).error).toBeUndefined();
      const reward = (day: number, isActive: number, description: string) => ({
        day,
        amount: 50,
        currency_type: 'regular' as const,
        description,
        image_url: null,
        is_active: isActive,
        bonus_item_id: null,
        created_at: 1,
        updated_at: 1,
      });
      await db
        .insertInto('daily_rewards')
        .values([
          reward(1, 1, 'first'),
          reward(1, 1, 'second'),
          reward(1, 0, 'off'),
          reward(2, 1, 'day two'),
          reward(1, 1, 'third'),
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db
        .selectFrom('daily_rewards')
        .select(['description', 'is_active'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { description: 'first', is_active: 1 },
        { description: 'second', is_active: 0 },
        { description: 'off', is_active: 0 },
        { description: 'day two', is_active: 1 },
        { description: 'third', is_active: 0 },
      ]);
      await expect(
        db
          .insertInto('daily_rewards')
          .values(reward(2, 1, 'again'))
          .execute(),
      ).rejects.toThrow(/unique/i);
      // Inactive rows for a day stay allowed, as many as staff keep.
      await db
        .insertInto('daily_rewards')
        .values(reward(2, 0, 'spare'))
        .execute();
    } finally {
      await close();
    }
  });
});
