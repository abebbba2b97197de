// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessageOf } from '@shared/protocol';
import { gameView, viewPlayer } from '@shared/testing/views';
import { renderWithProviders } from '../../../../lib/testing/render';
import { toastsAtom } from '../../../../lib/toast';
import { GameOverDialog } from './Dialogs';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const game = gameView({
  status: 'finished',
  mode: 'quick',
  players: [viewPlayer(0, { score: 10, cardsInHand: 0 }), viewPlayer(1, { score: 7, cardsInHand: 0 })],
});

const over: ServerMessageOf<'GAME_OVER'> = {
  type: 'GAME_OVER',
  gameId: 'g1',
  winnerUserId: 1,
  reason: 'score',
  scores: [10, 7],
  rewards: { currency: 25, premiumCurrency: 0 },
};

function server(answer: Response) {
  const claims: ((res: Response) => void)[] = [];
  const fetch = vi.fn((url: string) =>
    url === '/api/currency/game-rewards/claim'
      ? new Promise<Response>((resolve) => claims.push(resolve))
      : Promise.resolve(json(200, { currency: 25, premiumCurrency: 0 })),
  );
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    release: async () => {
      await waitFor(() => expect(claims).toHaveLength(1));
      claims.shift()!(answer);
    },
  };
}

function show(message = over, view = game) {
  renderWithProviders(<GameOverDialog game={view} over={message} onPlayAgain={() => undefined} />, {
    route: '/',
  });
}

const rewards = () => within(screen.getByRole('dialog')).getByLabelText('Game rewards');

describe('game over rewards', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows what the game earned and claims it once: the button waits, then reads Claimed', async () => {
    const { fetch, release } = server(
      json(200, {
        message: 'ok',
        amount: 25,
        currencyType: 'regular',
        balance: { currency: 25, premiumCurrency: 0 },
      }),
    );
    show();
    expect(within(rewards()).getByText('25')).toBeTruthy();
    const claim = within(rewards()).getByRole('button', { name: 'Claim' }) as HTMLButtonElement;
    fireEvent.click(claim);
    await waitFor(() => expect(claim.disabled).toBe(true));
    expect(fetch).toHaveBeenCalledWith(
      '/api/currency/game-rewards/claim',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ gameId: 'g1' }) }),
    );
    await release();
    await within(rewards()).findByText('Claimed');
    expect(within(rewards()).queryByRole('button', { name: 'Claim' })).toBeNull();
  });

  it('a reward paid before (409) reads Claimed without an error notice', async () => {
    const { release } = server(
      json(409, { message: 'Game reward already claimed', code: 'already_claimed' }),
    );
    show();
    fireEvent.click(within(rewards()).getByRole('button', { name: 'Claim' }));
    await release();
    await within(rewards()).findByText('Claimed');
    expect(getDefaultStore().get(toastsAtom)).toEqual([]);
  });

  it('another failure keeps Claim and says why', async () => {
    const { release } = server(json(500, { message: 'Database unavailable' }));
    show();
    fireEvent.click(within(rewards()).getByRole('button', { name: 'Claim' }));
    await release();
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Could not claim the reward', message: 'Database unavailable' },
    ]);
    expect(within(rewards()).getByRole('button', { name: 'Claim' })).toBeTruthy();
  });

  it('no rewards (practice, spectators): nothing to claim', () => {
    server(json(200, {}));
    show({ ...over, rewards: { currency: 0, premiumCurrency: 0 } });
    expect(within(screen.getByRole('dialog')).queryByLabelText('Game rewards')).toBeNull();
    cleanup();
    show(over, { ...game, you: null });
    expect(within(screen.getByRole('dialog')).queryByLabelText('Game rewards')).toBeNull();
  });
});
