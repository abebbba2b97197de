import type { GameState } from '../game';
import type { GameView } from './server';

/** Who sits at a seat, as a table knows it: a bot has a level and no user. */
export interface SeatedPlayer {
  seat: number;
  userId: number | null;
  username: string;
  avatarUrl: string | null;
  botLevel: unknown;
}

/**
 * The seats as every recipient of a view sees them: names, scores, how many cards each holds
 * (never which: the hand is a seat's own field) and who resigned. A server room's views and the
 * device's offline practice both build them here, so the two tables cannot drift apart.
 */
export function seatsView(
  players: readonly SeatedPlayer[],
  state: GameState,
  connected: (userId: number | null) => boolean,
): GameView['players'] {
  return players.map((player) => ({
    seat: player.seat,
    userId: player.userId,
    username: player.username,
    avatarUrl: player.avatarUrl,
    score: state.scores[player.seat]!,
    cardsInHand: state.hands[player.seat]!.length,
    connected: connected(player.userId),
    isBot: player.botLevel !== null,
    ...(state.resigned?.includes(player.seat) ? { resigned: true as const } : {}),
  }));
}
