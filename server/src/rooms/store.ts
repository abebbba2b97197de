import type { Move } from '@shared/game';
import type { FinishReason, GameMode, RatingChange } from '@shared/protocol';
import type { RoomPlayer, RoomSnapshot } from './types';

/** A new game as the manager creates it: its snapshot at seq 0 and the seed behind its deals. */
export interface NewGame {
  snapshot: RoomSnapshot;
  seed: string;
  now: number;
}

/** One step of a game: the play (if any) and everything it changed. */
export interface Progress {
  gameId: string;
  seq: number;
  state: RoomSnapshot['state'];
  turnDeadline: number | null;
  expiries: number[];
  /** The play, or a resignation (RESIGN_MOVE) that leaves the others playing on; null for a forfeit. */
  move: { seat: number; card: Move; auto: boolean } | null;
  now: number;
}

/** How a game ended, written in the same transaction as its last step. */
export interface Finish {
  mode: GameMode;
  players: RoomPlayer[];
  winnerUserId: number | null;
  reason: FinishReason;
}

/** Coins and gems one player earned in a game. */
export interface Earned {
  currency: number;
  premiumCurrency: number;
}

/** What finishing a game produced, for GAME_OVER: rating changes (ranked) and each player's rewards. */
export interface Finished {
  ratingChange: RatingChange[] | undefined;
  /** By user id; a player who earned nothing is absent. */
  rewards: Map<number, Earned>;
}

/**
 * A write from a node that no longer owns the game: the stored seq has moved past the one this
 * room holds (another node adopted it after this one's lease lapsed). Nothing was written; the
 * room must stop. See docs/scale-out.md, "Fencing".
 */
export class StaleWriteError extends Error {
  constructor(
    readonly gameId: string,
    readonly seq: number,
  ) {
    super(
      `Game ${gameId} is not at seq ${seq - 1} (or no longer active): the write of seq ${seq} was refused`,
    );
  }
}

/**
 * Where rooms keep their games: the one seam between the rooms and the database, so rooms hold
 * no SQL and know nothing of ratings. See docs/design.md, "Game storage".
 */
export interface GameStore {
  /**
   * Inserts the game and its players and marks each human as playing it, all or nothing. A user
   * plays at most one active game, which the database enforces: when any player already has one,
   * nothing is written and their ids are returned. An empty list means the game was created.
   */
  insertGame(game: NewGame): Promise<number[]>;
  /**
   * Saves a step (the move and the state it led to) in one transaction, so a restart resumes at
   * exactly this seq. With `finish`, the same transaction ends the game, rates it if it is rated,
   * records what each player earned and frees its players; those results are returned. Resolves
   * only once the step is committed. Fenced: when the step is not the game's next seq (a stale
   * writer, e.g. a node whose room was adopted elsewhere) nothing of it is written and it rejects
   * with StaleWriteError; it rejects too when its write failed.
   */
  save(progress: Progress, finish: Finish | null): Promise<Finished | undefined>;
  /**
   * A waiting private game starts: it becomes active with its first turn deadline. False when it
   * was no longer waiting (nothing written).
   */
  start(gameId: string, turnDeadline: number | null, now: number): Promise<boolean>;
  /**
   * A waiting private game is cancelled and its players are freed, in one transaction. False
   * when it was no longer waiting (nothing written).
   */
  cancel(gameId: string, now: number): Promise<boolean>;
  /**
   * The ids of every game still running or waiting (a restart resumes them, one `load` each, so
   * no single step parses thousands of games: docs/design.md, "Resuming games").
   */
  liveIds(): Promise<string[]>;
  load(gameId: string): Promise<RoomSnapshot | undefined>;
  /** The active game a user plays in, if any (on whichever node hosts it). */
  activeGameOf(userId: number): Promise<{ id: string; mode: GameMode } | undefined>;
  /** Which of `userIds` are playing an active game. */
  playingAmong(userIds: readonly number[]): Promise<number[]>;
  /** The image of each user's chosen avatar, by user id; users showing their initials are absent. */
  avatarsOf(userIds: readonly number[]): Promise<Map<number, string>>;
}
