import type { Kysely, Selectable } from 'kysely';
import type { Database, GamePlayersTable } from '../../db/schema';

type Db = Kysely<Database>;
export type GamePlayerRow = Selectable<GamePlayersTable>;

/** Active ranked and quick games, newest first: what anyone may watch. */
export function liveGames(db: Db, limit: number) {
  return db
    .selectFrom('games')
    .selectAll()
    .where('status', '=', 'active')
    .where('mode', 'in', ['ranked', 'quick'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The names of these tournaments, by id (a live game names its tournament). */
export async function tournamentNamesOf(
  db: Db,
  ids: number[],
): Promise<Map<number, { id: number; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournaments')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), name: row.name }]));
}

/** The games a user sat at. */
const gamesPlayedBy = (db: Db, userId: number) =>
  db
    .selectFrom('games')
    .innerJoin('game_players', 'game_players.game_id', 'games.id')
    .selectAll('games')
    .where('game_players.user_id', '=', userId);

/** A user's games, the active one first, then the most recent. */
export function gamesOf(db: Db, userId: number, limit: number) {
  return gamesPlayedBy(db, userId)
    .orderBy((eb) => eb.case().when('games.status', '=', 'active').then(0).else(1).end())
    .orderBy('games.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A player's most recent finished ranked and quick games, newest first (their profile's list). */
export function finishedPublicGamesOf(db: Db, userId: number, limit: number) {
  return gamesPlayedBy(db, userId)
    .where('games.status', '=', 'finished')
    .where('games.mode', 'in', ['ranked', 'quick'])
    .orderBy('games.finished_at', 'desc')
    .orderBy('games.id')
    .limit(limit)
    .execute();
}

export function findGame(db: Db, id: string) {
  return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
}

export function playersOf(db: Db, gameIds: string[]): Promise<GamePlayerRow[]> {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('game_players').selectAll().where('game_id', 'in', gameIds).orderBy('seat').execute();
}

/** Current rating and chosen avatar of each of `userIds` (no row: the initial rating, shown as such). */
export function watchDetailsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .leftJoin('ratings', 'ratings.user_id', 'users.id')
    .select(['users.id', 'users.avatar_item_id', 'ratings.rating'])
    .where('users.id', 'in', userIds)
    .execute();
}

export function movesOf(db: Db, gameId: string) {
  return db
    .selectFrom('moves')
    .select(['seq', 'seat', 'card', 'auto'])
    .where('game_id', '=', gameId)
    .orderBy('seq')
    .execute();
}
