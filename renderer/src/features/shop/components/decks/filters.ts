import type { Deck, DeckMembership, DeckType } from '@shared/protocol';

/** The deck screen's tabs: premium holds premium and exclusive decks, free only free ones. */
export const DECK_TABS = [
  { value: 'all', label: 'All' },
  { value: 'premium', label: 'Premium' },
  { value: 'free', label: 'Free' },
] as const;
export type DeckTab = (typeof DECK_TABS)[number]['value'];

export interface DeckFilters {
  search: string;
  /** null: every type. */
  deckType: DeckType | null;
  /** null: every membership. */
  membership: DeckMembership | null;
  tab: DeckTab;
}

export const NO_FILTERS: DeckFilters = { search: '', deckType: null, membership: null, tab: 'all' };

function inTab(deck: Deck, tab: DeckTab): boolean {
  if (tab === 'free') return deck.membership === 'free';
  if (tab === 'premium') return deck.membership === 'premium' || deck.membership === 'exclusive';
  return true;
}

/** The decks every filter lets through, in catalogue order; the name search ignores case and edges. */
export function filterDecks(decks: readonly Deck[], filters: DeckFilters): Deck[] {
  const search = filters.search.trim().toLowerCase();
  return decks.filter(
    (deck) =>
      (!search || deck.name.toLowerCase().includes(search)) &&
      (!filters.deckType || deck.deckType === filters.deckType) &&
      (!filters.membership || deck.membership === filters.membership) &&
      inTab(deck, filters.tab),
  );
}

/** A deck bought with coins or gems now, rather than added for nothing. */
export const isPricedDeck = (deck: Deck): boolean => deck.membership !== 'free' && deck.price > 0;
