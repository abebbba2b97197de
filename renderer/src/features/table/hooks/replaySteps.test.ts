import { describe, expect, it } from 'vitest';
import { RESIGN_MOVE, applyPlay, legalCards, newGame, resign, type Card, type Move } from '@shared/game';
import { replaySteps, stepOfTrick } from './replaySteps';

/** A whole game played with each seat's first legal card, as its seed and move list. */
function playedGame(seed: string, players = 2, targetScore = 10) {
  let state = newGame({ players, seed, targetScore });
  const moves: { seat: number; card: Card }[] = [];
  let hands = 1;
  while (state.status === 'active') {
    const seat = state.turn!;
    const card = legalCards(state, seat)[0]!;
    moves.push({ seat, card });
    const result = applyPlay(state, seat, card);
    if (result.events.some((e) => e.kind === 'HAND_DEALT')) hands++;
    state = result.state;
  }
  return { input: { seed, players, targetScore, moves }, final: state, hands };
}

describe('replay steps', () => {
  it('has a deal per hand and a step per card, ending on the final score', () => {
    const { input, final, hands } = playedGame('replay-seed-1');
    const steps = replaySteps(input);
    expect(steps.filter((s) => s.kind === 'play')).toHaveLength(input.moves.length);
    expect(steps.filter((s) => s.kind === 'deal')).toHaveLength(hands);
    expect(steps[0]).toMatchObject({ kind: 'deal', handNumber: 1, trick: [], scores: [0, 0], final: false });
    const last = steps.at(-1)!;
    expect(last.final).toBe(true);
    expect(steps.filter((s) => s.final)).toHaveLength(1);
    expect(last.scores).toEqual(final.scores);
    expect(Math.max(...last.scores)).toBeGreaterThanOrEqual(10);
    expect(last.handResult).not.toBeNull();
  });

  it('shows every hand, less the cards already played, and each trick complete with its winner', () => {
    const { input } = playedGame('replay-seed-2', 3);
    const steps = replaySteps(input);
    for (const [i, step] of steps.entries()) {
      if (step.kind === 'deal') {
        expect(step.hands.every((h) => h.length === 5)).toBe(true);
        continue;
      }
      const play = step.play!;
      expect(step.hands[play.seat]).not.toContain(play.card);
      expect(step.trick.at(-1)).toEqual(play);
      const previous = steps[i - 1]!;
      // One card left one hand, nothing else moved.
      expect(step.hands.flat()).toHaveLength(previous.hands.flat().length - 1);
      if (step.trickWinner !== null) {
        expect(step.trick).toHaveLength(3);
        expect(step.trick.map((p) => p.seat)).toContain(step.trickWinner);
      } else expect(step.trick.length).toBeLessThan(3);
    }
    // Hand results only at a hand's fifth trick, and they add up to the score.
    const results = steps.filter((s) => s.handResult);
    expect(results.every((s) => s.trickNumber === 5)).toBe(true);
    const total = results.reduce((sum, s) => sum + s.handResult!.points, 0);
    expect(total).toBe(steps.at(-1)!.scores.reduce((a, b) => a + b, 0));
  });

  it('numbers tricks across the game for the slider, and finds the first step of each', () => {
    const { input } = playedGame('replay-seed-3');
    const steps = replaySteps(input);
    const lastTrick = steps.at(-1)!.trickIndex;
    expect(lastTrick + 1).toBe(input.moves.length / 2);
    expect(stepOfTrick(steps, 0)).toBe(0);
    // The second hand's first trick starts on its deal.
    const secondDeal = steps.findIndex((s, i) => i > 0 && s.kind === 'deal');
    expect(stepOfTrick(steps, 5)).toBe(secondDeal);
    expect(steps[stepOfTrick(steps, 2)]).toMatchObject({
      kind: 'play',
      trickNumber: 3,
      trick: [expect.anything()],
    });
    expect(stepOfTrick(steps, 9999)).toBe(steps.length - 1);
  });

  it('ends early on a game stopped by resignation, and refuses moves the engine does not allow', () => {
    const { input } = playedGame('replay-seed-4');
    const cut = { ...input, moves: input.moves.slice(0, 7) };
    const steps = replaySteps(cut);
    expect(steps.at(-1)).toMatchObject({ kind: 'play', final: true, play: cut.moves[6] });
    expect(replaySteps({ ...input, moves: [] })).toHaveLength(1);
    const wrong = { ...input, moves: [{ seat: input.moves[0]!.seat, card: input.moves[1]!.card }] };
    expect(() => replaySteps(wrong)).toThrow();
  });
});

describe('replay steps with a resignation', () => {
  it('shows the seat resigning, its cards set aside, and the others playing on to the end', () => {
    let state = newGame({ players: 3, seed: 'replay-resign', targetScore: 3 });
    const moves: { seat: number; card: Move }[] = [];
    state = applyPlay(state, state.turn!, legalCards(state, state.turn!)[0]!).state;
    moves.push({ seat: state.currentTrick[0]!.seat, card: state.currentTrick[0]!.card });
    const gone = state.turn!;
    state = resign(state, gone).state;
    moves.push({ seat: gone, card: RESIGN_MOVE });
    while (state.status === 'active') {
      const seat = state.turn!;
      const card = legalCards(state, seat)[0]!;
      moves.push({ seat, card });
      state = applyPlay(state, seat, card).state;
    }
    const steps = replaySteps({ seed: 'replay-resign', players: 3, targetScore: 3, moves });
    const resigned = steps.find((s) => s.kind === 'resign')!;
    expect(resigned).toMatchObject({ play: null, resigned: gone });
    expect(resigned.hands[gone]).toEqual([]);
    expect(steps.at(-1)!.scores).toEqual(state.scores);
  });
});
