/**
 * Cards as bits for the bots' inner loops: bit i is card DECK[i] (suit * 8 + rank), so within a
 * suit a higher bit is a higher card and a hand is one 32-bit integer.
 */
import { cardIndex, cardAt, type Card } from '../cards';

export const SUIT_MASKS = [0xff, 0xff00, 0xff0000, 0xff000000 | 0] as const;
export const FULL_DECK_MASK = -1; // all 32 bits

export function suitMask(suit: number): number {
  return SUIT_MASKS[suit]!;
}

export function maskOf(cards: readonly Card[]): number {
  let mask = 0;
  for (const card of cards) mask |= 1 << cardIndex(card);
  return mask;
}

export function cardsOf(mask: number): Card[] {
  const cards: Card[] = [];
  for (let m = mask; m !== 0; m &= m - 1) cards.push(cardAt(lowestBit(m)));
  return cards;
}

export function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

export function highestBit(mask: number): number {
  return 31 - Math.clz32(mask);
}

export function bitCount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) | 0;
}

/** All cards of `mask` with the given rank index (0 = 6 … 7 = K), across suits. */
export function rankMask(rank: number): number {
  return (0x01010101 << rank) | 0;
}
