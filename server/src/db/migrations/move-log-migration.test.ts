import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPlay, legalCards, newGame, type Card, type GameState } from '@shared/game';
import { SqlGameStore } from '../../modules/storage/store';
import { StaticMigrationProvider } from '.';
import type { Database } from '../schema';

describe('migration 0016_move_log', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('resumes a game stored the old way (whole state per move) at its seq, and it plays on', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'spar-migrate-'));
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dir, 'spar.db')) }),
    });
    const migrator = new Migrator({ db: kysely, provider: new StaticMigrationProvider('sqlite') });
    expect((await migrator.migrateTo('0014_sound_pack')).error).toBeUndefined();
    // A bot game three plays in, as the old store left it: every move row, the state at seq 3.
    let state: GameState = newGame({ players: 2, seed: 'old-way' });
    const plays: { seat: number; card: Card }[] = [];
    for (let i = 0; i < 3; i++) {
      const seat = state.turn!;
      const card = legalCards(state, seat)[0]!;
      plays.push({ seat, card });
      state = applyPlay(state, seat, card).state;
    }
    await kysely
      .insertInto('games')
      .values({
        id: 'old_way',
        mode: 'practice',
        status: 'active',
        seed: 'old-way',
        player_count: 2,
        target_score: 10,
        state: JSON.stringify(state),
        seq: 3,
        turn_deadline: 1234,
        expiries: '[1,0]',
        winner_user_id: null,
        reason: null,
        created_at: 1,
        updated_at: 2,
        finished_at: null,
        invited_user_id: null,
        invite_expires_at: null,
      })
      .execute();
    for (const seat of [0, 1])
      await kysely
        .insertInto('game_players')
        .values({
          game_id: 'old_way',
          seat,
          user_id: null,
          username: `Bot ${seat}`,
          bot_level: 'easy',
          rating_before: null,
          rating_after: null,
        })
        .execute();
    for (const [i, play] of plays.entries())
      await kysely
        .insertInto('moves')
        .values({ game_id: 'old_way', seq: i + 1, ...play, auto: 0, created_at: 1 })
        .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const store = new SqlGameStore({ kysely, dialect: 'sqlite', close: () => kysely.destroy() });
    expect(await store.liveIds()).toEqual(['old_way']);
    const loaded = await store.load('old_way');
    expect(loaded).toMatchObject({ id: 'old_way', seq: 3, state, turnDeadline: 1234, expiries: [1, 0] });
    const seat = state.turn!;
    const card = legalCards(state, seat)[0]!;
    const next = applyPlay(state, seat, card).state;
    await store.save(
      {
        gameId: 'old_way',
        seq: 4,
        state: next,
        turnDeadline: 5678,
        expiries: [1, 0],
        move: { seat, card, auto: false },
        now: 3,
      },
      null,
    );
    expect(await store.load('old_way')).toMatchObject({ seq: 4, state: next, turnDeadline: 5678 });
    await kysely.destroy();
  });
});
