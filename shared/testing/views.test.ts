import { describe, expect, it } from 'vitest';
import { gameViewSchema } from '../protocol';
import { gameView, viewPlayer } from './views';

describe('the GameView builder', () => {
  it('builds a view the protocol accepts, as it is and with a patch', () => {
    expect(gameViewSchema.parse(gameView())).toEqual(gameView());
    const four = gameView({
      mode: 'quick',
      players: [0, 1, 2, 3].map((seat) => viewPlayer(seat)),
      you: null,
      hand: [],
      legalCards: [],
    });
    expect(gameViewSchema.parse(four)).toEqual(four);
  });

  it('seats distinct users, each with a full hand', () => {
    const { players } = gameView();
    expect(players.map((p) => [p.seat, p.userId, p.username])).toEqual([
      [0, 1, 'ama'],
      [1, 2, 'kofi'],
    ]);
    expect(gameView().hand).toHaveLength(players[0]!.cardsInHand);
    expect(viewPlayer(3).username).toBe('yaw');
  });

  it('puts the patch on top and hands out a fresh view each time', () => {
    const view = gameView({ seq: 7, turn: 1 });
    expect([view.seq, view.turn]).toEqual([7, 1]);
    view.hand.push('8_spades');
    view.legalCards.length = 0;
    expect(gameView().hand).toHaveLength(5);
    expect(gameView().legalCards).toEqual(gameView().hand);
    expect(viewPlayer(1, { score: 3, isBot: true })).toMatchObject({ seat: 1, score: 3, isBot: true });
  });
});
