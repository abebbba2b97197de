import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK, isCard, suitIndexOf, type Card } from './cards';
import { applyMove, applyPlay, legalCards, newGame, resign, seatsInPlay, RESIGN_MOVE } from './engine';
import { RuleError } from './errors';
import { chooseCard } from './bots';
import type { GameEvent, GameState } from './state';
import { deepFreeze, playCards } from '../testing/game';

/** Three seats, dealer 2: seat 0 leads. Hearts for seat 0, diamonds for 1, clubs for 2. */
function threeSeats(targetScore = 10) {
  return newGame({
    players: 3,
    seed: 7,
    dealer: 2,
    targetScore,
    hands: [
      ['K_hearts', 'Q_hearts', 'J_hearts', '10_hearts', '9_hearts'],
      ['K_diamonds', 'Q_diamonds', 'J_diamonds', '10_diamonds', '9_diamonds'],
      ['K_clubs', 'Q_clubs', 'J_clubs', '10_clubs', '9_clubs'],
    ],
  });
}

describe('resigning a game of three or four', () => {
  it('sets the seat and its cards aside and passes its turns to the next seat still playing', () => {
    const start = deepFreeze(threeSeats());
    const { state, events } = resign(start, 1);
    expect(events).toEqual([{ kind: 'RESIGNED', seat: 1 }]);
    expect(state.status).toBe('active');
    expect(state.resigned).toEqual([1]);
    expect(state.hands[1]).toEqual([]);
    expect(seatsInPlay(state)).toEqual([0, 2]);
    // Seat 0 leads; the next to play is seat 2, not the resigned seat 1.
    const led = applyPlay(state, 0, 'K_hearts').state;
    expect(led.turn).toBe(2);
    expect(legalCards(led, 1)).toEqual([]);
    expect(() => applyPlay(led, 1, 'K_diamonds')).toThrow(RuleError);
    // The trick is complete once the two seats still playing have played.
    const done = applyPlay(led, 2, '9_clubs');
    expect(done.events).toContainEqual({ kind: 'TRICK_WON', seat: 0, card: 'K_hearts', trickNumber: 1 });
    expect(done.state.lastTrick!.plays).toHaveLength(2);
  });

  it('takes back a card the seat played to the unfinished trick, so it cannot win it', () => {
    const start = threeSeats();
    const played = playCards(start, ['9_hearts', 'K_diamonds']).state;
    expect(played.turn).toBe(2);
    const { state } = resign(played, 1);
    expect(state.currentTrick).toEqual([{ seat: 0, card: '9_hearts' }]);
    expect(state.turn).toBe(2);
    const done = applyPlay(state, 2, 'K_clubs');
    expect(done.events).toContainEqual({ kind: 'TRICK_WON', seat: 0, card: '9_hearts', trickNumber: 1 });
  });

  it('when the seat resigns on the last turn of a trick, the trick completes without it', () => {
    const start = threeSeats();
    const waiting = playCards(start, ['K_hearts', 'K_diamonds']).state;
    expect(waiting.turn).toBe(2);
    const { state, events } = resign(waiting, 2);
    expect(events.map((e) => e.kind)).toEqual(['RESIGNED', 'TRICK_WON']);
    expect(state.trickNumber).toBe(2);
    expect(state.turn).toBe(0);
    expect(state.lastTrick).toEqual({
      winner: 0,
      plays: [
        { seat: 0, card: 'K_hearts' },
        { seat: 1, card: 'K_diamonds' },
      ],
    });
  });

  it('a seat that led and then resigned leaves the lead to the next card played', () => {
    const start = threeSeats();
    const led = playCards(start, ['K_hearts']).state;
    const { state } = resign(led, 0);
    expect(state.currentTrick).toEqual([]);
    expect(state.turn).toBe(1);
    const done = playCards(state, ['9_diamonds', 'K_clubs']);
    expect(done.events).toContainEqual({ kind: 'TRICK_WON', seat: 1, card: '9_diamonds', trickNumber: 1 });
  });

  it('deals the next hands to the seats still playing only, and never makes the resigned seat dealer', () => {
    const start = threeSeats();
    const { state } = resign(start, 2);
    const hand = playCards(state, [
      'K_hearts',
      '9_diamonds',
      'Q_hearts',
      '10_diamonds',
      'J_hearts',
      'J_diamonds',
      '10_hearts',
      'Q_diamonds',
      '9_hearts',
      'K_diamonds',
    ]);
    expect(hand.events).toContainEqual({ kind: 'HAND_WON', seat: 0, card: '9_hearts', points: 1 });
    const next = hand.state;
    expect(next.handNumber).toBe(2);
    expect(next.dealer).toBe(0);
    expect(next.turn).toBe(1);
    expect(next.hands.map((h) => h.length)).toEqual([5, 5, 0]);
  });

  it('ends the game when one seat is left: it wins by resignation', () => {
    const start = threeSeats();
    const once = resign(start, 0).state;
    const { state, events } = resign(once, 2);
    expect(events).toEqual([
      { kind: 'RESIGNED', seat: 2 },
      { kind: 'GAME_OVER', winnerSeat: 1, reason: 'resign' },
    ]);
    expect(state.status).toBe('finished');
    expect(state.winnerSeat).toBe(1);
    expect(state.turn).toBeNull();
    expect(state.resigned).toEqual([0, 2]);
  });

  it('in a game of two, the other seat wins at once', () => {
    const start = newGame({ players: 2, seed: 3 });
    const { state } = resign(start, 0);
    expect(state.status).toBe('finished');
    expect(state.winnerSeat).toBe(1);
  });

  it('refuses a seat that already left, a finished game and a seat that does not exist', () => {
    const once = resign(threeSeats(), 1).state;
    expect(() => resign(once, 1)).toThrow(RuleError);
    const finished = resign(once, 0).state;
    expect(finished.status).toBe('finished');
    expect(() => resign(finished, 2)).toThrow(RuleError);
    expect(() => resign(threeSeats(), 3)).toThrow(RangeError);
  });

  it('applyMove replays a logged resignation like resign, and a card like applyPlay', () => {
    const start = threeSeats();
    expect(applyMove(start, 1, RESIGN_MOVE)).toEqual(resign(start, 1));
    expect(applyMove(start, 0, 'K_hearts')).toEqual(applyPlay(start, 0, 'K_hearts'));
  });
});

