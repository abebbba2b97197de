// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { invitationAtom } from '../hooks/useInvitations';

const sent: object[] = [];
vi.mock('../../../lib/realtime', () => ({ socket: { send: (m: object) => sent.push(m) } }));
const { InvitationDialog } = await import('./InvitationDialog');

function show(path = '/games') {
  getDefaultStore().set(invitationAtom, {
    type: 'GAME_INVITATION',
    gameId: 'g_private',
    from: { id: 7, username: 'kofi' },
    expiresAt: Date.now() + 120_000,
  });
  renderWithProviders(
    <>
      <InvitationDialog />
      <Routes>
        <Route path="/games" element={<p>games hub</p>} />
        <Route path="/game/:gameId" element={<p>the table</p>} />
      </Routes>
    </>,
    { route: path },
  );
}

describe('invitation dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    sent.length = 0;
  });
  afterEach(() => {
    cleanup();
    getDefaultStore().set(invitationAtom, null);
    vi.useRealTimers();
  });

  it('names the challenger and counts down from the invitation’s deadline', () => {
    show();
    expect(screen.getByText('Game invitation')).toBeTruthy();
    expect(screen.getByText('kofi')).toBeTruthy();
    expect(screen.getByText('120 seconds left')).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_100));
    expect(screen.getByText('90 seconds left')).toBeTruthy();
  });

  it('Accept takes the player to the game’s table and closes the dialog', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('the table')).toBeTruthy();
    expect(screen.queryByText('Game invitation')).toBeNull();
    expect(getDefaultStore().get(invitationAtom)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('Decline sends DECLINE_GAME_INVITATION and closes the dialog', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(sent).toEqual([{ type: 'DECLINE_GAME_INVITATION', gameId: 'g_private' }]);
    expect(getDefaultStore().get(invitationAtom)).toBeNull();
    expect(screen.getByText('games hub')).toBeTruthy();
  });

  it('is not shown at the game’s own table, where joining is accepting', () => {
    show('/game/g_private');
    expect(screen.queryByText('Game invitation')).toBeNull();
    expect(getDefaultStore().get(invitationAtom)).toBeNull();
  });
});
