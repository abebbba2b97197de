// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameView, viewPlayer } from '@shared/testing/views';
import { renderWithProviders } from '../../../lib/testing/render';
import { GameCalledOff, WaitingForFriend } from './PrivateGameLobby';

const NOW = Date.UTC(2026, 0, 1, 12);

const waiting = gameView({
  id: 'g_private',
  mode: 'private',
  status: 'waiting',
  players: [viewPlayer(0), viewPlayer(1, { connected: false })],
  hand: ['7_hearts', 'K_spades', 'Q_clubs', '6_hearts', '9_clubs'],
  turn: null,
  legalCards: [],
  inviteExpiresAt: NOW + 90_000,
});

function renderIn(node: ReactNode) {
  renderWithProviders(node, { route: '/' });
}

describe('private game lobby', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('waits for the friend by name, counts down to the invitation’s expiry, and offers to cancel', () => {
    const onCancel = vi.fn();
    renderIn(<WaitingForFriend game={waiting} onCancel={onCancel} />);
    expect(screen.getByText('Waiting for kofi to join')).toBeTruthy();
    expect(screen.getByText('90 seconds left')).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('60 seconds left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel game' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('the friend who arrives first waits for the challenger the same way', () => {
    renderIn(<WaitingForFriend game={{ ...waiting, you: { seat: 1 } }} onCancel={() => undefined} />);
    expect(screen.getByText('Waiting for ama to join')).toBeTruthy();
  });

  it('says why a game was called off', () => {
    const cases = [
      ['declined', false, 'kofi declined the game.'],
      ['declined', true, 'You declined the game.'],
      ['withdrawn', false, 'kofi cancelled the game.'],
      ['withdrawn', true, 'You cancelled the game.'],
      ['expired', false, 'kofi did not join in time.'],
    ] as const;
    for (const [reason, byYou, text] of cases) {
      renderIn(<GameCalledOff game={{ ...waiting, status: 'cancelled' }} reason={reason} byYou={byYou} />);
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to games' }).getAttribute('href')).toBe('/games');
      cleanup();
    }
    renderIn(<GameCalledOff game={{ ...waiting, status: 'cancelled' }} reason={null} byYou={false} />);
    expect(screen.getByText('This private game did not start.')).toBeTruthy();
  });
});
