import { describe, expect, it } from 'vitest';
import { DECK_FOLDERS, cardArtUrl, deckFolder } from './decks';

describe('deck folders', () => {
  it('lists the 24 deck folders', () => {
    expect(DECK_FOLDERS).toHaveLength(24);
    expect(new Set(DECK_FOLDERS).size).toBe(24);
  });

  it('maps a deck URL to its last segment, normalised, and unknown folders to default', () => {
    expect(deckFolder('https://cdn.example/decks/Pixel-City/')).toBe('pixel-city');
    expect(deckFolder('/assets/decks/rome')).toBe('rome');
    expect(deckFolder('decks/Blades Of Time?v=2')).toBe('blades-of-time');
    expect(deckFolder('/assets/decks/not-a-deck')).toBe('default');
    expect(deckFolder(undefined)).toBe('default');
    expect(cardArtUrl('rome', '7_hearts')).toBe('/assets/decks/rome/7_hearts.svg');
  });

  it('points four-colour diamonds and clubs at their own art; hearts and spades keep theirs', () => {
    expect(cardArtUrl('rome', '7_clubs', true)).toBe('/assets/decks/rome/four-colour/7_clubs.svg');
    expect(cardArtUrl('rome', 'Q_diamonds', true)).toBe('/assets/decks/rome/four-colour/Q_diamonds.svg');
    expect(cardArtUrl('rome', 'Q_diamonds', false)).toBe('/assets/decks/rome/Q_diamonds.svg');
    expect(cardArtUrl('rome', '10_hearts', true)).toBe('/assets/decks/rome/10_hearts.svg');
    expect(cardArtUrl('rome', 'K_spades', true)).toBe('/assets/decks/rome/K_spades.svg');
  });
});
