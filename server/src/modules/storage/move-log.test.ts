import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPlay, legalCards, newGame, type GameState } from '@shared/game';
import { DIALECTS, createTestApp, type TestApp } from '../../testing/harness';
import type { RoomSnapshot } from '../../rooms/types';
import { StaleWriteError, type Progress } from '../../rooms/store';
import { WriteFailed } from './group-commit';
import { isHandStart } from './move-log';
import { SqlGameStore } from './store';

const T0 = Date.UTC(2026, 0, 1, 12);

function botGame(id: string, players: number): RoomSnapshot {
  return {
    id,
    mode: 'practice',
    players: Array.from({ length: players }, (_, seat) => ({
      seat,
      userId: null,
      username: `Bot ${seat}`,
      botLevel: 'easy' as const,
      avatarUrl: null,
    })),
    state: newGame({ players, seed: `seed-${id}` }),
    seq: 0,
    turnDeadline: null,
    expiries: new Array<number>(players).fill(0),
    status: 'active',
    winnerUserId: null,
    reason: null,
    invite: null,
    tournamentId: null,
  };
}

/** The step of `game`'s first legal play, stored as `seq` (a stale writer may name another). */
function firstPlay(game: RoomSnapshot, seq = 1): Progress {
  const seat = game.state.turn!;
  const card = legalCards(game.state, seat)[0]!;
  return {
    gameId: game.id,
    seq,
    state: applyPlay(game.state, seat, card).state,
    turnDeadline: null,
    expiries: [0, 0],
    move: { seat, card, auto: false },
    now: T0,
  };
}

