/**
 * Game storage benchmark (issue #15): what storing a move costs, the old way against the way
 * the server stores it now, measured in the same run on fresh databases of the same dialect.
 *
 * - old: each move in its own transaction, inserting its move row and rewriting the game row
 *   with the whole state (what the server did before the move log and the group commit);
 * - new: `SqlGameStore.save` — a move row per play, the state only at hand starts, and every
 *   room's moves of one event-loop turn in one group-committed transaction.
 *
 * ROOMS bot-only games each make MOVES plays. Under load, every round all rooms save one move at
 * once, as busy rooms do; alone, the same moves are saved one after another, awaiting each (no
 * batching possible). Each figure is the median of REPEATS runs, old and new alternating.
 * Prints µs per move and old/new ratios. SQLite always; PostgreSQL too when DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applyPlay, legalCards, newGame, type Card, type GameState } from '@shared/game';
import { openDb, type Db } from '../../server/src/db';
import { SqlGameStore } from '../../server/src/modules/storage/store';
import type { Progress } from '../../server/src/rooms/store';
import type { RoomSnapshot } from '../../server/src/rooms/types';
import { activeGame } from './seed';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 64);
const MOVES = Number(process.env.BENCH_MOVES ?? 40);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const T0 = Date.UTC(2026, 0, 1);

type Dialect = 'sqlite' | 'postgres';

/** A fresh database; dropped (schema or directory) by the returned function. */
async function freshDb(dialect: Dialect): Promise<{ db: Db; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-store-'));
  if (dialect === 'sqlite') {
    const db = await openDb({ dataDir });
    return {
      db,
      drop: async () => {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.DATABASE_URL!;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDb({ databaseUrl: url.toString(), dataDir });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bot-only game and the steps of its first `moves` plays. */
function scriptedGame(id: string): { snapshot: RoomSnapshot; steps: Progress[] } {
  let state: GameState = newGame({ players: 2, seed: `bench-${id}` });
  const snapshot = activeGame(
    id,
    'practice',
    [0, 1].map((seat) => ({
      seat,
      userId: null,
      username: `Bot ${seat}`,
      botLevel: 'easy' as const,
      avatarUrl: null,
    })),
    state,
  );
  const steps: Progress[] = [];
  for (let seq = 1; seq <= MOVES && state.status === 'active'; seq++) {
    const seat = state.turn!;
    const card: Card = legalCards(state, seat)[0]!;
    state = applyPlay(state, seat, card).state;
    if (state.status !== 'active') break;
    steps.push({
      gameId: id,
      seq,
      state,
      turnDeadline: T0 + seq,
      expiries: [0, 0],
      move: { seat, card, auto: false },
      now: T0,
    });
  }
  return { snapshot, steps };
}

/** The old write: the move row and the whole state, one transaction per move. */
async function oldSave(db: Db, p: Progress): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('moves')
      .values({
        game_id: p.gameId,
        seq: p.seq,
        seat: p.move!.seat,
        card: p.move!.card,
        auto: 0,
        created_at: p.now,
      })
      .execute();
    await trx
      .updateTable('games')
      .set({
        seq: p.seq,
        state: JSON.stringify(p.state),
        turn_deadline: p.turnDeadline,
        expiries: JSON.stringify(p.expiries),
        updated_at: p.now,
      })
      .where('id', '=', p.gameId)
      .execute();
  });
}

/** µs per move for `rooms` rooms saving a move each per round, at once or one after another. */
async function measure(
  dialect: Dialect,
  rooms: number,
  together: boolean,
  save: (store: SqlGameStore, db: Db, p: Progress) => Promise<unknown>,
): Promise<number> {
  const { db, drop } = await freshDb(dialect);
  try {
    const store = new SqlGameStore(db);
    const games = Array.from({ length: rooms }, (_, i) =>
      scriptedGame(`g${i}_${randomBytes(3).toString('hex')}`),
    );
    for (const game of games) await store.insertGame({ snapshot: game.snapshot, seed: 'bench', now: T0 });
    const rounds = Math.min(...games.map((g) => g.steps.length));
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      if (together) await Promise.all(games.map((game) => save(store, db, game.steps[round]!)));
      else for (const game of games) await save(store, db, game.steps[round]!);
    }
    const elapsed = performance.now() - started;
    return (elapsed * 1000) / (rounds * rooms);
  } finally {
    await drop();
  }
}

const oldWay = (_store: SqlGameStore, db: Db, p: Progress) => oldSave(db, p);
const newWay = (store: SqlGameStore, _db: Db, p: Progress) => store.save(p, null);

async function main(): Promise<void> {
  const dialects: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(`store bench: ${ROOMS} rooms × up to ${MOVES} moves (bot-only games), µs per stored move`);
  for (const dialect of dialects) {
    // Warm-up so neither side pays for the first connections and compilations.
    await measure(dialect, 4, true, newWay);
    await measure(dialect, 4, true, oldWay);
    for (const together of [true, false]) {
      const olds: number[] = [];
      const news: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        olds.push(await measure(dialect, ROOMS, together, oldWay));
        news.push(await measure(dialect, ROOMS, together, newWay));
      }
      const [oldUs, newUs] = [median(olds), median(news)];
      console.log(
        `${dialect.padEnd(8)} ${together ? 'under load' : 'alone     '}: old ${oldUs.toFixed(1)} µs/move, new ${newUs.toFixed(1)} µs/move → old/new ${(oldUs / newUs).toFixed(2)}×`,
      );
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
