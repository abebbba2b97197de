import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ART_RANKS, DECK_FOLDERS, FOUR_COLOUR_SUITS } from '@shared/decks';
import { SUITS } from '@shared/game';

const OUT = mkdtempSync(path.join(tmpdir(), 'spar-decks-'));
const read = (deck: string, file: string) => readFileSync(path.join(OUT, deck, file), 'utf8');

beforeAll(() => {
  execFileSync('node', ['build/decks/generate.mjs', OUT], { stdio: 'pipe' });
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** Checks that tags nest and close and attributes are quoted; returns the problem, or null. */
function xmlProblem(text: string): string | null {
  if (!text.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350"')) return 'no svg root';
  const stack: string[] = [];
  for (const [tag, close, name, attrs, selfClose] of text.matchAll(
    /<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g,
  )) {
    if (/=[^"]/.test(attrs!.replace(/="[^"]*"/g, ''))) return `unquoted attribute in ${tag}`;
    if (close) {
      if (stack.pop() !== name) return `unbalanced </${name}>`;
    } else if (!selfClose) stack.push(name!);
  }
  if (stack.length) return `unclosed <${stack.join('>, <')}>`;
  if (/<(?![/a-zA-Z])/.test(text)) return 'stray <';
  return null;
}

/** The x and y of each pip (`<use class="p">`) on a card. */
function pipCentres(svg: string): [number, number][] {
  return [...svg.matchAll(/<use href="#s" class="p" transform="translate\(([\d.]+) ([\d.]+)\)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
}

/** The suit ink of a card: the fill of its suit shape. */
const ink = (svg: string) => /<g id="s" fill="(#[0-9a-f]{6})">/.exec(svg)?.[1];

describe('build/decks: the card art', () => {
  it('draws art for exactly the deck folders of shared/decks.ts', () => {
    const source = readFileSync('build/decks/styles.mjs', 'utf8');
    const drawn = [...source.matchAll(/^\s*\['([a-z0-9-]+)', '#/gm)].map((m) => m[1]);
    expect(drawn).toEqual([...DECK_FOLDERS]);
    expect(readdirSync(OUT).sort()).toEqual([...DECK_FOLDERS].sort());
  });

  it('every card of every deck exists as well-formed SVG with an index in both corners', () => {
    for (const deck of DECK_FOLDERS) {
      const faces = SUITS.flatMap((suit) =>
        ART_RANKS.map((rank) => ({ rank, suit, file: `${rank}_${suit}.svg` })),
      );
      const extra = ['A13', 'B13', 'C13', 'D13'].map((name) => ({
        rank: 'K',
        suit: '',
        file: `${name}.svg`,
      }));
      for (const { rank, file } of [...faces, ...extra]) {
        const svg = read(deck, file);
        expect(xmlProblem(svg), `${deck}/${file}`).toBeNull();
        // The index (rank over suit) is defined once and drawn upright and turned 180°.
        expect(svg, `${deck}/${file}`).toMatch(
          new RegExp(`<g id="i" fill="#[0-9a-f]{6}"><text [^>]*>${rank}</text><use href="#s" class="i"`),
        );
        expect(svg).toContain('<use href="#i"/><use href="#i" transform="rotate(180 125 175)"/>');
        // The only text on a face is the index: courts are figures, not letters.
        expect(svg.match(/<text/g)).toHaveLength(1);
      }
      expect(xmlProblem(read(deck, 'back.svg'))).toBeNull();
    }
  });

  it('number cards carry the standard pip layouts, 2 to 10, in every suit of every deck', () => {
    // Pips per column (left, centre, right) of each layout.
    const columns: Record<string, [number, number, number]> = {
      '2': [0, 2, 0],
      '3': [0, 3, 0],
      '4': [2, 0, 2],
      '5': [2, 1, 2],
      '6': [3, 0, 3],
      '7': [3, 1, 3],
      '8': [3, 2, 3],
      '9': [4, 1, 4],
      '10': [4, 2, 4],
    };
    for (const deck of DECK_FOLDERS) {
      for (const suit of SUITS) {
        for (const [rank, [left, centre, right]] of Object.entries(columns)) {
          const svg = read(deck, `${rank}_${suit}.svg`);
          const pips = pipCentres(svg);
          expect(pips, `${deck}/${rank}_${suit}`).toHaveLength(Number(rank));
          expect(svg.match(/class="p"/g)).toHaveLength(Number(rank));
          const xs = [...new Set(pips.map(([x]) => x))].sort((a, b) => a - b);
          const count = (x: number | undefined) => pips.filter(([px]) => px === x).length;
          const [l, c, r] =
            xs.length === 3
              ? xs
              : xs.length === 1
                ? [undefined, xs[0], undefined]
                : [xs[0], undefined, xs[1]];
          expect([count(l), count(c), count(r)], `${deck}/${rank}_${suit}`).toEqual([left, centre, right]);
          // Symmetric about the centre line (the 7's odd pip sits in the upper half), the lower
          // pips upside down.
          const ys = pips.map(([, y]) => y);
          if (rank === '7') expect(pips.filter(([x, y]) => x === c && y < 175)).toHaveLength(1);
          else expect(ys.map((y) => +(350 - y).toFixed(1)).sort()).toEqual([...ys].sort());
          expect(svg.match(/rotate\(180\) scale/g)?.length ?? 0).toBe(ys.filter((y) => y > 175).length);
        }
        const ace = read(deck, `A_${suit}.svg`);
        expect(pipCentres(ace)).toHaveLength(0);
        expect(ace.match(/class="a"/g)).toHaveLength(1);
        for (const court of ['J', 'Q', 'K']) {
          const svg = read(deck, `${court}_${suit}.svg`);
          expect(pipCentres(svg)).toHaveLength(0);
          // A double-ended figure: the half is drawn upright and turned.
          expect(svg).toContain('<use href="#h"/><use href="#h" transform="rotate(180 125 175)"/>');
        }
      }
    }
  });

  it('the four-colour set redraws diamonds and clubs in their own inks; all four suits then differ', () => {
    for (const deck of DECK_FOLDERS) {
      const drawn = readdirSync(path.join(OUT, deck, 'four-colour'));
      expect(drawn.sort()).toEqual(
        FOUR_COLOUR_SUITS.flatMap((suit) => ART_RANKS.map((rank) => `${rank}_${suit}.svg`)).sort(),
      );
      for (const rank of ART_RANKS) {
        const fourColour = SUITS.map((suit) =>
          ink(
            FOUR_COLOUR_SUITS.includes(suit)
              ? read(deck, `four-colour/${rank}_${suit}.svg`)
              : read(deck, `${rank}_${suit}.svg`),
          ),
        );
        expect(new Set(fourColour).size, `${deck} ${rank}`).toBe(4);
        for (const suit of FOUR_COLOUR_SUITS) {
          const svg = read(deck, `four-colour/${rank}_${suit}.svg`);
          expect(xmlProblem(svg)).toBeNull();
          expect(ink(svg)).not.toBe(ink(read(deck, `${rank}_${suit}.svg`)));
        }
      }
      // The standard set is two reds and two blacks.
      expect(new Set(SUITS.map((suit) => ink(read(deck, `7_${suit}.svg`)))).size).toBe(2);
    }
  });

  it('each deck has its own court treatment and back', () => {
    const kings = DECK_FOLDERS.map((deck) => read(deck, 'K_hearts.svg'));
    const backs = DECK_FOLDERS.map((deck) => read(deck, 'back.svg'));
    expect(new Set(kings).size).toBe(DECK_FOLDERS.length);
    expect(new Set(backs).size).toBe(DECK_FOLDERS.length);
    // The previews are the Kings of spades, hearts, clubs and diamonds.
    expect(read('rome', 'B13.svg')).toBe(read('rome', 'K_hearts.svg'));
  });

  it('stays small: under 5 MB in all', () => {
    let bytes = 0;
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else bytes += statSync(file).size;
      }
    };
    walk(OUT);
    expect(existsSync(path.join(OUT, 'default', 'back.svg'))).toBe(true);
    expect(bytes).toBeLessThan(5 * 1024 * 1024);
  });
});
