// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RatingHistory } from '@shared/protocol';
import { renderWithProviders } from '../../../lib/testing/render';
import { RatingHistoryChart } from './RatingHistoryChart';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const history: RatingHistory = {
  totalGames: 7,
  points: [
    {
      gameId: 'g-first',
      finishedAt: Date.UTC(2026, 10, 2, 12),
      ratingBefore: 1500,
      rating: 1662,
      change: 162,
      result: 'win',
      reason: 'score',
      opponents: [{ userId: 9, username: 'kofi_the_great1' }],
    },
    {
      gameId: 'g/last',
      finishedAt: Date.UTC(2026, 10, 5, 12),
      ratingBefore: 1662,
      rating: 1591,
      change: -71,
      result: 'loss',
      reason: 'resign',
      opponents: [{ userId: 11, username: 'esi' }],
    },
  ],
};

function show(body: unknown, status = 200) {
  const fetch = vi.fn(() => Promise.resolve(json(status, body)));
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<RatingHistoryChart userId={7} />, { route: '/' });
  return fetch;
}

describe('the rating history chart', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws a point per game, shows the latest, and a tapped point shows its game with a replay link', async () => {
    const fetch = show(history);
    const points = await screen.findAllByRole('button', { name: /against/ });
    expect(fetch).toHaveBeenCalledWith('/api/users/7/rating-history?limit=50', expect.anything());
    expect(points).toHaveLength(2);
    expect(screen.getByText('Last 2 of 7 ranked games')).toBeTruthy();
    let detail = screen.getByTestId('rating-point-detail');
    expect(within(detail).getByText('vs esi')).toBeTruthy();
    expect(within(detail).getByText('1591 (\u221271)')).toBeTruthy();
    expect(within(detail).getByRole('link', { name: 'Replay' }).getAttribute('href')).toBe(
      '/game/g%2Flast/replay',
    );

    fireEvent.click(points[0]!);
    detail = screen.getByTestId('rating-point-detail');
    expect(within(detail).getByText('vs kofi_the_great1')).toBeTruthy();
    expect(within(detail).getByText('win')).toBeTruthy();
    expect(within(detail).getByText('1662 (+162)')).toBeTruthy();
    expect(within(detail).getByRole('link', { name: 'Replay' }).getAttribute('href')).toBe(
      '/game/g-first/replay',
    );
    expect(points[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(points[0]!.getAttribute('aria-label')).toMatch(
      /^Won against kofi_the_great1 on .*: rating 1662 \(\+162\)$/,
    );
  });

  it('says so when the player has no ranked game yet', async () => {
    show({ points: [], totalGames: 0 });
    expect(await screen.findByText(/No ranked games yet/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Rating after each/ })).toBeNull();
  });

  it('says when the history cannot be loaded', async () => {
    show({ message: 'User not found', code: 'user_not_found' }, 404);
    expect(await screen.findByText('User not found')).toBeTruthy();
  });
});
