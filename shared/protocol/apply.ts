/**
 * The client's half of GAME_UPDATE (docs/protocol.md, "Game updates are deltas"): a view and an
 * update give the next view and the update's events whole, whichever revision wrote it.
 */
import { expandEvents } from './compact';
import { impliedView } from './delta';
import type { GameChanges, GameEventMessage, GameView } from './server';

type PlayerView = GameView['players'][number];

/** A GAME_UPDATE as `applyUpdate` reads it (revision 1's, 2's `implied: true` or 3's `implied: 3`). */
export interface DeltaUpdate {
  seq: number;
  /** Absent in revision 3 when empty; the web app reads frames with JSON.parse alone, so no default fills it. */
  changes?: GameChanges;
  events?: readonly GameEventMessage[];
  implied?: true | 3;
  /** Revision 3: the deadline of the turn the events imply (compact.ts). */
  deadline?: number;
}

/**
 * The view after an update, and the update's events whole: `view` with the update's changes and
 * seq (a new object; `view` is untouched). An `implied` update's changes are against what its
 * events imply (`impliedView`); revision 3's events are first expanded with what they leave out.
 */
export function applyUpdate(
  view: GameView,
  update: DeltaUpdate,
): { game: GameView; events: GameEventMessage[] } {
  let events = [...(update.events ?? [])];
  if (update.implied === 3) {
    events = expandEvents(view, events, update.deadline);
    view = impliedView(view, events, 3);
  } else if (update.implied) view = impliedView(view, events);
  const { players: changedPlayers, ...fields } = update.changes ?? {};
  const players = changedPlayers
    ? mergePlayers(view.players, changedPlayers as (Partial<PlayerView> & { seat: number })[])
    : view.players;
  return { game: { ...view, ...(fields as Partial<GameView>), seq: update.seq, players }, events };
}

/** `applyUpdate`'s view alone. */
export function applyDelta(view: GameView, update: DeltaUpdate): GameView {
  return applyUpdate(view, update).game;
}

function mergePlayers(
  players: PlayerView[],
  changed: (Partial<PlayerView> & { seat: number })[],
): PlayerView[] {
  const merged = players.map((player) => {
    const change = changed.find((c) => c.seat === player.seat);
    return change ? { ...player, ...change } : player;
  });
  // A seat the view did not have yet (only with no base view) arrives whole.
  for (const change of changed)
    if (!players.some((p) => p.seat === change.seat)) merged.push(change as PlayerView);
  return merged.sort((a, b) => a.seat - b.seat);
}
