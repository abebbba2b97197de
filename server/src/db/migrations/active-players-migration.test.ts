import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticMigrationProvider } from '.';
import type { Database } from '../schema';

describe('migration 0004_one_active_game', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps each player in their newest active game and ends the older duplicates', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'spar-migrate-'));
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dir, 'spar.db')) }),
    });
    const migrator = new Migrator({ db, provider: new StaticMigrationProvider('sqlite') });
    expect((await migrator.migrateTo('0002_games')).error).toBeUndefined();
    for (const [id, name] of [
      [1, 'ama'],
      [2, 'kofi'],
      [3, 'esi'],
    ] as const)
      // The users table as it stood at 0002 (later migrations add columns the current types require).
      await sql`insert into users (id, username, username_lower, is_verified, role, created_at, updated_at)
        values (${id}, ${name}, ${name}, 0, 'user', 0, 0)`.execute(db);
    // What the old race left behind: ama in two practice games; kofi and esi in one quick game.
    const games = [
      { id: 'old', mode: 'practice', at: 10, users: [1] },
      { id: 'new', mode: 'practice', at: 20, users: [1] },
      { id: 'pair', mode: 'quick', at: 5, users: [2, 3] },
    ] as const;
    for (const g of games) {
      await db
        .insertInto('games')
        .values({
          id: g.id,
          mode: g.mode,
          status: 'active',
          seed: 's',
          player_count: 2,
          target_score: 10,
          state: '{}',
          seq: 3,
          turn_deadline: 99,
          expiries: '[0,0]',
          winner_user_id: null,
          reason: null,
          created_at: g.at,
          updated_at: g.at + 1,
          finished_at: null,
        })
        .execute();
      for (const [seat, userId] of g.users.entries())
        await db
          .insertInto('game_players')
          .values({
            game_id: g.id,
            seat,
            user_id: userId,
            username: `u${userId}`,
            bot_level: null,
            rating_before: null,
            rating_after: null,
          })
          .execute();
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const active = await db.selectFrom('active_players').selectAll().orderBy('user_id').execute();
    expect(active).toEqual([
      { user_id: 1, game_id: 'new' },
      { user_id: 2, game_id: 'pair' },
      { user_id: 3, game_id: 'pair' },
    ]);
    const old = await db.selectFrom('games').selectAll().where('id', '=', 'old').executeTakeFirstOrThrow();
    expect(old).toMatchObject({
      status: 'finished',
      reason: 'abandon',
      winner_user_id: null,
      finished_at: 11,
    });
    // From now on the database itself refuses a second active game for the same player.
    await expect(
      db.insertInto('active_players').values({ user_id: 1, game_id: 'pair' }).execute(),
    ).rejects.toThrow(/UNIQUE|PRIMARY/i);
    await db.destroy();
  });
});
