import { describe, expect, it } from 'vitest';
import type { GameEventMessage } from '@shared/protocol';
import { gameView, viewPlayer } from '@shared/testing/views';
import { logHand } from './handLog';

const view = (handNumber: number, scores: number[]) =>
  gameView({
    handNumber,
    // Seats listed out of order: totals are by seat all the same.
    players: scores.map((score, seat) => viewPlayer(seat, { score })).reverse(),
  });

const won = (seat: number, points: number): GameEventMessage => ({
  kind: 'HAND_WON',
  seat,
  card: '6_spades',
  points,
});
const dealt = (handNumber: number): GameEventMessage => ({ kind: 'HAND_DEALT', handNumber, dealer: 0 });

describe('the score log', () => {
  it('adds each finished hand once, with its winner, points and everyone’s totals', () => {
    let log = logHand([], view(1, [0, 0]), [{ kind: 'CARD_PLAYED', seat: 0, card: '9_hearts' }]);
    expect(log).toEqual([]);
    log = logHand(log, view(2, [0, 3]), [won(1, 3), dealt(2)]);
    log = logHand(log, view(3, [1, 3]), [won(0, 1), dealt(3)]);
    expect(log).toEqual([
      { handNumber: 1, seat: 1, points: 3, totals: [0, 3] },
      { handNumber: 2, seat: 0, points: 1, totals: [1, 3] },
    ]);
    // The same update seen twice (a replayed frame) is not counted twice.
    expect(logHand(log, view(3, [1, 3]), [won(0, 1), dealt(3)])).toBe(log);
  });

  it('the hand that ends the game has no deal after it', () => {
    expect(
      logHand([], view(6, [10, 7]), [won(0, 2), { kind: 'GAME_OVER', winnerUserId: 1, reason: 'score' }]),
    ).toEqual([{ handNumber: 6, seat: 0, points: 2, totals: [10, 7] }]);
  });
});
