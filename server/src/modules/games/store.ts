import type { Kysely, Selectable, Transaction } from 'kysely';
import type { GameState } from '@shared/game';
import type { GameMode, RatingChange } from '@shared/protocol';
import type { Db } from '../../db';
import type { Database, GamePlayersTable, GamesTable } from '../../db/schema';
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

type GameRow = Selectable<GamesTable>;
type GamePlayerRow = Selectable<GamePlayersTable>;

/**
 * The rooms' GameStore on our database: rows ↔ snapshots, and every write of a game in one
 * transaction. It lives here rather than in rooms because finishing a game rates it (ranked) and
 * records the players' rewards.
 */
export class SqlGameStore implements GameStore {
  private readonly db: Kysely<Database>;

  constructor(db: Db) {
    this.db = db.kysely;
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

  async save(p: Progress, finish: Finish | null): Promise<Finished | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await fencedUpdate(trx, p, finish);
      if (p.move) {
        await trx
          .insertInto('moves')
          .values({
            game_id: p.gameId,
            seq: p.seq,
            seat: p.move.seat,
            card: p.move.card,
            auto: p.move.auto ? 1 : 0,
            created_at: p.now,
          })
          .execute();
      }
      if (!finish) return undefined;
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
    });
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

  async loadActive(): Promise<RoomSnapshot[]> {
    const rows = await this.db
      .selectFrom('games')
      .selectAll()
      .where('status', 'in', ['active', 'waiting'])
      .execute();
    return this.withPlayers(rows);
  }

  async load(gameId: string): Promise<RoomSnapshot | undefined> {
    const row = await this.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
    return row ? (await this.withPlayers([row]))[0] : undefined;
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

  private async withPlayers(rows: GameRow[]): Promise<RoomSnapshot[]> {
    if (rows.length === 0) return [];
    const players = await this.db
      .selectFrom('game_players')
      .selectAll()
      .where(
        'game_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('seat')
      .execute();
    // Avatars are the players' current choice, not stored with the game.
    const avatars = await this.avatarsOf(players.flatMap((p) => (p.user_id === null ? [] : [p.user_id])));
    return rows.map((row) =>
      toSnapshot(
        row,
        players.filter((p) => p.game_id === row.id),
        avatars,
      ),
    );
  }
}

/**
 * The step's row update, fenced on the previous seq: a node whose lease lapsed while another
 * adopted the game finds the seq moved on, writes nothing and stops (docs/scale-out.md, "Fencing").
 */
async function fencedUpdate(trx: Transaction<Database>, p: Progress, finish: Finish | null): Promise<void> {
  const result = await trx
    .updateTable('games')
    .set({
      seq: p.seq,
      state: JSON.stringify(p.state),
      turn_deadline: p.turnDeadline,
      expiries: JSON.stringify(p.expiries),
      updated_at: p.now,
      ...(finish
        ? {
            status: 'finished' as const,
            winner_user_id: finish.winnerUserId,
            reason: finish.reason,
            finished_at: p.now,
            turn_deadline: null,
          }
        : {}),
    })
    .where('id', '=', p.gameId)
    .where('seq', '=', p.seq - 1)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new StaleWriteError(p.gameId, p.seq);
}

/** Thrown inside insertGame's transaction to roll it back when a player is already playing. */
class PlayersBusy extends Error {
  constructor(readonly userIds: number[]) {
    super('players already in a game');
  }
}

function toSnapshot(row: GameRow, players: GamePlayerRow[], avatars: Map<number, string>): RoomSnapshot {
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
    state: JSON.parse(row.state) as GameState,
    seq: row.seq,
    turnDeadline: row.turn_deadline,
    expiries: JSON.parse(row.expiries) as number[],
    status: row.status,
    winnerUserId: row.winner_user_id,
    reason: row.reason,
    invite:
      row.status === 'waiting' && row.invited_user_id !== null && row.invite_expires_at !== null
        ? { userId: row.invited_user_id, expiresAt: row.invite_expires_at }
        : null,
  };
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