/** A game of 3–4 seats where, at the given steps, the seat to move (or another) resigns. */
const gameArb = fc.record({
  players: fc.integer({ min: 3, max: 4 }),
  seed: fc.oneof(fc.integer(), fc.string()),
  targetScore: fc.integer({ min: 1, max: 8 }),
  choices: fc.array(fc.nat(), { minLength: 1, maxLength: 200 }),
  resignAt: fc.array(fc.record({ step: fc.nat({ max: 120 }), offset: fc.nat({ max: 3 }) }), {
    maxLength: 3,
  }),
});

type Step = { before: GameState; after: GameState; events: GameEvent[]; resigned: number | null };

type Game = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

function playGame(game: Game) {
  let state = newGame({ players: game.players, seed: game.seed, targetScore: game.targetScore });
  const steps: Step[] = [];
  const maxSteps = (game.players * (game.targetScore - 1) + 1) * 5 * game.players + 10;
  for (let i = 0; state.status === 'active'; i++) {
    if (i > maxSteps) throw new Error('game did not terminate');
    const resignation = game.resignAt.find((r) => r.step === i);
    if (resignation) {
      const playing = seatsInPlay(state);
      const seat = playing[resignation.offset % playing.length]!;
      const { state: after, events } = resign(state, seat);
      steps.push({ before: state, after, events, resigned: seat });
      state = after;
      continue;
    }
    const seat = state.turn!;
    const legal = legalCards(state, seat);
    const card = legal[game.choices[i % game.choices.length]! % legal.length]!;
    const { state: after, events } = applyPlay(state, seat, card);
    steps.push({ before: state, after, events, resigned: null });
    state = after;
  }
  return { final: state, steps };
}

const runs = { numRuns: 150 };

describe('resignation properties', () => {
  it('games still end with one winner who is still playing: at the target, or the last seat left', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { final } = playGame(game);
        const winner = final.winnerSeat!;
        expect(final.resigned ?? []).not.toContain(winner);
        if (seatsInPlay(final).length === 1) expect(seatsInPlay(final)).toEqual([winner]);
        else expect(final.scores[winner]).toBeGreaterThanOrEqual(game.targetScore);
      }),
      runs,
    );
  });

  it('a resigned seat never has a turn, a card, a play or a trick again', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { after, events } of playGame(game).steps) {
          for (const seat of after.resigned ?? []) {
            expect(after.turn).not.toBe(seat);
            expect(after.hands[seat]).toEqual([]);
            expect(after.currentTrick.some((p) => p.seat === seat)).toBe(false);
            for (const e of events)
              if (e.kind === 'TRICK_WON' || e.kind === 'HAND_WON') expect(e.seat).not.toBe(seat);
          }
        }
      }),
      runs,
    );
  });

  it('cards stay distinct and every seat still playing holds as many as it should', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { after } of playGame(game).steps) {
          if (after.status === 'finished') continue;
          const cards = [
            ...after.hands.flat(),
            ...after.currentTrick.map((p) => p.card),
            ...after.tricks.flatMap((t) => t.plays.map((p) => p.card)),
          ];
          expect(new Set(cards).size).toBe(cards.length);
          expect(cards.every(isCard)).toBe(true);
          const played = new Set(after.currentTrick.map((p) => p.seat));
          for (const seat of seatsInPlay(after))
            expect(after.hands[seat]!.length).toBe(6 - after.trickNumber - (played.has(seat) ? 1 : 0));
        }
      }),
      runs,
    );
  });

  it('a complete trick holds one card of each seat still playing, won by the highest of the led suit', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        for (const { after, events } of playGame(game).steps) {
          if (!events.some((e) => e.kind === 'TRICK_WON')) continue;
          const trick = after.lastTrick!;
          expect(trick.plays.map((p) => p.seat).sort()).toEqual(seatsInPlay(after).sort());
          const ledSuit = suitIndexOf(trick.plays[0]!.card);
          const best = trick.plays
            .filter((p) => suitIndexOf(p.card) === ledSuit)
            .reduce((a, b) => (DECK.indexOf(b.card) > DECK.indexOf(a.card) ? b : a));
          expect(trick.winner).toBe(best.seat);
        }
      }),
      runs,
    );
  });

  it('every bot level finds a legal card for the seat to move after resignations', () => {
    fc.assert(
      fc.property(gameArb, fc.constantFrom('easy', 'medium', 'hard' as const), (game, level) => {
        const { steps } = playGame(game);
        for (const { after } of steps.filter((_, i) => i % 7 === 0)) {
          if (after.status !== 'active') continue;
          const card: Card = chooseCard(after, after.turn!, level);
          expect(legalCards(after, after.turn!)).toContain(card);
        }
      }),
      { numRuns: 40 },
    );
  });
});
