// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameView, viewPlayer } from '@shared/testing/views';
import { renderWithProviders } from '../../../../lib/testing/render';
import type { RematchState } from '../../hooks/useRematch';
import { RematchPanel } from './RematchPanel';

const game = gameView({
  status: 'finished',
  mode: 'quick',
  players: [
    viewPlayer(0, { score: 10, cardsInHand: 0 }),
    viewPlayer(1, { username: 'kofi_the_longest', score: 7, cardsInHand: 0 }),
  ],
});

function show(state: RematchState, onAccept = vi.fn()) {
  renderWithProviders(<RematchPanel game={game} state={state} onAccept={onAccept} />, { route: '/' });
  return onAccept;
}

describe('RematchPanel', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('offers Rematch before anyone asked', () => {
    const onAccept = show({ phase: 'idle' });
    fireEvent.click(screen.getByRole('button', { name: 'Rematch' }));
    expect(onAccept).toHaveBeenCalledOnce();
  });

  it('asked by the opponent: names who accepted, counts down, and offers Accept', () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const onAccept = show({ phase: 'asked', accepted: [2], expiresAt: 30_000 });
    expect(screen.getByText('kofi_the_longest')).toBeTruthy();
    expect(screen.getByText('You')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Rematch asked: 30 s to accept');
    fireEvent.click(screen.getByRole('button', { name: 'Accept rematch' }));
    expect(onAccept).toHaveBeenCalledOnce();
  });

  it('once accepted: waits for the others, with no button to press again', () => {
    vi.useFakeTimers({ now: 10_000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    show({ phase: 'asked', accepted: [1], expiresAt: 30_000 });
    expect(screen.getByRole('status').textContent).toBe('Waiting for the others to accept… 20 s');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says clearly why it ended, naming the other player', () => {
    show({ phase: 'ended', reason: 'declined', by: 2 });
    expect(screen.getByRole('status').textContent).toBe('kofi_the_longest declined the rematch.');
    cleanup();
    show({ phase: 'ended', reason: 'expired', by: 2 });
    expect(screen.getByRole('status').textContent).toBe(
      'The rematch ran out of time: kofi_the_longest did not answer.',
    );
    cleanup();
    show({ phase: 'ended', reason: 'left', by: 2 });
    expect(screen.getByRole('status').textContent).toBe('kofi_the_longest left, so there is no rematch.');
    cleanup();
    show({ phase: 'ended', reason: 'closed' });
    expect(screen.getByRole('status').textContent).toBe('No rematch: another player has left the game.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
