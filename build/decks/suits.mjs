// Suit shapes and inks shared by every deck. Shapes are paths in a 100×100 box centred on 0,0, so
// they stay sharp at any size and never depend on a font having the suit glyphs.

export const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'];

const SHAPES = {
  hearts:
    '<path d="M0 46C-18 28-50 8-50-17-50-36-36-47-23-47-11-47-3-39 0-30 3-39 11-47 23-47 36-47 50-36 50-17 50 8 18 28 0 46Z"/>',
  diamonds: '<path d="M0-50C11-31 23-15 38 0 23 15 11 31 0 50-11 31-23 15-38 0-23-15-11-31 0-50Z"/>',
  clubs:
    '<circle cy="-24" r="22"/><circle cx="-24" cy="11" r="22"/><circle cx="24" cy="11" r="22"/><path d="M-2 10C-3 30-8 42-17 49H17C8 42 3 30 2 10Z"/><circle cy="6" r="10"/>',
  spades:
    '<path d="M0-50C16-30 50-14 50 10 50 28 37 36 24 36 14 36 7 31 3 23 4 36 9 44 17 50H-17C-9 44-4 36-3 23-7 31-14 36-24 36-37 36-50 28-50 10-50-14-16-30 0-50Z"/>',
};

/**
 * Inks chosen to stay apart for colour-blind players (checked with simulated protanopia,
 * deuteranopia and tritanopia): a vermilion red that keeps its lightness for protanopes (crimson
 * turns almost black for them) against a near-black; the four-colour set adds a deep blue for
 * diamonds and a bluish green for clubs, each at least 5:1 against the white stock.
 */
export const INKS = {
  standard: { hearts: '#cc3311', diamonds: '#cc3311', clubs: '#17181a', spades: '#17181a' },
  fourColour: { hearts: '#cc3311', diamonds: '#2244aa', clubs: '#0d7d52', spades: '#17181a' },
};

/** Suits whose ink changes in the four-colour set: only these get a four-colour file. */
export const FOUR_COLOUR_SUITS = SUITS.filter((s) => INKS.standard[s] !== INKS.fourColour[s]);

/** The suit shape as a defs entry with id `s`, filled with the ink. */
export function suitDef(suit, ink) {
  return `<g id="s" fill="${ink}">${SHAPES[suit]}</g>`;
}

/** One use of the suit shape: centre x,y, size in units (the 100-box scaled), turned when upside down. */
export function suitUse(cls, x, y, size, flip = false) {
  const k = +(size / 100).toFixed(3);
  return `<use href="#s" class="${cls}" transform="translate(${x} ${y})${flip ? ' rotate(180)' : ''} scale(${k})"/>`;
}
