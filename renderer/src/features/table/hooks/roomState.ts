import type { Card } from '@shared/game';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import type { Announcement } from './announce';
import type { HandLogEntry } from './handLog';
import type { HandResult } from './handResult';
import type { TablePause } from './tablePacing';

/** What a game room shows, online (useGameRoom) or on the device (useLocalGameRoom). */
export interface GameRoomState {
  game: GameView | null;
  /** The result of the last hand won; the table shows it during the pause that follows it. */
  handResult: HandResult | null;
  /** The table is held on a finished trick or a hand's result (docs/design.md, "Pacing the table"). */
  pause: TablePause | null;
  /** The hands finished while this table was open, for its score log. */
  handLog: readonly HandLogEntry[];
  over: ServerMessageOf<'GAME_OVER'> | null;
  missing: boolean;
  /** A private game called off before it started: declined, withdrawn or expired. */
  cancelled: ServerMessageOf<'GAME_INVITATION_CANCELLED'> | null;
  /** The latest thing worth announcing to screen readers; a new id only when something changed. */
  announcement: Announcement | null;
  /**
   * A card tapped while the socket was down, waiting to be sent when it signs in again (with the
   * seq it was played on); null when there is none. See docs/design.md, "The socket that comes back".
   */
  held: Card | null;
}

/** A room before its first GAME_STATE; the local practice room starts from it too. */
export const EMPTY_ROOM: GameRoomState = {
  game: null,
  handResult: null,
  pause: null,
  handLog: [],
  over: null,
  missing: false,
  cancelled: null,
  announcement: null,
  held: null,
};

/**
 * What every table drawn from a room shows of it besides the view: the pause the pacing holds, the
 * hand's result and log, the announcement, and the tap that ends a pause. The live game, the
 * device's practice and the watch page pass the same. See docs/design.md, "Pacing the table".
 */
export function pacedTableProps(
  room: Pick<GameRoomState, 'handResult' | 'pause' | 'handLog' | 'announcement'> & { skipPause(): void },
) {
  return {
    handResult: room.handResult,
    pause: room.pause,
    handLog: room.handLog,
    onSkipPause: room.skipPause,
    announcement: room.announcement,
  };
}

/**
 * A table a player plays at, from a room: the paced props, the game's end, and the play and
 * resign actions. The live game and the device's practice pass the same; the watch page only the
 * paced ones.
 */
export function playedTableProps(
  room: Parameters<typeof pacedTableProps>[0] &
    Pick<GameRoomState, 'over'> & { play(card: Card): void; resign(): void },
) {
  return { ...pacedTableProps(room), over: room.over, onPlay: room.play, onResign: room.resign };
}
