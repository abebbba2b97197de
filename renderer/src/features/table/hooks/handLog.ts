import type { GameEventMessage, GameView } from '@shared/protocol';

/** One finished hand in the table's score log: who won it, for how much, and everyone's totals after. */
export interface HandLogEntry {
  handNumber: number;
  seat: number;
  points: number;
  /** Every seat's score once the hand was counted, by seat. */
  totals: number[];
}

/**
 * The log with the hand an update ends, if it ends one (its HAND_WON event; `game` is the view
 * after it). The log is kept from the updates this table has seen, so hands finished before it
 * was opened (or while its socket was away) are not in it. See docs/design.md, "Pacing the table".
 */
export function logHand(
  log: readonly HandLogEntry[],
  game: GameView,
  events: readonly GameEventMessage[],
): readonly HandLogEntry[] {
  const won = events.find((e) => e.kind === 'HAND_WON');
  if (!won || won.kind !== 'HAND_WON') return log;
  // A new deal in the same update has already moved the view on to the next hand.
  const handNumber = events.some((e) => e.kind === 'HAND_DEALT') ? game.handNumber - 1 : game.handNumber;
  if (log.some((entry) => entry.handNumber === handNumber)) return log;
  const totals = game.players
    .slice()
    .sort((a, b) => a.seat - b.seat)
    .map((p) => p.score);
  return [...log, { handNumber, seat: won.seat, points: won.points, totals }];
}
