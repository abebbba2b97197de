// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { Achievements } from './Achievements';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const base = { currencyType: 'regular', description: '', amount: 100 };
const list = [
  { ...base, id: 'first_game', name: 'First game', progress: 1, target: 1, unlocked: true, claimed: true },
  { ...base, id: 'first_win', name: 'First win', progress: 1, target: 1, unlocked: true, claimed: false },
  { ...base, id: 'wins_10', name: 'Ten wins', progress: 3, target: 10, unlocked: false, claimed: false },
];

describe('achievements', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows progress and state, and claims an unlocked one', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/currency/achievement-rewards/claim' && init?.method === 'POST') {
        list[1] = { ...list[1]!, claimed: true };
        return json(200, {
          message: 'ok',
          amount: 100,
          currencyType: 'regular',
          balance: { currency: 100, premiumCurrency: 0 },
        });
      }
      if (url.startsWith('/api/currency/achievement-rewards')) return json(200, list);
      return json(200, { currency: 100, premiumCurrency: 0 });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Achievements />);
    await screen.findByText('2 of 3 unlocked');
    const tenWins = screen.getByLabelText('Ten wins');
    expect(tenWins.dataset.state).toBe('locked');
    expect(within(tenWins).getByText('3 / 10')).toBeTruthy();
    expect(within(tenWins).queryByRole('button')).toBeNull();
    expect(within(screen.getByLabelText('First game')).getByText('Claimed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Claim First win' }));
    await waitFor(() => expect(screen.getByLabelText('First win').dataset.state).toBe('claimed'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/currency/achievement-rewards/claim',
      expect.objectContaining({ body: JSON.stringify({ achievementId: 'first_win' }) }),
    );
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Reward Claimed', message: 'First win: +100 coins' },
    ]);
  });
});
