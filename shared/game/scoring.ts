import { rankIndexOf, type Card } from './cards';

export const POINTS_SIX = 3;
export const POINTS_LED_SEVEN = 2;
export const POINTS_CAPTURING_SEVEN = 1;
export const POINTS_HIGH_CARD = 1;

/**
 * Points for winning the last trick of a hand with `winningCard`. A 6 can only win when it was
 * led and nobody followed; a 7 is worth 2 when it was led and 1 when it captured the lead.
 */
export function lastTrickPoints(winningCard: Card, ledCard: Card): number {
  return pointsByRank(rankIndexOf(winningCard), winningCard === ledCard);
}

/** The same rule over a rank index (0 = 6 … 7 = K), for the bots' bit-level search. */
export function pointsByRank(rankIndex: number, wasLed: boolean): number {
  if (rankIndex === 0) return POINTS_SIX;
  if (rankIndex === 1) return wasLed ? POINTS_LED_SEVEN : POINTS_CAPTURING_SEVEN;
  return POINTS_HIGH_CARD;
}
