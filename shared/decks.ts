/** The product's 24 deck folders, and how a deck URL maps to one. */
export const DECK_FOLDERS = [
  'arabian-knights',
  'blades-of-time',
  'blue-back',
  'cataclysm',
  'classic',
  'daring-rosy-gardens',
  'default',
  'emporor201605',
  'enchantered-corners',
  'faceless-emissary',
  'glaciers-of-light',
  'grey20wyvern',
  'incarnate',
  'jolly-blinds',
  'order-of-the-robed-king',
  'orthodoxy',
  'pixel-city',
  'quintessential-planes',
  'rage',
  'revering-blinds',
  'rome',
  'scales-of-the-white-order',
  'test-2',
  'twilight-deeps-of-obuasi',
] as const;

export type DeckFolder = (typeof DECK_FOLDERS)[number];
export const DEFAULT_DECK_FOLDER: DeckFolder = 'default';

/** Card faces drawn for every deck: art keys for ranks A, 2–10, J, Q, K in four suits. */
export const ART_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** A deck URL maps to its last path segment, normalised; an unknown folder falls back to default. */
export function deckFolder(deckUrl: string | null | undefined): DeckFolder {
  const segment = (deckUrl ?? '')
    .split(/[?#]/)[0]!
    .replace(/\/+$/, '')
    .split('/')
    .pop()!
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return (DECK_FOLDERS as readonly string[]).includes(segment)
    ? (segment as DeckFolder)
    : DEFAULT_DECK_FOLDER;
}

/**
 * Suits drawn again for the four-colour setting (diamonds blue, clubs green); hearts and spades keep
 * their ink, so they have no second file. build/decks/suits.mjs draws the same set.
 */
export const FOUR_COLOUR_SUITS: readonly string[] = ['diamonds', 'clubs'];

/** A face's art: `{rank}_{suit}.svg`, or `four-colour/{rank}_{suit}.svg` when that set is chosen. */
export function cardArtUrl(folder: DeckFolder, card: string, fourColour = false): string {
  const suit = card.slice(card.indexOf('_') + 1);
  return fourColour && FOUR_COLOUR_SUITS.includes(suit)
    ? `/assets/decks/${folder}/four-colour/${card}.svg`
    : `/assets/decks/${folder}/${card}.svg`;
}

export function cardBackUrl(folder: DeckFolder): string {
  return `/assets/decks/${folder}/back.svg`;
}
