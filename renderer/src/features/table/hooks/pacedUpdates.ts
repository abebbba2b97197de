import type { GameEventMessage, GameView } from '@shared/protocol';
import { playSound } from '../../../lib/sounds';
import { nextAnnouncement } from './announce';
import { soundsForUpdate } from './gameSounds';
import { logHand } from './handLog';
import { handResultAfter } from './handResult';
import { pauseOf, TablePacer, type PausePhase } from './tablePacing';
import type { GameRoomState } from './roomState';

/** What the game room holds until the table shows it (TablePacer's items). */
export type RoomItem =
  | { kind: 'update'; game: GameView; events: GameEventMessage[] }
  | { kind: 'over'; apply(s: GameRoomState): GameRoomState };

/**
 * The room once an update is shown: its view, the pause it starts, the hand it ends (result and
 * score log) and what is said of it. Shared by useGameRoom and useLocalGameRoom.
 */
export function showUpdate(
  s: GameRoomState,
  game: GameView,
  events: readonly GameEventMessage[],
  phase: PausePhase | null,
): GameRoomState {
  return {
    ...s,
    game,
    pause: pauseOf(events, phase, game.lastTrick, game.handNumber),
    handResult: handResultAfter(events, s.handResult),
    handLog: logHand(s.handLog, game, events),
    announcement: nextAnnouncement(s.announcement, game, events),
  };
}

/** The room when the pause moves on to the hand's result, or (null) is over. */
export function showPhase(s: GameRoomState, phase: PausePhase | null): GameRoomState {
  if (phase === null) return s.pause ? { ...s, pause: null } : s;
  return s.pause ? { ...s, pause: { ...s.pause, phase } } : s;
}

/** Plays an item's sounds when the table shows it (not when it arrived behind a pause). */
export function playItemSounds(item: RoomItem): void {
  if (item.kind === 'update') for (const sound of soundsForUpdate(item.game, item.events)) playSound(sound);
}

/** Shows one held item: an update with its pause, or the game's end. */
export function showItem(s: GameRoomState, item: RoomItem, phase: PausePhase | null): GameRoomState {
  return item.kind === 'update' ? showUpdate(s, item.game, item.events, phase) : item.apply(s);
}

/**
 * The pacer a game room shows its messages through, online or on the device: each item's sounds
 * as it is shown, and the room's state following its pauses (docs/design.md, "Pacing the table").
 */
export function roomPacer(
  setState: (update: (s: GameRoomState) => GameRoomState) => void,
): TablePacer<RoomItem> {
  return new TablePacer<RoomItem>(
    {
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    },
    (item, phase) => {
      playItemSounds(item);
      setState((s) => showItem(s, item, phase));
    },
    (phase) => setState((s) => showPhase(s, phase)),
  );
}
