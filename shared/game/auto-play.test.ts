import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowestLegalCard } from './auto-play';
import { rankIndexOf, suitIndexOf, type Card } from './cards';
import { applyPlay, legalCards, newGame } from './engine';
import type { GameState } from './state';

/** Positions reached by playing `choices` (indices into the legal cards) from a seeded deal. */
const positionArb = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    seed: fc.integer(),
    choices: fc.array(fc.nat(), { maxLength: 40 }),
  })
  .map(({ players, seed, choices }) => {
    let state: GameState = newGame({ players, seed });
    for (const choice of choices) {
      if (state.status !== 'active') break;
      const legal = legalCards(state, state.turn!);
      state = applyPlay(state, state.turn!, legal[choice % legal.length]!).state;
    }
    return state;
  })
  .filter((state) => state.status === 'active');

const order = (card: Card) => [rankIndexOf(card), suitIndexOf(card)] as const;
const below = (a: Card, b: Card) =>
  order(a)[0] < order(b)[0] || (order(a)[0] === order(b)[0] && order(a)[1] < order(b)[1]);

describe('lowestLegalCard', () => {
  it('plays a legal card, and no legal card is lower by rank, then suit', () => {
    fc.assert(
      fc.property(positionArb, (state) => {
        const seat = state.turn!;
        const legal = legalCards(state, seat);
        const card = lowestLegalCard(state, seat);
        expect(legal).toContain(card);
        for (const other of legal) expect(below(other, card)).toBe(false);
      }),
    );
  });

  it('takes the lower rank over the earlier suit, and the earlier suit between equal ranks', () => {
    const state = newGame({ players: 2, seed: 1 });
    const seat = state.turn!;
    const hands = state.hands.map((hand, i) =>
      i === seat ? (['7_hearts', '6_spades', '6_diamonds', 'K_hearts', '9_clubs'] as Card[]) : hand,
    );
    expect(lowestLegalCard({ ...state, hands }, seat)).toBe('6_diamonds');
  });
});
