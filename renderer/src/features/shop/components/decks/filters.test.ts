import { describe, expect, it } from 'vitest';
import type { Deck } from '@shared/protocol';
import { NO_FILTERS, filterDecks, isPricedDeck } from './filters';

const deck = (
  id: number,
  name: string,
  membership: Deck['membership'],
  deckType: Deck['deckType'],
): Deck => ({
  id,
  name,
  deckType,
  deckUrl: `/assets/decks/x${id}`,
  membership,
  price: membership === 'free' ? 0 : 100,
  currencyType: membership === 'exclusive' ? 'premium' : 'regular',
  isTradeable: membership === 'premium',
  owned: false,
  isDefault: false,
});

const DECKS = [
  deck(-1, 'Spar Kente', 'free', 'classic'),
  deck(2, 'Pixel City', 'premium', 'pixel'),
  deck(3, 'Rome', 'premium', 'royal'),
  deck(4, 'Emperor', 'exclusive', 'royal'),
  deck(5, 'Daring Rosy Gardens', 'free', 'nature'),
];
const names = (decks: Deck[]) => decks.map((d) => d.name);

describe('deck filters', () => {
  it('the all tab with no filters keeps every deck in catalogue order', () => {
    expect(filterDecks(DECKS, NO_FILTERS)).toEqual(DECKS);
  });

  it('the premium tab shows premium and exclusive decks, the free tab only free ones', () => {
    expect(names(filterDecks(DECKS, { ...NO_FILTERS, tab: 'premium' }))).toEqual([
      'Pixel City',
      'Rome',
      'Emperor',
    ]);
    expect(names(filterDecks(DECKS, { ...NO_FILTERS, tab: 'free' }))).toEqual([
      'Spar Kente',
      'Daring Rosy Gardens',
    ]);
  });

  it('searches names ignoring case and surrounding spaces', () => {
    expect(names(filterDecks(DECKS, { ...NO_FILTERS, search: '  ROSY ' }))).toEqual(['Daring Rosy Gardens']);
    expect(filterDecks(DECKS, { ...NO_FILTERS, search: 'nothing like it' })).toEqual([]);
  });

  it('deck type, membership and tab combine', () => {
    expect(names(filterDecks(DECKS, { ...NO_FILTERS, deckType: 'royal' }))).toEqual(['Rome', 'Emperor']);
    expect(names(filterDecks(DECKS, { ...NO_FILTERS, deckType: 'royal', membership: 'exclusive' }))).toEqual([
      'Emperor',
    ]);
    // An exclusive deck is in the premium tab, never in the free one.
    expect(filterDecks(DECKS, { ...NO_FILTERS, membership: 'exclusive', tab: 'free' })).toEqual([]);
  });

  it('a deck is paid for only when it is not free and has a price', () => {
    expect(isPricedDeck(DECKS[1]!)).toBe(true);
    expect(isPricedDeck(DECKS[0]!)).toBe(false);
    expect(isPricedDeck({ ...DECKS[1]!, price: 0 })).toBe(false);
  });
});
