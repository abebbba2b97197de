import type { Kysely, Transaction } from 'kysely';
import type { GameState } from '@shared/game';
import type { GameMode, RatingChange } from '@shared/protocol';
import type { Db, SqliteHandle } from '../../db';
import { firstPrepared, runPrepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import {
  StaleWriteError,
  type Finish,
  type Finished,
  type GameStore,
  type NewGame,
  type Progress,
} from '../../rooms/store';
import type { RoomSnapshot } from '../../rooms/types';
import { avatarUrlsOf } from '../customization/repo';
import { rateGame } from '../ratings/repo';
import { recordGameRewards } from '../rewards/game-rewards';
import { WriterStopped, type SqliteWriter } from '../../db/writer';
import {
  GroupCommit,
  WriteFailed,
  type GroupCommitHooks,
  type GroupCommitOptions,
  type Outcome,
} from './group-commit';
import {
  GAME_BY_ID,
  MOVES_AFTER,
  PLAYERS_OF_GAME,
  appendStep,
  appendStepNow,
  kyselyWrites,
  replay,
  sqliteWrites,
  stepStatements,
  type RunWrite,
  type GameRow,
  type GamePlayerRow,
  type MoveRow,
} from './move-log';

interface Step {
  progress: Progress;
  finish: Finish | null;
}

/**
 * A group commit's transaction: how its writes run, and Kysely's transaction when the batch has
 * one (always on PostgreSQL; on SQLite only for a batch that finishes a game, as rating and
 * rewards are written through Kysely).
 */
interface StepTx {
  run: RunWrite;
  trx?: Transaction<Database>;
}

/**
 * The rooms' GameStore on our database: rows ↔ snapshots, the move log, and every step of a game
 * written through one group-commit writer. It lives here rather than in rooms because finishing a
 * game rates it (ranked) and records the players' rewards. See docs/design.md, "Game storage".
 */
export class SqlGameStore implements GameStore {
  private readonly db: Kysely<Database>;
  private readonly steps: GroupCommit<StepTx, Step, Finished | undefined>;

  constructor(db: Db, hooks: GroupCommitHooks = {}) {
    this.db = db.kysely;
    const sqlite = db.sqlite;
    const writer = db.writer;
    this.steps = new GroupCommit({
      // Plain steps go to the writer thread while it runs; a batch that ends a game rates it and
      // records rewards through Kysely, on the server's connection (docs/design.md, "Game storage").
      ...(writer && {
        offload: (steps, beforeCommit) =>
          writer.alive && steps.every((step) => step.finish === null)
            ? writeOnThread(writer, steps, beforeCommit)
            : false,
      }),
      transact: (work, steps) =>
        sqlite && steps.every((step) => step.finish === null)
          ? this.sqliteTransaction(sqlite, work)
          : this.db.transaction().execute((trx) => work({ run: kyselyWrites(trx), trx })),
      write: (trx, step) => writeStep(trx, step),
      ...(sqlite && { now: sqliteNow(sqlite) }),
      describe: ({ progress }) => `game ${progress.gameId} at seq ${progress.seq}`,
      isRefusal: (error) => error instanceof StaleWriteError,
      hooks,
    });
  }

  /**
   * A batch of plain steps (no game ends in it) on SQLite that `sqliteNow` could not take (a
   * Kysely transaction is open, or a test holds the window): begun, written and committed on the
   * handle itself, holding Kysely's connection throughout so no Kysely transaction interleaves.
   * Through Kysely, the begin, each write and the commit cost more than the writes themselves.
   */
  private sqliteTransaction<T>(sqlite: SqliteHandle, work: (tx: StepTx) => Promise<T>): Promise<T> {
    // The executor's own connection hand-out: the lock Kysely's queries and transactions take.
    return this.db.getExecutor().provideConnection(async () => {
      sqlite.prepare('begin').run();
      try {
        const result = await work({ run: sqliteWrites(sqlite) });
        sqlite.prepare('commit').run();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.prepare('rollback').run();
        throw error;
      }
    });
  }

  /** Resolves once every step handed to save() has been written or refused (shutdown). */
  settled(): Promise<void> {
    return this.steps.settled();
  }

  async insertGame({ snapshot, seed, now }: NewGame): Promise<number[]> {
    // In one order for every game, so two games claiming the same players cannot deadlock.
    const humans = snapshot.players
      .flatMap((p) => (p.userId === null ? [] : [p.userId]))
      .sort((a, b) => a - b);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('games')
          .values({
            id: snapshot.id,
            mode: snapshot.mode,
            status: snapshot.status,
            seed,
            player_count: snapshot.players.length,
            target_score: snapshot.state.targetScore,
            state: JSON.stringify(snapshot.state),
            seq: snapshot.seq,
            turn_deadline: snapshot.turnDeadline,
            expiries: JSON.stringify(snapshot.expiries),
            winner_user_id: null,
            reason: null,
            created_at: now,
            updated_at: now,
            finished_at: null,
            invited_user_id: snapshot.invite?.userId ?? null,
            invite_expires_at: snapshot.invite?.expiresAt ?? null,
            tournament_id: snapshot.tournamentId,
          })
          .execute();
        await trx
          .insertInto('game_players')
          .values(
            snapshot.players.map((p) => ({
              game_id: snapshot.id,
              seat: p.seat,
              user_id: p.userId,
              username: p.username,
              bot_level: p.botLevel,
              rating_before: null,
              rating_after: null,
            })),
          )
          .execute();
        if (humans.length === 0) return;
        // The primary key on user_id is the lock: on PostgreSQL a concurrent insert of the same
        // user waits for the other transaction and then inserts nothing.
        const claimed = await trx
          .insertInto('active_players')
          .values(humans.map((userId) => ({ user_id: userId, game_id: snapshot.id })))
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === humans.length) return;
        const ours = await trx
          .selectFrom('active_players')
          .select('user_id')
          .where('game_id', '=', snapshot.id)
          .execute();
        const claimedIds = new Set(ours.map((row) => row.user_id));
        throw new PlayersBusy(humans.filter((userId) => !claimedIds.has(userId)));
      });
      return [];
    } catch (error) {
      if (error instanceof PlayersBusy) return error.userIds;
      throw error;
    }
  }

  /**
   * Queues the step for the next group commit; resolves once that transaction has committed and
   * rejects when the step was refused (not the game's next seq) or its write failed.
   */
  save(progress: Progress, finish: Finish | null): Promise<Finished | undefined> {
    return this.steps.submit({ progress, finish });
  }

  async start(gameId: string, turnDeadline: number | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('games')
      .set({ status: 'active', turn_deadline: turnDeadline, updated_at: now })
      .where('id', '=', gameId)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async cancel(gameId: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('games')
        .set({ status: 'cancelled', turn_deadline: null, updated_at: now, finished_at: now })
        .where('id', '=', gameId)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('active_players').where('game_id', '=', gameId).execute();
      return true;
    });
  }

  async liveIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('games')
      .select('id')
      .where('status', 'in', ['active', 'waiting'])
      .execute();
    return rows.map((row) => row.id);
  }

  /** One game by id, through the prepared statements of a room load. */
  async load(gameId: string): Promise<RoomSnapshot | undefined> {
    const row = await firstPrepared(this.db, GAME_BY_ID, [gameId]);
    if (!row) return undefined;
    const [moves, players] = await Promise.all([
      runPrepared(this.db, MOVES_AFTER, [gameId, row.seq]),
      runPrepared(this.db, PLAYERS_OF_GAME, [gameId]),
    ]);
    const avatars = await this.avatarsOf(
      players.rows.flatMap((p) => (p.user_id === null ? [] : [p.user_id])),
    );
    return toSnapshot(row, moves.rows, players.rows, avatars);
  }

  async activeGameOf(userId: number): Promise<{ id: string; mode: GameMode } | undefined> {
    return this.db
      .selectFrom('active_players')
      .innerJoin('games', 'games.id', 'active_players.game_id')
      .select(['games.id', 'games.mode'])
      .where('active_players.user_id', '=', userId)
      .executeTakeFirst();
  }

  async playingAmong(userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('active_players')
      .select('user_id')
      .where('user_id', 'in', [...userIds])
      .execute();
    return rows.map((row) => row.user_id);
  }

  avatarsOf(userIds: readonly number[]): Promise<Map<number, string>> {
    return avatarUrlsOf(this.db, userIds);
  }
}

