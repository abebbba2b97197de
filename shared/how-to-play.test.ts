import { describe, expect, it } from 'vitest';
import { DECK, SUITS, suitOf, type Card } from './game/cards';
import { newGame } from './game/engine';
import { playCards } from './testing/game';
import { HOW_TO_PLAY, type ScoringExample } from './how-to-play';

/** Builds a two-player hand whose fifth trick is exactly the example's plays, and plays it. */
function replay(example: ScoringExample) {
  const used = new Set(example.plays.map((card) => suitOf(card)));
  const [control, filler] = SUITS.filter((suit) => !used.has(suit));
  const controlCards = DECK.filter((c) => suitOf(c) === control).slice(-4) as Card[];
  const fillerCards = DECK.filter((c) => suitOf(c) === filler).slice(0, 4) as Card[];
  const state = newGame({
    players: 2,
    seed: 1,
    dealer: 1,
    hands: [
      [...controlCards, example.plays[0]],
      [...fillerCards, example.plays[1]],
    ],
  });
  // Seat 0 takes the first four tricks with its control suit, so it leads the last one.
  const firstFour = controlCards.flatMap((card, i) => [card, fillerCards[i]!]);
  return playCards(state, [...firstFour, ...example.plays]).events;
}

describe('How to Play content', () => {
  it('has the tabs Basics, Scoring and Advanced Rules', () => {
    expect(HOW_TO_PLAY.map((tab) => tab.title)).toEqual(['Basics', 'Scoring', 'Advanced Rules']);
    for (const tab of HOW_TO_PLAY) expect(tab.rules.length).toBeGreaterThan(0);
  });

  it('states the scoring of the spec: 6 is 3, 7 is 2 unless it captured the lead, 8 to King 1', () => {
    const scoring = HOW_TO_PLAY.find((tab) => tab.id === 'scoring')!.scoring!;
    expect(scoring.map((row) => [row.card, row.points])).toEqual([
      ['6', 3],
      ['7', 2],
      ['7', 1],
      ['8 to King', 1],
    ]);
  });

  it('every scoring example scores exactly what it says when played on the engine', () => {
    const examples = HOW_TO_PLAY.flatMap((tab) => tab.examples ?? []);
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) {
      const won = replay(example).find((e) => e.kind === 'HAND_WON');
      expect(won, example.caption).toEqual({
        kind: 'HAND_WON',
        seat: example.winner,
        card: example.plays[example.winner],
        points: example.points,
      });
    }
  });

  it('the basics mention the deal and the target that the engine uses', () => {
    const basics = HOW_TO_PLAY[0]!;
    const text = [basics.intro, ...basics.rules].join(' ');
    expect(text).toContain('3 then 2');
    expect(text).toContain('32 cards');
    expect(text).toContain(`first to ${newGame({ players: 2, seed: 0 }).targetScore} points`);
  });
});
