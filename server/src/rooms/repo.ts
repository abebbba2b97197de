import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, GamePlayersTable, GamesTable } from '../db/schema';

type Db = Kysely<Database>;
export type GameRow = Selectable<GamesTable>;
export type GamePlayerRow = Selectable<GamePlayersTable>;

export async function insertGame(db: Db, game: GameRow, players: GamePlayerRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('games').values(game).execute();
    await trx.insertInto('game_players').values(players).execute();
  });
}

export interface Progress {
  gameId: string;
  seq: number;
  state: string;
  turnDeadline: number | null;
  expiries: string;
  move: { seat: number; card: string; auto: boolean } | null;
  now: number;
}

/** One play and the state it led to, in one transaction: a restart resumes at exactly this seq. */
export async function saveProgress(trx: Transaction<Database> | Db, p: Progress): Promise<void> {
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
  await trx
    .updateTable('games')
    .set({
      seq: p.seq,
      state: p.state,
      turn_deadline: p.turnDeadline,
      expiries: p.expiries,
      updated_at: p.now,
    })
    .where('id', '=', p.gameId)
    .execute();
}

export function loadActiveGames(db: Db) {
  return db.selectFrom('games').selectAll().where('status', '=', 'active').execute();
}

export function loadGame(db: Db, id: string) {
  return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
}

export function loadPlayers(db: Db, gameIds: string[]) {
  if (gameIds.length === 0) return Promise.resolve([] as GamePlayerRow[]);
  return db.selectFrom('game_players').selectAll().where('game_id', 'in', gameIds).orderBy('seat').execute();
}

export function loadMoves(db: Db, gameId: string) {
  return db
    .selectFrom('moves')
    .select(['seq', 'seat', 'card', 'auto', 'created_at'])
    .where('game_id', '=', gameId)
    .orderBy('seq')
    .execute();
}

/** Active games a user plays in (normally at most one). */
export function activeGameIdsOf(db: Db, userId: number) {
  return db
    .selectFrom('game_players')
    .innerJoin('games', 'games.id', 'game_players.game_id')
    .select(['games.id', 'games.mode'])
    .where('game_players.user_id', '=', userId)
    .where('games.status', '=', 'active')
    .execute();
}
