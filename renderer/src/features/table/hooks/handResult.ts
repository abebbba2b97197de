import { rankOf, type Card } from '@shared/game';
import type { GameEventMessage } from '@shared/protocol';

export interface HandResult {
  seat: number;
  card: Card;
  points: number;
  /** Why it scored that much, in the words of the How to Play card. */
  reason: string;
}

/** 'led 6 nobody could follow: 3 points', 'led 7: 2 points', '7 captured the lead: 1 point', … */
export function handReason(card: Card, points: number): string {
  const rank = rankOf(card);
  const unit = points === 1 ? 'point' : 'points';
  if (rank === '6') return `led 6 nobody could follow: ${points} ${unit}`;
  if (rank === '7')
    return points === 2 ? `led 7: ${points} ${unit}` : `7 captured the lead: ${points} ${unit}`;
  return `${rank === '10' ? '10' : rank} took the last trick: ${points} ${unit}`;
}

/** The hand an update's events end, if one: its result; otherwise `current`, kept as it is. */
export function handResultAfter(
  events: readonly GameEventMessage[],
  current: HandResult | null,
): HandResult | null {
  let result = current;
  for (const event of events) {
    if (event.kind === 'HAND_WON') {
      result = {
        seat: event.seat,
        card: event.card,
        points: event.points,
        reason: handReason(event.card, event.points),
      };
    }
  }
  return result;
}