/** Thrown inside insertGame's transaction to roll it back when a player is already playing. */
class PlayersBusy extends Error {
  constructor(readonly userIds: number[]) {
    super('players already in a game');
  }
}

/** A stored game as a room resumes it: its snapshot with the moves after it replayed. */
function toSnapshot(
  row: GameRow,
  moves: readonly MoveRow[],
  players: readonly GamePlayerRow[],
  avatars: Map<number, string>,
): RoomSnapshot {
  const position = replay(
    row.id,
    {
      state: JSON.parse(row.state) as GameState,
      seq: row.seq,
      turnDeadline: row.turn_deadline,
      expiries: JSON.parse(row.expiries) as number[],
    },
    moves,
  );
  return {
    id: row.id,
    mode: row.mode,
    players: players.map((p) => ({
      seat: p.seat,
      userId: p.user_id,
      username: p.username,
      botLevel: p.bot_level,
      avatarUrl: p.user_id === null ? null : (avatars.get(p.user_id) ?? null),
    })),
    ...position,
    status: row.status,
    winnerUserId: row.winner_user_id,
    reason: row.reason,
    invite:
      row.status === 'waiting' && row.invited_user_id !== null && row.invite_expires_at !== null
        ? { userId: row.invited_user_id, expiresAt: row.invite_expires_at }
        : null,
    tournamentId: row.tournament_id,
  };
}

