import type { Achievement, DailyReward, DailyRewardsState, GameReward } from '@shared/protocol';
import type { Db } from '../../db';
import type { Transaction } from 'kysely';
import type { CurrencyType, Database } from '../../db/schema';
import { DomainError } from '../../errors';
import { balanceOf, moveMoney, type MoneyMove } from '../currency/ledger';
import { ACHIEVEMENTS, achievementById, countHands, handsWon, type PlayerRecord } from './achievements';
import * as repo from './repo';

/** A day of the schedule as players and staff see it. */
export function toDailyReward(row: repo.DailyRewardRow): DailyReward {
  return {
    id: Number(row.id),
    day: row.day,
    amount: row.amount,
    currencyType: row.currency_type,
    description: row.description,
    imageUrl: row.image_url,
    isActive: row.is_active === 1,
    bonusItemId: row.bonus_item_id === null ? null : Number(row.bonus_item_id),
  };
}

const DAY_MS = 86_400_000;
/** Finished games replayed per query when looking for hand achievements. */
const REPLAY_BATCH = 25;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function amountText(amount: number, currencyType: CurrencyType): string {
  const unit = currencyType === 'regular' ? 'coin' : 'gem';
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * Credits a claimed reward inside the claim's transaction, and answers what every claim answers:
 * what was credited, in words and figures, and the balance after it.
 */
async function credit(trx: Transaction<Database>, claimed: string, move: MoneyMove) {
  await moveMoney(trx, move);
  return {
    message: `${claimed}: ${amountText(move.delta, move.currencyType)}`,
    amount: move.delta,
    currencyType: move.currencyType,
    balance: await balanceOf(trx, move.userId),
  };
}

const alreadyClaimedToday = () =>
  new DomainError('conflict', 'Daily reward already claimed today', 'already_claimed');
const noSchedule = () => new DomainError('not_found', 'No daily reward is available', 'no_daily_reward');
const achievementNotFound = () =>
  new DomainError('not_found', 'Achievement not found', 'achievement_not_found');
const achievementClaimed = () =>
  new DomainError('conflict', 'Achievement reward already claimed', 'already_claimed');
const gameRewardNotFound = () =>
  new DomainError('not_found', 'Game reward not found', 'game_reward_not_found');
const gameRewardClaimed = () => new DomainError('conflict', 'Game reward already claimed', 'already_claimed');

export interface RewardServiceDeps {
  db: Db;
  now: () => number;
}

/**
 * Daily, achievement and game rewards. Every claim is one transaction that records the claim and
 * credits it through the ledger, so a claim made twice (or fifty times at once) pays once.
 */
export class RewardService {
  constructor(private readonly deps: RewardServiceDeps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** Writes the first week's schedule when there is none (at start-up). */
  seedDailySchedule(): Promise<boolean> {
    return repo.seedSchedule(this.db, this.deps.now());
  }

  // ── Daily ───────────────────────────────────────────────────────────────────────────────────

  private days(now: number) {
    const midnight = Math.floor(now / DAY_MS) * DAY_MS;
    return {
      today: utcDate(midnight),
      yesterday: utcDate(midnight - DAY_MS),
      nextClaimAt: midnight + DAY_MS,
    };
  }

  async dailyState(userId: number): Promise<DailyRewardsState> {
    const { today, yesterday, nextClaimAt } = this.days(this.deps.now());
    const schedule = await repo.activeSchedule(this.db);
    const last = await repo.lastClaim(this.db, userId, today);
    const rewards = schedule.map(toDailyReward);
    if (last?.claim_date === today)
      return { rewards, today: last.day, streak: last.streak, claimedToday: true, nextClaimAt };
    const streak = last?.claim_date === yesterday ? last.streak : 0;
    const next = schedule.length > 0 ? schedule[streak % schedule.length]!.day : 1;
    return { rewards, today: next, streak, claimedToday: false, nextClaimAt };
  }

  /**
   * Claims today's reward. The streak goes on from yesterday's claim or starts again at 1; the
   * schedule repeats after its last day. The unique (user, day) claim row decides between
   * concurrent claims: only one transaction inserts it, the others answer 409 and credit nothing.
   */
  async claimDaily(userId: number) {
    const now = this.deps.now();
    const { today, yesterday } = this.days(now);
    return this.db.transaction().execute(async (trx) => {
      const schedule = await repo.activeSchedule(trx);
      if (schedule.length === 0) throw noSchedule();
      const last = await repo.lastClaim(trx, userId, today);
      if (last?.claim_date === today) throw alreadyClaimedToday();
      const streak = last?.claim_date === yesterday ? last.streak + 1 : 1;
      const reward = schedule[(streak - 1) % schedule.length]!;
      if (!(await repo.insertClaim(trx, { userId, date: today, day: reward.day, streak, now })))
        throw alreadyClaimedToday();
      const credited = await credit(trx, 'Daily reward claimed', {
        userId,
        currencyType: reward.currency_type,
        delta: reward.amount,
        reason: 'daily_reward',
        reference: today,
        description: `Daily reward, day ${reward.day}`,
        now,
      });
      const bonusItem =
        reward.bonus_item_id === null ? null : await repo.grantItem(trx, userId, reward.bonus_item_id, now);
      return { ...credited, day: reward.day, streak, bonusItem };
    });
  }

  // ── Achievements ────────────────────────────────────────────────────────────────────────────

  /**
   * What the user has done, from their finished games. Hands are replayed on the engine only when
   * asked (some hand achievement is still unclaimed), only for games where the user played a 6 or
   * a 7, and only until one of each kind is found: each is a one-off.
   */
  private async record(userId: number, withHands: boolean): Promise<PlayerRecord> {
    const games = await repo.finishedGamesOf(this.db, userId);
    const won = games.filter((g) => g.winner_user_id === userId);
    const record: PlayerRecord = {
      gamesFinished: games.length,
      wins: won.length,
      rankedWins: won.filter((g) => g.mode === 'ranked').length,
      // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
      hardBotWins: won.filter((g) => Boolean(g.against_hard_bot)).length,
      sixHands: 0,
      sevenCaptureHands: 0,
    };
    if (!withHands) return record;
    const candidates = await repo.gamesWithSixOrSeven(this.db, userId);
    for (let i = 0; i < candidates.length; i += REPLAY_BATCH) {
      if (record.sixHands > 0 && record.sevenCaptureHands > 0) break;
      const batch = candidates.slice(i, i + REPLAY_BATCH);
      const moves = await repo.movesOfGames(
        this.db,
        batch.map((g) => g.id),
      );
      for (const game of batch) {
        const hands = handsWon({
          seed: game.seed,
          players: game.player_count,
          targetScore: game.target_score,
          moves: moves.get(game.id) ?? [],
        });
        const counted = countHands(hands, game.seat);
        record.sixHands += counted.sixHands;
        record.sevenCaptureHands += counted.sevenCaptureHands;
      }
    }
    return record;
  }

  async achievements(userId: number, limit: number): Promise<Achievement[]> {
    const claimed = await repo.claimedAchievements(this.db, userId);
    const withHands = ACHIEVEMENTS.some((a) => a.fromHands && !claimed.has(a.id));
    const record = await this.record(userId, withHands);
    return ACHIEVEMENTS.slice(0, limit).map((a) => {
      const isClaimed = claimed.has(a.id);
      const count = a.count(record);
      return {
        id: a.id,
        name: a.name,
        description: a.description,
        amount: a.amount,
        currencyType: a.currencyType,
        // A claimed achievement stays done, whatever the records say now.
        progress: isClaimed ? a.target : Math.min(count, a.target),
        target: a.target,
        unlocked: isClaimed || count >= a.target,
        claimed: isClaimed,
      };
    });
  }

  async claimAchievement(userId: number, achievementId: string) {
    const achievement = achievementById(achievementId);
    if (!achievement) throw achievementNotFound();
    if ((await repo.claimedAchievements(this.db, userId)).has(achievement.id)) throw achievementClaimed();
    const record = await this.record(userId, achievement.fromHands);
    if (achievement.count(record) < achievement.target)
      throw new DomainError(
        'invalid',
        `Achievement not unlocked yet: ${achievement.description}`,
        'achievement_locked',
      );
    const now = this.deps.now();
    return this.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertAchievementClaim(trx, {
        userId,
        achievementId: achievement.id,
        amount: achievement.amount,
        currencyType: achievement.currencyType,
        now,
      });
      if (!inserted) throw achievementClaimed();
      return credit(trx, 'Achievement reward claimed', {
        userId,
        currencyType: achievement.currencyType,
        delta: achievement.amount,
        reason: 'achievement',
        reference: achievement.id,
        description: `Achievement: ${achievement.name}`,
        now,
      });
    });
  }

  // ── Game rewards ────────────────────────────────────────────────────────────────────────────

  async gameRewards(userId: number, limit: number): Promise<GameReward[]> {
    const rows = await repo.gameRewardsOf(this.db, userId, limit);
    return rows.map((row) => ({
      gameId: row.game_id,
      mode: row.mode,
      outcome: row.outcome,
      amount: row.amount,
      currencyType: row.currency_type,
      claimed: row.claimed_at !== null,
      createdAt: row.created_at,
    }));
  }

  async claimGameReward(userId: number, gameId: string) {
    const now = this.deps.now();
    return this.db.transaction().execute(async (trx) => {
      const reward = await repo.takeGameReward(trx, userId, gameId, now);
      if (!reward) {
        const found = await repo.findGameReward(trx, userId, gameId);
        throw found ? gameRewardClaimed() : gameRewardNotFound();
      }
      return credit(trx, 'Game reward claimed', {
        userId,
        currencyType: reward.currency_type,
        delta: reward.amount,
        reason: 'game_reward',
        reference: gameId,
        description: 'Game reward',
        now,
      });
    });
  }
}