describe.each(DIALECTS)('move log on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('stores a row per play and the state only per hand, and every load replays to the exact position', async () => {
    t = await createTestApp(dialect);
    const store = new SqlGameStore(t.app.db);
    const game = botGame('movelog3', 3);
    expect(await store.insertGame({ snapshot: game, seed: 'seed-movelog3', now: T0 })).toEqual([]);
    let state: GameState = game.state;
    let snapshots = 0;
    let seq = 0;
    while (state.status === 'active' && seq < 2000) {
      const seat = state.turn!;
      const card = legalCards(state, seat).at(-1)!;
      state = applyPlay(state, seat, card).state;
      seq++;
      const expiries = [seq % 3, 0, seq % 2];
      const turnDeadline = T0 + seq * 1000;
      const finished = state.status === 'finished';
      await store.save(
        {
          gameId: game.id,
          seq,
          state,
          turnDeadline,
          expiries,
          move: { seat, card, auto: seq % 5 === 0 },
          now: T0,
        },
        finished ? { mode: 'practice', players: game.players, winnerUserId: null, reason: 'score' } : null,
      );
      const row = await t.app.db.kysely
        .selectFrom('games')
        .select(['seq', 'state'])
        .where('id', '=', game.id)
        .executeTakeFirstOrThrow();
      // The row holds the last hand start (or the end); the move log covers the rest.
      if (finished || isHandStart(state)) {
        snapshots++;
        expect(row.seq).toBe(seq);
        expect(JSON.parse(row.state)).toEqual(state);
      } else {
        expect(row.seq).toBeLessThan(seq);
      }
      const loaded = await store.load(game.id);
      expect(loaded).toMatchObject({
        seq,
        state,
        expiries,
        turnDeadline: finished ? null : turnDeadline,
        status: finished ? 'finished' : 'active',
      });
    }
    expect(state.status).toBe('finished');
    const moves = await t.app.db.kysely
      .selectFrom('moves')
      .select('seq')
      .where('game_id', '=', game.id)
      .execute();
    expect(moves).toHaveLength(seq);
    // A hand of 3 players is 15 plays: far fewer state writes than plays.
    expect(snapshots).toBeGreaterThan(1);
    expect(snapshots * 10).toBeLessThan(seq);
  });

  it('refuses a step that is not the next seq, or of a finished game, and writes nothing for it', async () => {
    t = await createTestApp(dialect);
    const store = new SqlGameStore(t.app.db);
    const game = botGame('fenced', 2);
    await store.insertGame({ snapshot: game, seed: 'seed-fenced', now: T0 });
    const step = (seq: number) => firstPlay(game, seq);
    // A writer that skipped a seq, then one writing the same seq twice (a stale node).
    await expect(store.save(step(2), null)).rejects.toBeInstanceOf(StaleWriteError);
    await store.save(step(1), null);
    await expect(store.save(step(1), null)).rejects.toThrow('the write of seq 1 was refused');
    // Steps in one window: the stale one is refused, the good one (another game) commits.
    const other = botGame('fenced2', 2);
    await store.insertGame({ snapshot: other, seed: 'seed-fenced2', now: T0 });
    const otherNext = applyPlay(
      other.state,
      other.state.turn!,
      legalCards(other.state, other.state.turn!)[0]!,
    );
    const outcomes = await Promise.allSettled([
      store.save(step(1), null),
      store.save(
        {
          ...step(1),
          gameId: other.id,
          state: otherNext.state,
          move: {
            seat: other.state.turn!,
            card: legalCards(other.state, other.state.turn!)[0]!,
            auto: false,
          },
        },
        null,
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    // A forfeit ends the game; a later move of the old writer is refused.
    await store.save(
      { ...step(2), move: null },
      {
        mode: 'practice',
        players: game.players,
        winnerUserId: null,
        reason: 'resign',
      },
    );
    await expect(store.save(step(3), null)).rejects.toBeInstanceOf(StaleWriteError);
    const seqs = await t.app.db.kysely
      .selectFrom('moves')
      .select('seq')
      .where('game_id', '=', game.id)
      .execute();
    expect(seqs.map((m) => m.seq)).toEqual([1]);
    expect(await store.load(game.id)).toMatchObject({ seq: 2, status: 'finished', reason: 'resign' });
  });

  it('a write the database rejects fails alone with a clear error; its batch-mates commit', async () => {
    t = await createTestApp(dialect);
    const store = new SqlGameStore(t.app.db);
    const games = ['batch_a', 'batch_b', 'batch_c'].map((id) => botGame(id, 2));
    for (const game of games) await store.insertGame({ snapshot: game, seed: `seed-${game.id}`, now: T0 });
    const steps = games.map((game) => firstPlay(game));
    // A seat the schema refuses (NOT NULL): the statement fails and takes the batch with it.
    const broken = { ...steps[1]!, move: { ...steps[1]!.move!, seat: null as unknown as number } };
    const outcomes = await Promise.allSettled([
      store.save(steps[0]!, null),
      store.save(broken, null),
      store.save(steps[2]!, null),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const error = (outcomes[1] as PromiseRejectedResult).reason as Error;
    expect(error).toBeInstanceOf(WriteFailed);
    expect(error.message).toMatch(/^Could not store game batch_b at seq 1: .*null/i);
    const stored = await t.app.db.kysely
      .selectFrom('moves')
      .select(['game_id', 'seq'])
      .orderBy('game_id')
      .execute();
    expect(stored).toEqual([
      { game_id: 'batch_a', seq: 1 },
      { game_id: 'batch_c', seq: 1 },
    ]);
    // The failed game is untouched: its next write is still seq 1.
    await store.save(steps[1]!, null);
    expect(await store.load('batch_b')).toMatchObject({ seq: 1 });
  });

  it.runIf(dialect === 'sqlite')(
    'on SQLite a lone move is written without waiting for the connection Kysely hands out',
    async () => {
      t = await createTestApp(dialect);
      const store = new SqlGameStore(t.app.db);
      const game = botGame('at_once', 2);
      await store.insertGame({ snapshot: game, seed: 'seed-at_once', now: T0 });
      const handOuts = vi.spyOn(t.app.db.kysely.getExecutor(), 'provideConnection');
      await store.save(firstPlay(game), null);
      expect(handOuts).not.toHaveBeenCalled();
      expect(await store.load(game.id)).toMatchObject({ seq: 1 });
    },
  );

  it('a move saved while another transaction is open neither joins it nor is rolled back with it', async () => {
    t = await createTestApp(dialect);
    const store = new SqlGameStore(t.app.db);
    const game = botGame('interleave', 2);
    await store.insertGame({ snapshot: game, seed: 'seed-interleave', now: T0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saved = false;
    // Another transaction (a purchase, say) writes and then waits between two of its statements;
    // on SQLite it holds the one connection the move must not slip into.
    const other = t.app.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('games')
        .set({ updated_at: T0 + 1 })
        .where('id', '=', game.id)
        .execute();
      const move = store.save(firstPlay(game), null);
      void move.then(() => (saved = true));
      await held;
      throw new Error('the other transaction fails');
    });
    setTimeout(release, 50);
    await expect(other).rejects.toThrow('the other transaction fails');
    await store.settled();
    expect(saved).toBe(true);
    expect(await store.load(game.id)).toMatchObject({ seq: 1 });
    const row = await t.app.db.kysely
      .selectFrom('games')
      .select('updated_at')
      .where('id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(T0);
  });
});
