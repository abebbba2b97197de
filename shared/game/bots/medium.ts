import { bitCount, lowestBit, rankMask, suitMask } from './bits';

/**
 * The medium bot's heuristics over bit masks, so the hard bot can reuse them for rollouts.
 *
 * Only the fifth trick scores, and whoever wins the fourth leads it. So the bot keeps two cards
 * back: its lowest (a led 6 scores 3, a led 7 scores 2) to lead the last trick, and its highest
 * to win the fourth. Everything else is spare and goes first:
 *   - lead the lowest spare card;
 *   - follow by winning cheaply with a spare card when one beats the trick, else the lowest spare;
 *   - when void in the led suit, shed the highest spare card.
 * `ledCard` and `bestCard` are card bit indices, or -1 when leading.
 */
export function mediumPick(hand: number, ledCard: number, bestCard: number): number {
  if ((hand & (hand - 1)) === 0) return lowestBit(hand);
  const low = lowestRankCard(hand);
  const high = highestRankCard(hand);
  const inSuit = ledCard < 0 ? 0 : hand & suitMask(ledCard >> 3);

  if (bitCount(hand) === 2) {
    // The fourth trick: winning it means leading the last one with the card kept back.
    if (ledCard < 0) return high;
    const beaters = inSuit & above(bestCard);
    if (beaters !== 0) return lowestBit(beaters);
    // Lost anyway: keep the higher card, the better chance to beat the final lead.
    return lowestRankCard(inSuit !== 0 ? inSuit : hand);
  }

  const spare = hand & ~((1 << low) | (1 << high));
  if (ledCard < 0) return lowestRankCard(spare);
  if (inSuit === 0) return highestRankCard(spare);
  const spareInSuit = inSuit & spare;
  if (spareInSuit !== 0) {
    const beaters = spareInSuit & above(bestCard);
    return lowestBit(beaters !== 0 ? beaters : spareInSuit);
  }
  // Only kept cards follow suit: give up the high one before the saved low one.
  const notLow = inSuit & ~(1 << low);
  return lowestBit(notLow !== 0 ? notLow : inSuit);
}

/** Cards of the same suit above `card` (within the 8 bits of its suit). */
function above(card: number): number {
  return suitMask(card >> 3) & ~((2 << card) - 1);
}

/** The card of lowest rank (ties: lowest suit index), e.g. any 6 before any 7. */
function lowestRankCard(mask: number): number {
  for (let rank = 0; rank < 8; rank++) {
    const cards = mask & rankMask(rank);
    if (cards !== 0) return lowestBit(cards);
  }
  return -1;
}

function highestRankCard(mask: number): number {
  for (let rank = 7; rank >= 0; rank--) {
    const cards = mask & rankMask(rank);
    if (cards !== 0) return lowestBit(cards);
  }
  return -1;
}
