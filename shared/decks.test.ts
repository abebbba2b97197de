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
});
