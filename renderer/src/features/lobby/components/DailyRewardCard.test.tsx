// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkOnlineAtom } from '../../../lib/network';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { DailyRewardCard, timeUntil } from './DailyRewardCard';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const HOUR = 3_600_000;
const rewards = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  id: day,
  day,
  amount: day === 7 ? 5 : day * 50,
  currencyType: day === 7 ? 'premium' : 'regular',
  description: 'Daily login reward',
  // Day 5 has a picture chosen by staff.
  imageUrl: day === 5 ? '/uploads/day5.png' : null,
  isActive: true,
  bonusItemId: null,
}));

/** Answers the schedule from `state`; a claim waits until the test answers it. */
function server(state: { today: number; streak: number; claimedToday: boolean }) {
  const claims: ((res: Response) => void)[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/currency/daily-rewards/claim' && init?.method === 'POST')
      return new Promise<Response>((resolve) => claims.push(resolve));
    if (url === '/api/currency/daily-rewards')
      return Promise.resolve(
        json(200, { rewards, ...state, nextClaimAt: Date.now() + 5 * HOUR + 12 * 60_000 }),
      );
    return Promise.resolve(json(200, { currency: 0, premiumCurrency: 0 }));
  });
  vi.stubGlobal('fetch', fetch);
  const answerClaim = async (res: Response) => {
    await waitFor(() => expect(claims).toHaveLength(1));
    claims.shift()!(res);
  };
  return { fetch, answerClaim };
}

function show() {
  renderWithProviders(<DailyRewardCard />);
}

const claimButton = () => screen.getByRole('button', { name: /Claim/ }) as HTMLButtonElement;
const day = (n: number) => screen.getByLabelText(new RegExp(`^Day ${n}:`));
const toasts = () => getDefaultStore().get(toastsAtom);

describe('daily reward card', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    getDefaultStore().set(networkOnlineAtom, true);
  });

  it('offline, shows a schedule it already has with Claim off, and hides itself without one (no loader that never ends)', async () => {
    server({ today: 2, streak: 1, claimedToday: false });
    show();
    await waitFor(() => expect(claimButton().disabled).toBe(false));
    getDefaultStore().set(networkOnlineAtom, false);
    await waitFor(() => expect(claimButton().disabled).toBe(true));
    expect(day(2)).toBeTruthy();
    cleanup();

    // A hub opened offline with nothing loaded before (the query waits for the network): the
    // card steps aside rather than showing a loader that would never end.
    const { fetch } = server({ today: 2, streak: 1, claimedToday: false });
    fetch.mockImplementation(() => new Promise<Response>(() => undefined));
    show();
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
    expect(document.querySelector('.mantine-Skeleton-root')).toBeNull();
  });

  it('shows the week with earlier days ticked and today lit, and claims today’s reward', async () => {
    const state = { today: 3, streak: 2, claimedToday: false };
    const { answerClaim } = server(state);
    show();
    await screen.findByText('2 day streak');
    expect(day(1).dataset.state).toBe('claimed');
    expect(day(2).dataset.state).toBe('claimed');
    expect(day(3).dataset.state).toBe('today');
    expect(day(4).dataset.state).toBe('upcoming');
    expect(day(7).getAttribute('aria-label')).toBe('Day 7: 5 gems');
    expect(day(5).querySelector('img')?.getAttribute('src')).toBe('/uploads/day5.png');
    expect(day(4).querySelector('img')).toBeNull();
    expect(screen.getByText('Today: 150 coins')).toBeTruthy();

    fireEvent.click(claimButton());
    await waitFor(() => expect(claimButton().disabled).toBe(true));
    Object.assign(state, { streak: 3, claimedToday: true });
    await answerClaim(
      json(200, {
        message: 'Claimed',
        day: 3,
        streak: 3,
        amount: 150,
        currencyType: 'regular',
        bonusItem: null,
        balance: { currency: 250, premiumCurrency: 0 },
      }),
    );
    await screen.findByText('3 day streak');
    expect(toasts()).toMatchObject([
      { title: 'Daily Reward Claimed', message: '+150 coins. Day 3 of your streak.' },
    ]);
    expect(day(3).dataset.state).toBe('claimed');
    expect(claimButton().disabled).toBe(true);
    expect(within(claimButton()).getByText('Claimed')).toBeTruthy();
    expect(screen.getByText(/^Next reward in 5 h 1[123] min$/)).toBeTruthy();
  });

  it('already claimed today: no claim, and when the next one opens', async () => {
    server({ today: 1, streak: 1, claimedToday: true });
    show();
    await screen.findByText('1 day streak');
    expect(day(1).dataset.state).toBe('claimed');
    expect(claimButton().disabled).toBe(true);
    expect(screen.getByText(/^Next reward in/)).toBeTruthy();
  });

  it('a refused claim shows the server’s reason', async () => {
    const { answerClaim } = server({ today: 1, streak: 0, claimedToday: false });
    show();
    await screen.findByText('0 day streak');
    fireEvent.click(claimButton());
    await answerClaim(json(409, { message: 'Already claimed today' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()).toMatchObject([
      { title: 'Could not claim the reward', message: 'Already claimed today', type: 'error' },
    ]);
  });

  it('says how long until the next claim', () => {
    expect(timeUntil(5 * HOUR + 12 * 60_000, 0)).toBe('5 h 12 min');
    expect(timeUntil(12 * 60_000, 0)).toBe('12 min');
    expect(timeUntil(30_000, 0)).toBe('less than a minute');
  });
});
