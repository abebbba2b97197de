import { applyMove, newGame, rankOf, type GameEvent, type Move } from '@shared/game';
import type { CurrencyType } from '../../db/schema';

/**
 * What a player has done, read from their finished games. Everything here is derived from the
 * game records on each request, so nothing can go stale: there is no cache to invalidate.
 */
export interface PlayerRecord {
  gamesFinished: number;
  wins: number;
  rankedWins: number;
  hardBotWins: number;
  /** Hands the player won by taking the last trick with a 6 (3 points). */
  sixHands: number;
  /** Hands the player won by taking the last trick with a 7 that beat the led card (1 point). */
  sevenCaptureHands: number;
}

export interface AchievementDef {
  id: string;
  name: string;
  description: string;
  amount: number;
  currencyType: CurrencyType;
  target: number;
  /** Needs the hands replayed (the costly part); the others come from game rows alone. */
  fromHands: boolean;
  count(record: PlayerRecord): number;
}

export const ACHIEVEMENTS: readonly AchievementDef[] = [
  {
    id: 'first_game',
    name: 'First game',
    description: 'Finish your first game.',
    amount: 50,
    currencyType: 'regular',
    target: 1,
    fromHands: false,
    count: (r) => r.gamesFinished,
  },
  {
    id: 'first_win',
    name: 'First win',
    description: 'Win a game.',
    amount: 100,
    currencyType: 'regular',
    target: 1,
    fromHands: false,
    count: (r) => r.wins,
  },
  {
    id: 'wins_10',
    name: 'Ten wins',
    description: 'Win 10 games.',
    amount: 300,
    currencyType: 'regular',
    target: 10,
    fromHands: false,
    count: (r) => r.wins,
  },
  {
    id: 'wins_50',
    name: 'Fifty wins',
    description: 'Win 50 games.',
    amount: 25,
    currencyType: 'premium',
    target: 50,
    fromHands: false,
    count: (r) => r.wins,
  },
  {
    id: 'six_for_three',
    name: 'Six for three',
    description: 'Win a hand with a 6 in the last trick, for 3 points.',
    amount: 150,
    currencyType: 'regular',
    target: 1,
    fromHands: true,
    count: (r) => r.sixHands,
  },
  {
    id: 'seven_capture',
    name: 'Captured the lead',
    description: 'Win a hand by beating the led card with a 7 in the last trick.',
    amount: 150,
    currencyType: 'regular',
    target: 1,
    fromHands: true,
    count: (r) => r.sevenCaptureHands,
  },
  {
    id: 'first_ranked_win',
    name: 'Ranked winner',
    description: 'Win a ranked game.',
    amount: 200,
    currencyType: 'regular',
    target: 1,
    fromHands: false,
    count: (r) => r.rankedWins,
  },
  {
    id: 'beat_hard_bot',
    name: 'Bot breaker',
    description: 'Beat the hard bot in a practice game.',
    amount: 10,
    currencyType: 'premium',
    target: 1,
    fromHands: false,
    count: (r) => r.hardBotWins,
  },
];

export function achievementById(id: string): AchievementDef | undefined {
  return ACHIEVEMENTS.find((a) => a.id === id);
}

/** A finished game as stored: enough to deal it again and replay every move. */
export interface StoredGame {
  seed: string;
  players: number;
  targetScore: number;
  moves: { seat: number; card: string }[];
}

/** The HAND_WON events of a finished game, by replaying its moves on the engine. */
export function handsWon(game: StoredGame): Extract<GameEvent, { kind: 'HAND_WON' }>[] {
  let state = newGame({ players: game.players, seed: game.seed, targetScore: game.targetScore });
  const won: Extract<GameEvent, { kind: 'HAND_WON' }>[] = [];
  for (const move of game.moves) {
    const result = applyMove(state, move.seat, move.card as Move);
    state = result.state;
    for (const event of result.events) if (event.kind === 'HAND_WON') won.push(event);
  }
  return won;
}

/** The hand achievements `seat` earned in these HAND_WON events. */
export function countHands(events: Extract<GameEvent, { kind: 'HAND_WON' }>[], seat: number) {
  let sixHands = 0;
  let sevenCaptureHands = 0;
  for (const event of events) {
    if (event.seat !== seat) continue;
    const rank = rankOf(event.card);
    if (rank === '6' && event.points === 3) sixHands++;
    // A led 7 scores 2; only one that beat the led card scores 1.
    if (rank === '7' && event.points === 1) sevenCaptureHands++;
  }
  return { sixHands, sevenCaptureHands };
}
