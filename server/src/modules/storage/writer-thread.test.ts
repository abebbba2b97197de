import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPlay, legalCards, newGame } from '@shared/game';
import { openDb, type Db } from '../../db';
import { retryWhileBusy } from '../../db/sqlite-driver';
import type { Progress } from '../../rooms/store';
import type { RoomSnapshot } from '../../rooms/types';
import { WriteFailed, type GroupCommitHooks } from './group-commit';
import { SqlGameStore } from './store';

/**
 * The SQLite writer thread (db/writer.ts) and the locking between its connection and the
 * server's: see docs/design.md, "Game storage" ("The writer thread").
 */

const T0 = Date.UTC(2026, 0, 1, 12);

function botGame(id: string): RoomSnapshot {
  return {
    id,
    mode: 'practice',
    players: [0, 1].map((seat) => ({
      seat,
      userId: null,
      username: `Bot ${seat}`,
      botLevel: 'easy' as const,
      avatarUrl: null,
    })),
    state: newGame({ players: 2, seed: `seed-${id}` }),
    seq: 0,
    turnDeadline: null,
    expiries: [0, 0],
    status: 'active',
    winnerUserId: null,
    reason: null,
    invite: null,
    tournamentId: null,
  };
}

function firstPlay(game: RoomSnapshot): Progress {
  const seat = game.state.turn!;
  const card = legalCards(game.state, seat)[0]!;
  return {
    gameId: game.id,
    seq: 1,
    state: applyPlay(game.state, seat, card).state,
    turnDeadline: null,
    expiries: [0, 0],
    move: { seat, card, auto: false },
    now: T0,
  };
}

/** Turns of the event loop (setImmediate) counted for `ms` milliseconds. */
async function turnsDuring(ms: number): Promise<number> {
  let turns = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return turns;
}

/** A step's store held open inside its transaction until `release` (the crash test's hook). */
function holdingHooks() {
  let release!: () => void;
  let onHeld!: () => void;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  const hooks: GroupCommitHooks = {
    beforeCommit: () => {
      onHeld();
      return new Promise<void>((resolve) => (release = resolve));
    },
  };
  return { hooks, held, release: () => release() };
}

