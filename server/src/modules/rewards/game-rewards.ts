import type { Transaction } from 'kysely';
import type { GameState } from '@shared/game';
import type { GameMode } from '@shared/protocol';
import type { Database } from '../../db/schema';
import type { Earned } from '../../rooms/store';

/**
 * Coins for a finished game: the winner earns more. Practice earns nothing, and neither do private
 * games, whose two friends could otherwise trade wins for coins at will (see docs/design.md,
 * "Social").
 */
export const GAME_REWARD = { win: 50, loss: 15 } as const;
const REWARDED_MODES: ReadonlySet<GameMode> = new Set(['ranked', 'quick']);

/**
 * Whether a game got far enough to earn anything: at least one hand was played to its end. A game
 * won on score did; one ended early (resignation, timeouts, abandonment) did once a second hand
 * was dealt, since the engine deals the next hand as the last trick of one is taken.
 */
export function completedAHand(state: GameState): boolean {
  return state.status === 'finished' || state.handNumber > 1;
}

export interface FinishedGame {
  gameId: string;
  mode: GameMode;
  humans: number[];
  winnerUserId: number | null;
  state: GameState;
  now: number;
}

/**
 * Writes what each player earned in a game that is finishing, inside the transaction that
 * finishes it, and returns it by user. The rewards wait in `game_rewards` until claimed.
 */
export async function recordGameRewards(
  trx: Transaction<Database>,
  game: FinishedGame,
): Promise<Map<number, Earned>> {
  const earned = new Map<number, Earned>();
  if (!REWARDED_MODES.has(game.mode) || !completedAHand(game.state) || game.humans.length === 0)
    return earned;
  const rows = game.humans.map((userId) => {
    const outcome = userId === game.winnerUserId ? ('win' as const) : ('loss' as const);
    const amount = GAME_REWARD[outcome];
    earned.set(userId, { currency: amount, premiumCurrency: 0 });
    return {
      game_id: game.gameId,
      user_id: userId,
      amount,
      currency_type: 'regular' as const,
      outcome,
      created_at: game.now,
      claimed_at: null,
    };
  });
  await trx.insertInto('game_rewards').values(rows).execute();
  return earned;
}
