import { cardIndex, type Card } from './cards';
import { legalCards } from './engine';
import type { GameState } from './state';

/**
 * The card the turn timer plays for a seat whose time ran out: its lowest legal card by rank,
 * then by suit order (docs/design.md, "Rules", turn timer). Pure, so the server's rooms and any
 * other table play the same card for the same position.
 */
export function lowestLegalCard(state: GameState, seat: number): Card {
  // Rank first (index & 7), suit second (index >> 3): the key orders a 6 of any suit below a 7.
  const key = (card: Card) => (cardIndex(card) & 7) * 4 + (cardIndex(card) >> 3);
  return legalCards(state, seat).reduce((low, card) => (key(card) < key(low) ? card : low));
}
