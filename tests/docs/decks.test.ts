import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECK_FOLDERS } from '@shared/decks';

describe('build/decks/generate.mjs', () => {
  it('draws art for exactly the deck folders of shared/decks.ts', () => {
    const source = readFileSync('build/decks/generate.mjs', 'utf8');
    const drawn = [...source.matchAll(/^\s*\['([a-z0-9-]+)', '#/gm)].map((m) => m[1]);
    expect(drawn).toEqual([...DECK_FOLDERS]);
  });
});
