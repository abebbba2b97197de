import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card } from '../cards';
import { applyPlay, legalCards, newGame } from '../engine';
import type { GameState } from '../state';
import { playCards } from '../../testing/game';
import { maskOf, cardsOf } from './bits';
import { BOT_LEVELS, chooseCard, type BotLevel } from './index';
import { mediumPick } from './medium';
import { cardIndex } from '../cards';

function playBotGame(levels: BotLevel[], seed: number | string, targetScore = 10): GameState {
  let state = newGame({ players: levels.length, seed, targetScore });
  while (state.status === 'active') {
    const seat = state.turn!;
    state = applyPlay(state, seat, chooseCard(state, seat, levels[seat]!)).state;
  }
  return state;
}

/** Wins of `level` against `other` over `games` seeded games, seats swapped every other game. */
function winRate(level: BotLevel, other: BotLevel, games: number): { rate: number; low: number } {
  let wins = 0;
  for (let i = 0; i < games; i++) {
    const seat = i % 2;
    const levels: BotLevel[] = seat === 0 ? [level, other] : [other, level];
    if (playBotGame(levels, `strength-${i}`).winnerSeat === seat) wins++;
  }
  const rate = wins / games;
  return { rate, low: rate - 1.96 * Math.sqrt((rate * (1 - rate)) / games) };
}

function medium(hand: Card[], trick: Card[] = []): Card {
  const led = trick[0] ? cardIndex(trick[0]) : -1;
  let best = led;
  for (const card of trick) {
    const c = cardIndex(card);
    if (c >> 3 === led >> 3 && c > best) best = c;
  }
  return cardsOf(1 << mediumPick(maskOf(hand), led, best))[0]!;
}

describe('bots', () => {
  it('every level always plays a legal card, with 2 to 4 players', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer(),
        fc.constantFrom(...BOT_LEVELS),
        (players, seed, level) => {
          let state = newGame({ players, seed, targetScore: 3 });
          let plays = 0;
          while (state.status === 'active') {
            const seat = state.turn!;
            const card = chooseCard(state, seat, level);
            expect(legalCards(state, seat)).toContain(card);
            state = applyPlay(state, seat, card).state;
            plays++;
          }
          expect(plays).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is deterministic for a given state', () => {
    let state = newGame({ players: 2, seed: 'det' });
    for (let i = 0; i < 12; i++) {
      const seat = state.turn!;
      for (const level of BOT_LEVELS)
        expect(chooseCard(state, seat, level)).toBe(chooseCard(structuredClone(state), seat, level));
      state = applyPlay(state, seat, chooseCard(state, seat, 'easy')).state;
    }
  });

  it('refuses to choose for a seat whose turn it is not', () => {
    const state = newGame({ players: 2, seed: 1 });
    expect(() => chooseCard(state, 1 - state.turn!, 'hard')).toThrow(RangeError);
  });

  it('the hard bot decides from what it may know, not from the other hands', () => {
    // Seat 0 leads; only seat 1's hand differs between the two states (cards seat 0 cannot see).
    const mine: Card[] = ['K_hearts', '9_spades', '6_clubs', '8_diamonds', 'J_clubs'];
    const a = newGame({
      players: 2,
      seed: 5,
      dealer: 1,
      hands: [mine, ['6_hearts', '7_hearts', '10_spades', 'Q_clubs', '9_diamonds']],
    });
    const b = newGame({
      players: 2,
      seed: 5,
      dealer: 1,
      hands: [mine, ['Q_hearts', '7_spades', '8_spades', '7_clubs', 'K_diamonds']],
    });
    expect(chooseCard(a, 0, 'hard')).toBe(chooseCard(b, 0, 'hard'));
    const afterA = playCards(a, ['K_hearts', '6_hearts']).state;
    const afterB = {
      ...afterA,
      hands: [afterA.hands[0]!, ['Q_spades', '7_spades', '8_spades', 'K_diamonds']],
    };
    expect(chooseCard(afterA, 0, 'hard')).toBe(chooseCard(afterB as GameState, 0, 'hard'));
  });

  it('the hard bot takes a sure win of the game', () => {
    // Seat 0 needs 3 points and knows seat 1 has no spades (it failed to follow them). Leading the
    // King wins the fourth trick for sure, then the 6 of spades cannot be followed: 3 points.
    // Leading the 6 first also takes the fourth trick, but the King then scores only 1.
    let state = newGame({
      players: 2,
      seed: 9,
      dealer: 1,
      targetScore: 3,
      hands: [
        ['9_spades', 'J_hearts', 'Q_hearts', 'K_diamonds', '6_spades'],
        ['6_clubs', '7_clubs', '8_clubs', '9_diamonds', '10_diamonds'],
      ],
    });
    state = playCards(state, ['9_spades', '6_clubs', 'J_hearts', '7_clubs', 'Q_hearts', '8_clubs']).state;
    expect(state.turn).toBe(0);
    expect(chooseCard(state, 0, 'hard')).toBe('K_diamonds');
    const won = playCards(state, [
      'K_diamonds',
      chooseCard(playCards(state, ['K_diamonds']).state, 1, 'hard'),
    ]).state;
    expect(chooseCard(won, 0, 'hard')).toBe('6_spades');
  });

  it('medium keeps its lowest card for the last lead and its highest for the fourth trick', () => {
    expect(medium(['6_spades', '9_hearts', 'J_clubs', '8_diamonds', 'K_hearts'])).toBe('8_diamonds');
    expect(medium(['6_spades', 'K_hearts'])).toBe('K_hearts');
  });

  it('medium wins a trick cheaply with a spare card, and otherwise gives its lowest spare', () => {
    expect(medium(['6_spades', '9_hearts', 'J_hearts', 'Q_hearts', 'K_clubs'], ['8_hearts'])).toBe(
      '9_hearts',
    );
    expect(medium(['6_spades', '9_hearts', 'J_hearts', 'K_clubs'], ['Q_hearts'])).toBe('9_hearts');
    expect(medium(['7_hearts', 'K_spades'], ['6_hearts'])).toBe('7_hearts');
    expect(medium(['8_hearts', 'K_spades'], ['9_hearts'])).toBe('8_hearts');
  });

  it('medium sheds its highest spare card when void in the led suit', () => {
    expect(medium(['6_spades', '9_clubs', 'J_diamonds', '10_clubs', 'K_spades'], ['8_hearts'])).toBe(
      'J_diamonds',
    );
  });

  it('medium beats easy and hard beats medium over seeded games (95% lower bound above 50%)', () => {
    const mediumVsEasy = winRate('medium', 'easy', 300);
    expect(mediumVsEasy.low).toBeGreaterThan(0.5);
    const hardVsMedium = winRate('hard', 'medium', 300);
    expect(hardVsMedium.low).toBeGreaterThan(0.5);
  });
});
