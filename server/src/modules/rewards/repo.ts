import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CurrencyType, Database, DailyRewardsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type DailyRewardRow = Selectable<DailyRewardsTable>;

// ── Daily rewards ───────────────────────────────────────────────────────────────────────────────

/** The active schedule, in day order. */
export function activeSchedule(db: Db | Transaction<Database>): Promise<DailyRewardRow[]> {
  return db
    .selectFrom('daily_rewards')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('day')
    .orderBy('id')
    .execute();
}

/** The user's newest claim on or before `date` (YYYY-MM-DD), if any. */
export function lastClaim(db: Db | Transaction<Database>, userId: number, onOrBefore: string) {
  return db
    .selectFrom('daily_claims')
    .select(['claim_date', 'day', 'streak'])
    .where('user_id', '=', userId)
    .where('claim_date', '<=', onOrBefore)
    .orderBy('claim_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Records a claim; false when the user already claimed that date (the unique key decides). */
export async function insertClaim(
  trx: Transaction<Database>,
  claim: { userId: number; date: string; day: number; streak: number; now: number },
): Promise<boolean> {
  const row = await trx
    .insertInto('daily_claims')
    .values({
      user_id: claim.userId,
      claim_date: claim.date,
      day: claim.day,
      streak: claim.streak,
      created_at: claim.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'claim_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the user a shop item for free (a purchase at price 0); null when the item is gone or
 * inactive, or the user already owns it.
 */
export async function grantItem(
  trx: Transaction<Database>,
  userId: number,
  itemId: number,
  now: number,
): Promise<{ id: number; name: string } | null> {
  const item = await trx
    .selectFrom('shop_items')
    .select(['id', 'name', 'currency_type', 'grant_currency_type'])
    .where('id', '=', itemId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!item) return null;
  const granted = await trx
    .insertInto('purchases')
    .values({
      user_id: userId,
      shop_item_id: item.id,
      price: 0,
      currency_type: item.currency_type ?? item.grant_currency_type ?? 'regular',
      purchase_date: now,
      expiry_date: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'shop_item_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return granted ? { id: item.id, name: item.name } : null;
}

/**
 * The first week of rewards, written when there is no schedule at all: coins that grow each day
 * and gems on day 7, with an avatar from the shop as a bonus when the shop has one.
 */
export async function seedSchedule(db: Db, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('daily_rewards').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const bonus = await trx
      .selectFrom('shop_items')
      .select('id')
      .where('kind', '=', 'avatar')
      .where('is_active', '=', 1)
      .where('price', 'is not', null)
      .orderBy('sort_order')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const week: [number, CurrencyType, string][] = [
      [50, 'regular', 'Daily login reward'],
      [75, 'regular', 'Day 2 login reward'],
      [100, 'regular', 'Day 3 login reward'],
      [150, 'regular', 'Day 4 login reward'],
      [200, 'regular', 'Day 5 login reward'],
      [300, 'regular', 'Day 6 login reward'],
      [10, 'premium', bonus ? 'A full week: gems and a bonus avatar' : 'A full week: gems'],
    ];
    await trx
      .insertInto('daily_rewards')
      .values(
        week.map(([amount, currencyType, description], i) => ({
          day: i + 1,
          amount,
          currency_type: currencyType,
          description,
          image_url: null,
          bonus_item_id: i === week.length - 1 ? (bonus?.id ?? null) : null,
          created_at: now,
          updated_at: now,
        })),
      )
      // Nodes starting together seed at once; one active reward per day lets only the first in.
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return true;
  });
}

// ── Achievements ────────────────────────────────────────────────────────────────────────────────

/** The user's finished games with what achievements need from the rows alone. */
export function finishedGamesOf(db: Db, userId: number) {
  return db
    .selectFrom('games')
    .innerJoin('game_players as me', 'me.game_id', 'games.id')
    .select([
      'games.id',
      'games.mode',
      'games.winner_user_id',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('game_players as bot')
              .select('bot.seat')
              .whereRef('bot.game_id', '=', 'games.id')
              .where('bot.bot_level', '=', 'hard'),
          )
          .as('against_hard_bot'),
    ])
    .where('me.user_id', '=', userId)
    .where('games.status', '=', 'finished')
    .execute();
}

/**
 * Finished games in which the user played a 6 or a 7 (only those can hold a hand they won with
 * one), newest first, with the user's seat and what a replay needs.
 */
export function gamesWithSixOrSeven(db: Db, userId: number) {
  return db
    .selectFrom('games')
    .innerJoin('game_players as me', 'me.game_id', 'games.id')
    .select(['games.id', 'games.seed', 'games.player_count', 'games.target_score', 'me.seat'])
    .where('me.user_id', '=', userId)
    .where('games.status', '=', 'finished')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('moves')
          .select('moves.seq')
          .whereRef('moves.game_id', '=', 'games.id')
          .whereRef('moves.seat', '=', 'me.seat')
          .where((w) => w.or([w('moves.card', 'like', '6%'), w('moves.card', 'like', '7%')])),
      ),
    )
    .orderBy('games.finished_at', 'desc')
    .orderBy('games.id')
    .execute();
}

/** The moves of some games, in order, grouped by game. */
export async function movesOfGames(
  db: Db,
  gameIds: string[],
): Promise<Map<string, { seat: number; card: string }[]>> {
  const byGame = new Map<string, { seat: number; card: string }[]>(gameIds.map((id) => [id, []]));
  if (gameIds.length === 0) return byGame;
  const rows = await db
    .selectFrom('moves')
    .select(['game_id', 'seat', 'card'])
    .where('game_id', 'in', gameIds)
    .orderBy('game_id')
    .orderBy('seq')
    .execute();
  for (const row of rows) byGame.get(row.game_id)!.push({ seat: row.seat, card: row.card });
  return byGame;
}

export async function claimedAchievements(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('achievement_claims')
    .select('achievement_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.achievement_id));
}

/** Records a claim; false when it was claimed before. */
export async function insertAchievementClaim(
  trx: Transaction<Database>,
  claim: { userId: number; achievementId: string; amount: number; currencyType: CurrencyType; now: number },
): Promise<boolean> {
  const row = await trx
    .insertInto('achievement_claims')
    .values({
      user_id: claim.userId,
      achievement_id: claim.achievementId,
      amount: claim.amount,
      currency_type: claim.currencyType,
      claimed_at: claim.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'achievement_id']).doNothing())
    .returning('achievement_id')
    .executeTakeFirst();
  return row !== undefined;
}

// ── Game rewards ────────────────────────────────────────────────────────────────────────────────

export function gameRewardsOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('game_rewards')
    .innerJoin('games', 'games.id', 'game_rewards.game_id')
    .select([
      'game_rewards.game_id',
      'games.mode',
      'game_rewards.outcome',
      'game_rewards.amount',
      'game_rewards.currency_type',
      'game_rewards.claimed_at',
      'game_rewards.created_at',
    ])
    .where('game_rewards.user_id', '=', userId)
    .orderBy('game_rewards.created_at', 'desc')
    .orderBy('game_rewards.game_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Marks an unclaimed reward claimed and returns it; undefined when there is none to claim. On
 * PostgreSQL a concurrent claim waits on the row and then finds it claimed.
 */
export function takeGameReward(trx: Transaction<Database>, userId: number, gameId: string, now: number) {
  return trx
    .updateTable('game_rewards')
    .set({ claimed_at: now })
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .where('claimed_at', 'is', null)
    .returning(['amount', 'currency_type'])
    .executeTakeFirst();
}

export function findGameReward(db: Db, userId: number, gameId: string) {
  return db
    .selectFrom('game_rewards')
    .select('claimed_at')
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
