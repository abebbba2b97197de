import type { Selectable } from 'kysely';
import { RESIGN_MOVE, applyMove, type GameState, type Move } from '@shared/game';
import type { SqliteHandle } from '../../db';
import type { WriterStatement, WriterStep } from '../../db/writer';
import { prepared, runPrepared, type Executor, type Prepared } from '../../db/prepared';
import type { GamePlayersTable, GamesTable } from '../../db/schema';
import { StaleWriteError, type Progress } from '../../rooms/store';

/**
 * A game as stored: a snapshot of its state in its `games` row, written at the start of each hand
 * and when it ends, plus one append-only `moves` row per play. Loading replays the moves after
 * the snapshot on the engine, which is deterministic. See docs/design.md, "Game storage".
 */

/** What a room resumes from, as of one seq. */
export interface StoredPosition {
  state: GameState;
  seq: number;
  turnDeadline: number | null;
  expiries: number[];
}

export type GameRow = Selectable<GamesTable>;
export type GamePlayerRow = Selectable<GamePlayersTable>;

export interface MoveRow {
  seq: number;
  seat: number;
  card: string;
  turn_deadline: number | null;
  expiries: string | null;
}

/** The game's seq guard, shared by both writes below: exactly the next seq of an active game. */
const NEXT_SEQ = `status = 'active'
  and (seq = ? or exists (select 1 from moves m where m.game_id = games.id and m.seq = ?))
  and not exists (select 1 from moves m where m.game_id = games.id and m.seq = ?)`;

/** Appends a play, only when it is the game's next seq (casts: PostgreSQL types the select list). */
const APPEND_MOVE = prepared<never>(
  'append_move',
  `insert into moves (game_id, seq, seat, card, auto, created_at, turn_deadline, expiries)
  select id, cast(? as integer), cast(? as integer), cast(? as text), cast(? as integer),
    cast(? as bigint), cast(? as bigint), cast(? as text)
  from games where id = ? and ${NEXT_SEQ}`,
);

/** Writes the snapshot after a play that was just appended (the seq is already guarded). */
const WRITE_SNAPSHOT = prepared<never>(
  'write_snapshot',
  'update games set state = ?, seq = ?, turn_deadline = ?, expiries = ?, updated_at = ? where id = ?',
);

/** Writes a snapshot for a step without a play (a forfeit), guarded like a move. */
const WRITE_GUARDED_SNAPSHOT = prepared<never>(
  'write_guarded_snapshot',
  `update games set state = ?, seq = ?, turn_deadline = ?, expiries = ?, updated_at = ?
  where id = ? and ${NEXT_SEQ}`,
);

/**
 * A player who resigned a game of three or four leaves it: they are free to play another while
 * the others play on (docs/design.md, "Rules").
 */
const FREE_RESIGNED_PLAYER = prepared<never>(
  'free_resigned_player',
  `delete from active_players where game_id = ? and user_id in
  (select user_id from game_players where game_id = ? and seat = ?)`,
);

export const GAME_BY_ID = prepared<GameRow>('game_by_id', 'select * from games where id = ?');

export const PLAYERS_OF_GAME = prepared<GamePlayerRow>(
  'players_of_game',
  'select * from game_players where game_id = ? order by seat',
);

export const MOVES_AFTER = prepared<MoveRow>(
  'moves_after',
  `select seq, seat, card, turn_deadline, expiries from moves
  where game_id = ? and seq > ? order by seq`,
);

/** Nothing of the hand has been played yet: the state a hand's snapshot holds. */
export function isHandStart(state: GameState): boolean {
  return state.tricks.length === 0 && state.currentTrick.length === 0;
}

/** Runs a write in the caller's transaction and returns how many rows it changed. */
export type RunWrite = (statement: Prepared<never>, parameters: unknown[]) => number | Promise<number>;

/** A RunWrite that answers synchronously (on the SQLite handle). */
export type RunWriteNow = (statement: Prepared<never>, parameters: unknown[]) => number;