describe('the SQLite writer thread', () => {
  let dir: string;
  let db: Db | undefined;
  const others: SqliteDatabase.Database[] = [];
  afterEach(async () => {
    for (const other of others.splice(0)) other.close();
    await db?.close();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(onWriterFailure?: (error: Error) => void): Promise<Db> {
    dir = mkdtempSync(path.join(tmpdir(), 'spar-writer-'));
    db = await openDb({ dataDir: dir, ...(onWriterFailure && { onWriterFailure }) });
    return db;
  }

  /** Another connection to the same file, holding its write lock. */
  function holdWriteLock(): SqliteDatabase.Database {
    const other = new SqliteDatabase(path.join(dir, 'spar.db'));
    others.push(other);
    other.prepare('begin immediate').run();
    return other;
  }

  it('writes the moves, and the server connection reads them as soon as save resolves', async () => {
    const d = await open();
    expect(d.writer?.alive).toBe(true);
    const store = new SqlGameStore(d);
    const games = ['thread_a', 'thread_b'].map(botGame);
    for (const game of games) await store.insertGame({ snapshot: game, seed: game.id, now: T0 });
    const onThread = vi.spyOn(d.writer!, 'write');
    const begun = vi.spyOn(d.sqlite!, 'prepare');
    await Promise.all(games.map((game) => store.save(firstPlay(game), null)));
    // One batch, on the thread; the server's connection began no transaction for it.
    expect(onThread).toHaveBeenCalledTimes(1);
    expect(begun.mock.calls.filter(([text]) => /^begin/.test(text))).toEqual([]);
    for (const game of games) expect(await store.load(game.id)).toMatchObject({ seq: 1 });
    // A stale step is refused there as on the server's connection.
    await expect(store.save(firstPlay(games[0]!), null)).rejects.toThrow(/seq 1/);
  });

  it('a write on the server connection waits for another connection’s write lock while the event loop turns', async () => {
    const d = await open();
    const other = holdWriteLock();
    let done = false;
    const write = sql`create table waited (id integer primary key)`
      .execute(d.kysely)
      .then(() => (done = true));
    const inTransaction = d.kysely
      .transaction()
      .execute((trx) => sql`insert into waited (id) values (1)`.execute(trx));
    // A synchronous busy_timeout would freeze the loop here for seconds; a timer wait does not.
    expect(await turnsDuring(150)).toBeGreaterThan(100);
    expect(done).toBe(false);
    other.prepare('commit').run();
    await write;
    await inTransaction;
    expect((await sql<{ n: number }>`select count(*) as n from waited`.execute(d.kysely)).rows[0]!.n).toBe(1);
  });

  it('while the writer thread holds its transaction open, server writes wait without stopping the event loop', async () => {
    const { hooks, held, release } = holdingHooks();
    const d = await open();
    const store = new SqlGameStore(d, hooks);
    const game = botGame('held_on_thread');
    await store.insertGame({ snapshot: game, seed: game.id, now: T0 });
    const order: string[] = [];
    const move = store.save(firstPlay(game), null).then(() => order.push('move'));
    await held;
    // Readers never wait in WAL mode: the move is not visible until it commits.
    expect(await store.load(game.id)).toMatchObject({ seq: 0 });
    // A cancel, on the server's connection, needs the write lock the thread holds.
    const cancelled = store.cancel('no_such_game', T0).then(() => order.push('server write'));
    expect(await turnsDuring(150)).toBeGreaterThan(100);
    expect(order).toEqual([]);
    release();
    await Promise.all([move, cancelled]);
    // Once the thread commits, the server's retry can take the lock and finish before the thread's
    // answer about the move has crossed back to this one: either order is right, both finish.
    expect([...order].sort()).toEqual(['move', 'server write']);
    expect(await store.load(game.id)).toMatchObject({ seq: 1 });
  });

  it('a busy statement stops retrying at its limit with SQLite’s error', async () => {
    const d = await open();
    holdWriteLock();
    const update = () => Promise.resolve(d.sqlite!.prepare('update games set seq = seq').run());
    const started = performance.now();
    await expect(retryWhileBusy(update, () => true, 60)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
  });

  it('if the thread dies with a batch in flight, its moves fail at once and later ones are written inline', async () => {
    const { hooks, held } = holdingHooks();
    const failures: Error[] = [];
    const d = await open((error) => failures.push(error));
    const store = new SqlGameStore(d, hooks);
    const lost = botGame('lost_with_thread');
    const later = botGame('after_thread');
    for (const game of [lost, later]) await store.insertGame({ snapshot: game, seed: game.id, now: T0 });
    const inFlight = store.save(firstPlay(lost), null);
    const settled = inFlight.catch((error: unknown) => error);
    await held;
    await d.writer!.worker.terminate();
    const error = await settled;
    expect(error).toBeInstanceOf(WriteFailed);
    expect((error as Error).message).toMatch(
      /^Could not store game lost_with_thread at seq 1: .*writer thread/,
    );
    expect(failures).toHaveLength(1);
    expect(d.writer!.alive).toBe(false);
    // Its transaction died with it: nothing of it is stored, and its lock is gone.
    expect(await store.load(lost.id)).toMatchObject({ seq: 0 });
    const inline = new SqlGameStore(d);
    const handOut = vi.spyOn(d.sqlite!, 'prepare');
    await inline.save(firstPlay(later), null);
    expect(handOut.mock.calls.some(([text]) => text === 'begin')).toBe(true);
    expect(await inline.load(later.id)).toMatchObject({ seq: 1 });
  });

  it('SQLITE_WRITER=inline keeps every move on the server connection', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'spar-writer-'));
    db = await openDb({ dataDir: dir, sqliteWriter: 'inline' });
    expect(db.writer).toBeUndefined();
    const store = new SqlGameStore(db);
    const game = botGame('inline_move');
    await store.insertGame({ snapshot: game, seed: game.id, now: T0 });
    await store.save(firstPlay(game), null);
    expect(await store.load(game.id)).toMatchObject({ seq: 1 });
  });
});
