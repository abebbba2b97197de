// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChallengeFriend } from './private-games';
import { renderWithProviders } from '../lib/testing/render';
import { toastsAtom } from '../lib/toast';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function ChallengeButton() {
  const challenge = useChallengeFriend();
  return (
    <button type="button" disabled={challenge.isPending} onClick={() => challenge.mutate(42)}>
      Challenge
    </button>
  );
}

function show() {
  renderWithProviders(
    <Routes>
      <Route path="/messages" element={<ChallengeButton />} />
      <Route path="/game/:gameId" element={<p>the table</p>} />
    </Routes>,
    { route: '/messages' },
  );
}

describe('challenging a friend', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('creates the private game and takes the challenger to its table', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(201, { id: 'g_private' })));
    vi.stubGlobal('fetch', fetch);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Challenge' }));
    await screen.findByText('the table');
    expect(fetch).toHaveBeenCalledWith(
      '/api/game-rooms/private',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ friendshipId: 42 }) }),
    );
  });

  it('a refusal shows "Failed to create game" with the server’s message, else "Please try again later"', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        json(409, { message: 'kofi is in a game right now. Try again later.', code: 'friend_in_game' }),
      ),
    );
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Challenge' }));
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Failed to create game', message: 'kofi is in a game right now. Try again later.' },
    ]);
    expect(screen.queryByText('the table')).toBeNull();
    cleanup();
    getDefaultStore().set(toastsAtom, []);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Challenge' }));
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Failed to create game', message: 'Please try again later' },
    ]);
  });
});
