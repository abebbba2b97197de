import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { INITIAL_RATING, updateRating, type Rating } from './glicko2';

type Db = Kysely<Database> | Transaction<Database>;

export async function ratingOf(db: Db, userId: number): Promise<Rating & { games: number; wins: number }> {
  const row = await db.selectFrom('ratings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ?? { ...INITIAL_RATING, games: 0, wins: 0 };
}

export interface RatingChange {
  userId: number;
  before: number;
  after: number;
  delta: number;
}

/**
 * Rates a finished two-player ranked game. Runs inside the transaction that finishes the game, so
 * a result and its rating change are written together or not at all.
 */
export async function rateGame(
  trx: Transaction<Database>,
  winnerId: number,
  loserId: number,
  now: number,
): Promise<RatingChange[]> {
  const winner = await ratingOf(trx, winnerId);
  const loser = await ratingOf(trx, loserId);
  const updated = [
    { userId: winnerId, old: winner, next: updateRating(winner, [{ opponent: loser, score: 1 }]), won: 1 },
    { userId: loserId, old: loser, next: updateRating(loser, [{ opponent: winner, score: 0 }]), won: 0 },
  ];
  for (const { userId, old, next, won } of updated) {
    const values = {
      rating: next.rating,
      rd: next.rd,
      volatility: next.volatility,
      games: old.games + 1,
      wins: old.wins + won,
      updated_at: now,
    };
    await trx
      .insertInto('ratings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }
  return updated.map(({ userId, old, next }) => wholeChange(userId, old.rating, next.rating));
}

/**
 * Ratings are kept with their fractions (Glicko-2 needs them) but told in whole numbers, the change
 * being the difference of the two whole ratings so that before + delta = after as shown.
 * See docs/protocol.md, "GAME_OVER".
 */
export function wholeChange(userId: number, before: number, after: number): RatingChange {
  const [from, to] = [Math.round(before), Math.round(after)];
  return { userId, before: from, after: to, delta: to - from };
}

export function leaderboard(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .select([
      'users.id as userId',
      'users.username',
      'ratings.rating',
      'ratings.rd',
      'ratings.games',
      'ratings.wins',
    ])
    .where('users.deleted_at', 'is', null)
    .where('ratings.games', '>', 0)
    .orderBy('ratings.rating', 'desc')
    .orderBy('ratings.games', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The player's last `limit` rated games, newest first: each game with their rating before and after
 * it (written by the transaction that rated it). Games rated before those columns were kept have
 * none and are left out. See docs/api.md, "Players".
 */
export function ratedGamesOf(db: Kysely<Database>, userId: number, limit: number) {
  return ratedGames(db, userId)
    .select([
      'games.id',
      'games.finished_at',
      'games.updated_at',
      'games.winner_user_id',
      'games.reason',
      'game_players.rating_before',
      'game_players.rating_after',
    ])
    .orderBy('games.finished_at', 'desc')
    .orderBy('games.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many rated games `ratedGamesOf` could list. */
export async function ratedGameCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await ratedGames(db, userId)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers counts as strings (bigint); SQLite as numbers.
  return Number(row.count);
}

function ratedGames(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('game_players')
    .innerJoin('games', 'games.id', 'game_players.game_id')
    .where('game_players.user_id', '=', userId)
    .where('games.mode', '=', 'ranked')
    .where('games.status', '=', 'finished')
    .where('game_players.rating_before', 'is not', null)
    .where('game_players.rating_after', 'is not', null);
}
