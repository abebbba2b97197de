/** Cards of the Spar deck: 32 cards, ranks 6–K in four suits, keyed `{rank}_{suit}`. */

export const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'] as const;
export const RANKS = ['6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export type Suit = (typeof SUITS)[number];
export type Rank = (typeof RANKS)[number];
export type Card = `${Rank}_${Suit}`;

export const CARDS_PER_HAND = 5;
export const TRICKS_PER_HAND = CARDS_PER_HAND;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;

/** Every card in a fixed order: index = suitIndex * 8 + rankIndex (low→high within a suit). */
export const DECK: readonly Card[] = SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}_${suit}` as Card));

// Lookup tables keyed by card string: the engine's hot path reads these instead of parsing.
const INDEX: Record<string, number> = Object.create(null) as Record<string, number>;
DECK.forEach((card, i) => {
  INDEX[card] = i;
});

export function isCard(value: unknown): value is Card {
  return typeof value === 'string' && INDEX[value] !== undefined;
}

/** 0..31, or -1 for anything that is not a card of this deck. */
export function cardIndex(card: string): number {
  return INDEX[card] ?? -1;
}

export function cardAt(index: number): Card {
  return DECK[index] as Card;
}

export function suitIndexOf(card: string): number {
  return INDEX[card]! >> 3;
}

export function rankIndexOf(card: string): number {
  return INDEX[card]! & 7;
}

export function suitOf(card: Card): Suit {
  return SUITS[suitIndexOf(card)]!;
}

export function rankOf(card: Card): Rank {
  return RANKS[rankIndexOf(card)]!;
}