/** Writes through Kysely (a transaction on either dialect). */
export function kyselyWrites(db: Executor): RunWrite {
  return async (statement, parameters) => (await runPrepared(db, statement, parameters)).affected;
}

/**
 * Writes straight on the SQLite handle, synchronously, in a transaction the caller began on it
 * (see `Db.sqlite` for when that is safe).
 */
export function sqliteWrites(handle: SqliteHandle): RunWriteNow {
  return (statement, parameters) => handle.prepare(statement.sqlite).run(...parameters).changes;
}

/** One statement of a step, with its parameters. */
type Write = readonly [statement: Prepared<never>, parameters: unknown[]];

/**
 * What stores one step, in order: its move row, and the snapshot when the step starts a hand, ends
 * the game (`finishing`) or has no move. The first write is guarded: a step that is not the game's
 * next seq — a stale writer, or a game that already ended — changes no row there, and is refused.
 */
function stepWrites(p: Progress, finishing: boolean): [guarded: Write, ...rest: Write[]] {
  const prev = p.seq - 1;
  const expiries = JSON.stringify(p.expiries);
  // Serialising the state is most of a step's cost: only a snapshot pays it.
  const snapshot = () => [JSON.stringify(p.state), p.seq, p.turnDeadline, expiries, p.now, p.gameId];
  if (!p.move) return [[WRITE_GUARDED_SNAPSHOT, [...snapshot(), prev, prev, p.seq]]];
  const move: Write = [
    APPEND_MOVE,
    [
      p.seq,
      p.move.seat,
      p.move.card,
      p.move.auto ? 1 : 0,
      p.now,
      p.turnDeadline,
      expiries,
      p.gameId,
      prev,
      prev,
      p.seq,
    ],
  ];
  const rest: Write[] = finishing || isHandStart(p.state) ? [[WRITE_SNAPSHOT, snapshot()]] : [];
  if (p.move.card === RESIGN_MOVE) rest.push([FREE_RESIGNED_PLAYER, [p.gameId, p.gameId, p.move.seat]]);
  return [move, ...rest];
}

/** Stores one step in the caller's transaction (see stepWrites); a stale step writes nothing. */
export async function appendStep(run: RunWrite, p: Progress, finishing: boolean): Promise<void> {
  const [guarded, ...rest] = stepWrites(p, finishing);
  if ((await run(...guarded)) !== 1) throw stale(p);
  for (const write of rest) await run(...write);
}

/** appendStep through a synchronous runner (`sqliteWrites`), in the transaction it runs in. */
export function appendStepNow(run: RunWriteNow, p: Progress, finishing: boolean): void {
  const [guarded, ...rest] = stepWrites(p, finishing);
  if (run(...guarded) !== 1) throw stale(p);
  for (const write of rest) run(...write);
}

/**
 * A plain step (no game ends in it) as the SQLite writer thread runs it: SQL text and parameters,
 * its guarded statement first (db/writer.ts).
 */
export function stepStatements(p: Progress): WriterStep {
  const [guarded, ...rest] = stepWrites(p, false);
  const statement = ([prepared, parameters]: Write): WriterStatement => [prepared.sqlite, parameters];
  return [statement(guarded), ...rest.map(statement)];
}

/** The step is not the game's next seq, or the game is over: a stale writer (docs/scale-out.md, "Fencing"). */
function stale(p: Progress): StaleWriteError {
  return new StaleWriteError(p.gameId, p.seq);
}

/** The position after replaying `moves` (seq order, all after `from.seq`) on `from`. */
export function replay(gameId: string, from: StoredPosition, moves: readonly MoveRow[]): StoredPosition {
  let position = from;
  for (const move of moves) {
    if (move.seq !== position.seq + 1 || move.expiries === null)
      throw new Error(
        `Game ${gameId}: the move log does not continue seq ${position.seq} (found ${move.seq})`,
      );
    position = {
      state: applyMove(position.state, move.seat, move.card as Move).state,
      seq: move.seq,
      turnDeadline: move.turn_deadline,
      expiries: JSON.parse(move.expiries) as number[],
    };
  }
  return position;
}