/**
 * One step in the group commit's transaction: the move log (and snapshot) first, which refuses a
 * stale seq before anything is written; a finishing step then ends the game, rates it if it is
 * rated, records what each player earned and frees its players.
 */
async function writeStep(tx: StepTx, { progress: p, finish }: Step) {
  await appendStep(tx.run, p, finish !== null);
  if (!finish) return undefined;
  const trx = tx.trx;
  if (!trx) throw new Error('A finishing step needs a Kysely transaction');
  await trx
    .updateTable('games')
    .set({
      status: 'finished',
      winner_user_id: finish.winnerUserId,
      reason: finish.reason,
      finished_at: p.now,
      turn_deadline: null,
    })
    .where('id', '=', p.gameId)
    .execute();
  await trx.deleteFrom('active_players').where('game_id', '=', p.gameId).execute();
  const ratingChange = await rateIfRanked(trx, p.gameId, finish, p.now);
  const rewards = await recordGameRewards(trx, {
    gameId: p.gameId,
    mode: finish.mode,
    humans: finish.players.flatMap((player) => (player.userId === null ? [] : [player.userId])),
    winnerUserId: finish.winnerUserId,
    state: p.state,
    now: p.now,
  });
  return { ratingChange, rewards };
}

/**
 * The group commit's synchronous way on SQLite: a batch of plain steps written, begun to
 * committed, inside one callback, when no transaction is open on the connection. Nothing else
 * can run on the connection meanwhile, so Kysely's lock is not needed; a Kysely transaction under
 * way (it awaits between its statements) leaves the batch to the asynchronous way.
 */
function sqliteNow(
  sqlite: SqliteHandle,
): NonNullable<GroupCommitOptions<StepTx, Step, Finished | undefined>['now']> {
  const run = sqliteWrites(sqlite);
  return {
    transact: (work, steps) => {
      if (sqlite.inTransaction || steps.some((step) => step.finish !== null)) return false;
      sqlite.prepare('begin').run();
      try {
        const value = work({ run });
        sqlite.prepare('commit').run();
        return { value };
      } catch (error) {
        if (sqlite.inTransaction) sqlite.prepare('rollback').run();
        throw error;
      }
    },
    write: (_tx, { progress }) => {
      appendStepNow(run, progress, false);
      return undefined;
    },
  };
}

/**
 * A batch of plain steps written on the SQLite writer thread: each step stored, or refused as
 * stale when its guarded write changed nothing. Should the thread fail with the batch in flight,
 * each of its steps fails at once (never hangs), and is not tried again: whether the batch had
 * committed is not known, and the next batch is written on the server's connection.
 */
async function writeOnThread(
  writer: SqliteWriter,
  steps: readonly Step[],
  beforeCommit: (() => Promise<void>) | undefined,
): Promise<Outcome<Finished | undefined>[]> {
  let written: boolean[];
  try {
    written = await writer.write(
      steps.map((step) => stepStatements(step.progress)),
      beforeCommit,
    );
  } catch (error) {
    if (!(error instanceof WriterStopped)) throw error;
    return steps.map(({ progress: p }) => ({
      ok: false,
      error: new WriteFailed(`Could not store game ${p.gameId} at seq ${p.seq}: ${error.message}`, {
        cause: error,
      }),
    }));
  }
  return written.map((stored, i) => {
    const { gameId, seq } = steps[i]!.progress;
    return stored ? { ok: true, value: undefined } : { ok: false, error: new StaleWriteError(gameId, seq) };
  });
}

/** Ranked games between two people are rated, in the transaction that finishes them. */
async function rateIfRanked(
  trx: Transaction<Database>,
  gameId: string,
  finish: Finish,
  now: number,
): Promise<RatingChange[] | undefined> {
  const humans = finish.players.filter((p) => p.userId !== null);
  if (finish.mode !== 'ranked' || humans.length !== 2 || finish.winnerUserId === null) return undefined;
  const loser = humans.find((p) => p.userId !== finish.winnerUserId)!;
  const changes = await rateGame(trx, finish.winnerUserId, loser.userId!, now);
  for (const change of changes) {
    await trx
      .updateTable('game_players')
      .set({ rating_before: change.before, rating_after: change.after })
      .where('game_id', '=', gameId)
      .where('user_id', '=', change.userId)
      .execute();
  }
  return changes;
}
