// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { gameView, viewPlayer } from '@shared/testing/views';
import { renderWithProviders } from '../../../lib/testing/render';
import { GameTable } from './GameTable';
import { tableProps } from './table-test-props';

/** What a spectator is sent: no seat, no hand, no legal cards, and how many are watching. */
const watched: GameView = gameView({
  seq: 3,
  players: [viewPlayer(0, { score: 4, cardsInHand: 4 }), viewPlayer(1, { score: 6 })],
  you: null,
  hand: [],
  turnDeadline: Date.now() + 20_000,
  handNumber: 2,
  currentTrick: [{ seat: 1, card: '9_hearts' }],
  legalCards: [],
  spectators: 3,
});

const over: ServerMessageOf<'GAME_OVER'> = {
  type: 'GAME_OVER',
  gameId: 'g1',
  winnerUserId: 2,
  reason: 'score',
  scores: [4, 10],
};

function renderTable(readOnly: boolean) {
  renderWithProviders(<GameTable {...tableProps(watched, { over, readOnly })} />, { route: '/' });
}

afterEach(cleanup);

describe('the table for a spectator', () => {
  it('shows the watching badge and count, no hand, and the game over with its replay', () => {
    renderTable(false);
    expect(screen.getByText('watching')).toBeTruthy();
    expect(screen.getByLabelText('3 watching').textContent).toBe('3');
    expect(screen.queryByRole('group', { name: 'Your hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    // Only the played card is face up.
    const faces = screen.getAllByRole('img').filter((img) => img.getAttribute('alt') !== 'Face-down card');
    expect(faces.map((img) => img.getAttribute('alt'))).toEqual(['9 of hearts']);
    expect(screen.getByRole('heading', { name: 'kofi wins' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Replay' }).getAttribute('href')).toBe('/game/g1/replay');
    expect(screen.queryByRole('button', { name: 'Play again' })).toBeNull();
  });

  it('read-only (the featured game) drops the toolbar and the dialogs but keeps the table', () => {
    renderTable(true);
    expect(screen.queryByLabelText('Back to games')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'kofi wins' })).toBeNull();
    expect(screen.getByAltText('9 of hearts')).toBeTruthy();
    expect(screen.getByLabelText('kofi holds 5 cards').querySelectorAll('img')).toHaveLength(5);
  });
});
