import type { Card } from './cards';

export interface Play {
  seat: number;
  card: Card;
}

export interface CompletedTrick {
  plays: Play[];
  winner: number;
}

export type GameStatus = 'active' | 'finished';

/**
 * The whole game as plain JSON. Treated as immutable: the engine returns new objects and shares
 * the untouched parts, so old states stay valid (replays, optimistic concurrency, bots).
 */
export interface GameState {
  players: number;
  targetScore: number;
  /** PRNG state used for the next shuffle. */
  rng: number;
  status: GameStatus;
  scores: number[];
  dealer: number;
  /** 1-based number of the hand being played. */
  handNumber: number;
  /** 1..5 within the current hand. */
  trickNumber: number;
  /** Seat to play next, or null once the game is finished. */
  turn: number | null;
  hands: Card[][];
  currentTrick: Play[];
  /** Completed tricks of the current hand (public: every card in them has been shown). */
  tricks: CompletedTrick[];
  /** The most recently completed trick, which may end the previous hand. */
  lastTrick: CompletedTrick | null;
  winnerSeat: number | null;
  /**
   * Seats that resigned and left a game of three or four, in the order they left: they hold no
   * cards and have no turns. Absent while nobody has (and in games stored before it existed).
   * See docs/design.md, "Rules".
   */
  resigned?: number[];
}

export type GameEvent =
  | { kind: 'HAND_DEALT'; handNumber: number; dealer: number }
  | { kind: 'CARD_PLAYED'; seat: number; card: Card }
  | { kind: 'TRICK_WON'; seat: number; card: Card; trickNumber: number }
  | { kind: 'HAND_WON'; seat: number; card: Card; points: number }
  | { kind: 'RESIGNED'; seat: number }
  | { kind: 'GAME_OVER'; winnerSeat: number; reason: 'score' | 'resign' };

export interface PlayResult {
  state: GameState;
  events: GameEvent[];
}
