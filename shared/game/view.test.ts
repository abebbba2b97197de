import { describe, expect, it } from 'vitest';
import { newGame } from './engine';
import { playCards } from '../testing/game';
import { viewFor } from './view';

describe('viewFor', () => {
  const state = newGame({
    players: 2,
    seed: 3,
    dealer: 1,
    hands: [
      ['9_hearts', 'K_spades', '6_clubs', '7_clubs', '8_diamonds'],
      ['10_hearts', '6_hearts', 'Q_spades', 'J_clubs', '9_diamonds'],
    ],
  });

  it('shows a player their own hand, the public table and their legal cards on their turn', () => {
    const mid = playCards(state, ['9_hearts']).state;
    const view = viewFor(mid, 1);
    expect(view.you).toBe(1);
    expect(view.hand).toEqual(['10_hearts', '6_hearts', 'Q_spades', 'J_clubs', '9_diamonds']);
    expect(view.legalCards).toEqual(['10_hearts', '6_hearts']);
    expect(view.currentTrick).toEqual([{ seat: 0, card: '9_hearts' }]);
    expect(view.cardsInHand).toEqual([4, 5]);
    expect(view).toMatchObject({
      status: 'active',
      dealer: 1,
      turn: 1,
      handNumber: 1,
      trickNumber: 1,
      scores: [0, 0],
      targetScore: 10,
      winnerSeat: null,
    });
    expect(JSON.stringify(view)).not.toContain('K_spades');
  });

  it('gives no legal cards off turn', () => {
    expect(viewFor(state, 1).legalCards).toEqual([]);
    expect(viewFor(state, 0).legalCards).toHaveLength(5);
  });

  it('shows a spectator (or an unknown seat) no hand at all', () => {
    for (const viewer of [null, 7, -1]) {
      const view = viewFor(state, viewer);
      expect(view.you).toBeNull();
      expect(view.hand).toEqual([]);
      expect(view.legalCards).toEqual([]);
      for (const card of state.hands.flat()) expect(JSON.stringify(view)).not.toContain(card);
    }
  });

  it('returns copies, so changing a view cannot change the game', () => {
    const view = viewFor(state, 0);
    view.hand.pop();
    view.scores[0] = 99;
    expect(state.hands[0]).toHaveLength(5);
    expect(state.scores[0]).toBe(0);
  });
});
