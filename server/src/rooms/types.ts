import type { BotLevel, GameState } from '@shared/game';
import type { FinishReason, GameMode, GameStatus } from '@shared/protocol';

export interface RoomPlayer {
  seat: number;
  /** Null for a bot. */
  userId: number | null;
  username: string;
  botLevel: BotLevel | null;
  /**
   * The image of the avatar the player chose, as the store knew it when the room was created or
   * loaded; null for a bot or a player showing their initials. Not stored with the game.
   */
  avatarUrl: string | null;
}

/** Everything a room is, as it is stored and reloaded. */
export interface RoomSnapshot {
  id: string;
  mode: GameMode;
  players: RoomPlayer[];
  state: GameState;
  seq: number;
  turnDeadline: number | null;
  expiries: number[];
  status: GameStatus;
  winnerUserId: number | null;
  reason: FinishReason | null;
  /** A private game's invitation: the invited friend and when it lapses; null for other modes. */
  invite: { userId: number; expiresAt: number } | null;
  /** The arena tournament the game is a round of (games.tournament_id); null for other games. */
  tournamentId: number | null;
}
