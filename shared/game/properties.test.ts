import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceApplyPlay, referenceLegalCards } from '../../tests/fixtures/reference-engine';
import { DECK, isCard, suitIndexOf, type Card } from './cards';
import { applyPlay, legalCards, newGame } from './engine';
import { RuleError } from './errors';
import type { GameEvent, GameState } from './state';

/** A game described by its seed and the index of the legal card chosen at each turn. */
const gameArb = fc.record({
  players: fc.integer({ min: 2, max: 4 }),
  seed: fc.oneof(fc.integer(), fc.string()),
  targetScore: fc.integer({ min: 1, max: 12 }),
  choices: fc.array(fc.nat(), { minLength: 1, maxLength: 400 }),
});

type Step = { before: GameState; seat: number; card: Card; after: GameState; events: GameEvent[] };

/** Plays until the game ends, choosing by the given indices (cycled). */
function playGame({
  players,
  seed,
  targetScore,
  choices,
}: {
  players: number;
  seed: number | string;
  targetScore: number;
  choices: number[];
}) {
  let state = newGame({ players, seed, targetScore });
  const steps: Step[] = [];
  // Every hand gives 1–3 points to one player, so a game lasts at most this many plays.
  const maxPlays = (players * (targetScore - 1) + 1) * 5 * players;
  for (let i = 0; state.status === 'active'; i++) {
    if (i > maxPlays) throw new Error('game did not terminate');
    const seat = state.turn!;
    const legal = legalCards(state, seat);
    const card = legal[choices[i % choices.length]! % legal.length]!;
    const { state: after, events } = applyPlay(state, seat, card);
    steps.push({ before: state, seat, card, after, events });
    state = after;
  }
  return { final: state, steps };
}

function cardsInPlay(state: GameState): Card[] {
  return [
    ...state.hands.flat(),
    ...state.currentTrick.map((p) => p.card),
    ...state.tricks.flatMap((t) => t.plays.map((p) => p.card)),
  ];
}

const runs = { numRuns: 150 };

describe('engine properties', () => {
  it('games terminate with one winner at or above the target', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { final } = playGame(game);
        expect(final.status).toBe('finished');
        const winner = final.winnerSeat!;
        expect(final.scores[winner]).toBeGreaterThanOrEqual(game.targetScore);
        for (let s = 0; s < game.players; s++)
          if (s !== winner) expect(final.scores[s]).toBeLessThan(game.targetScore);
      }),
      runs,
    );
  });

  it('cards are conserved: each hand deals 5 distinct cards a player and nothing appears or vanishes', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { after } of playGame(game).steps) {
          if (after.status === 'finished') continue;
          const cards = cardsInPlay(after);
          expect(cards).toHaveLength(5 * game.players);
          expect(new Set(cards).size).toBe(cards.length);
          expect(cards.filter((card) => !isCard(card))).toEqual([]);
        }
      }),
      runs,
    );
  });

  it('every play is legal, and every card outside legalCards is refused', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { before, seat, card } of playGame(game).steps) {
          const legal = legalCards(before, seat);
          expect(legal).toContain(card);
          const lead = before.currentTrick[0];
          if (lead && before.hands[seat]!.some((c) => suitIndexOf(c) === suitIndexOf(lead.card))) {
            for (const c of legal) expect(suitIndexOf(c)).toBe(suitIndexOf(lead.card));
          }
          for (const other of before.hands[seat]!.filter((c) => !legal.includes(c))) {
            expect(() => applyPlay(before, seat, other)).toThrow(RuleError);
          }
          for (let s = 0; s < game.players; s++) if (s !== seat) expect(legalCards(before, s)).toEqual([]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('each complete trick has exactly one winner: the highest card of the led suit', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { after, events } of playGame(game).steps) {
          const won = events.filter((e) => e.kind === 'TRICK_WON');
          expect(won.length).toBeLessThanOrEqual(1);
          if (won.length === 0) continue;
          const trick = after.lastTrick!;
          expect(trick.plays).toHaveLength(game.players);
          const ledSuit = suitIndexOf(trick.plays[0]!.card);
          const best = trick.plays
            .filter((p) => suitIndexOf(p.card) === ledSuit)
            .reduce((a, b) => (DECK.indexOf(b.card) > DECK.indexOf(a.card) ? b : a));
          expect(won[0]).toMatchObject({ seat: best.seat, card: best.card });
          expect(trick.winner).toBe(best.seat);
        }
      }),
      runs,
    );
  });

  it('scores change only when a hand ends, for one player, by 1, 2 or 3', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { before, after, events } of playGame(game).steps) {
          const handEnded = events.some((e) => e.kind === 'HAND_WON');
          const diffs = after.scores.map((s, i) => s - before.scores[i]!);
          const changed = diffs.filter((d) => d !== 0);
          if (!handEnded) {
            expect(changed).toEqual([]);
          } else {
            expect(changed).toHaveLength(1);
            expect([1, 2, 3]).toContain(changed[0]);
            expect(before.trickNumber).toBe(5);
          }
        }
      }),
      runs,
    );
  });

  it('is deterministic: the same seed and plays give the same game', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const a = playGame(game);
        const b = playGame(game);
        expect(b.final).toEqual(a.final);
        expect(b.steps.map((s) => s.events)).toEqual(a.steps.map((s) => s.events));
      }),
      { numRuns: 60 },
    );
  });

  it('agrees play for play with a naive reference implementation', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { before, seat, card, after, events } of playGame(game).steps) {
          expect(legalCards(before, seat)).toEqual(referenceLegalCards(before, seat));
          const reference = referenceApplyPlay(before, seat, card);
          expect(after).toEqual(reference.state);
          expect(events).toEqual(reference.events);
        }
      }),
      { numRuns: 60 },
    );
  });
});
