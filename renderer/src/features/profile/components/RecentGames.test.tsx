// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserGame } from '@shared/protocol';
import { renderWithProviders } from '../../../lib/testing/render';
import { RecentGames } from './RecentGames';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const player = (seat: number, userId: number, username: string, score: number) => ({
  seat,
  userId,
  username,
  avatarUrl: null,
  isBot: false,
  score,
});

const games: UserGame[] = [
  {
    id: 'g-won',
    mode: 'ranked',
    players: [player(0, 9, 'kofi', 4), player(1, 7, 'ama', 10)],
    winnerUserId: 7,
    reason: 'score',
    finishedAt: 1795260000000,
  },
  {
    id: 'g/lost',
    mode: 'quick',
    players: [player(0, 7, 'ama', 2), player(1, 11, 'esi', 10)],
    winnerUserId: 11,
    reason: 'resign',
    finishedAt: 1795200000000,
  },
];

function show(userId: number) {
  renderWithProviders(<RecentGames userId={userId} />, { route: '/' });
}

describe('recent games on a profile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the owner’s games with their result and score, each linking to its replay', async () => {
    const fetch = vi.fn(async (_url: string) => json(200, games));
    vi.stubGlobal('fetch', fetch);
    show(7);
    const won = await screen.findByRole('link', { name: 'Replay the game against kofi' });
    expect(won.getAttribute('href')).toBe('/game/g-won/replay');
    const lost = screen.getByRole('link', { name: 'Replay the game against esi' });
    expect(lost.getAttribute('href')).toBe('/game/g%2Flost/replay');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/users/7/games?limit=10');

    const rows = screen
      .getAllByRole('link')
      .map((link) => link.closest('.mantine-Group-root')!.parentElement!);
    expect(within(rows[0]!).getByText('win')).toBeTruthy();
    expect(within(rows[0]!).getByText('10–4')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Ranked/)).toBeTruthy();
    expect(within(rows[1]!).getByText('loss')).toBeTruthy();
    expect(within(rows[1]!).getByText('2–10')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Quick/)).toBeTruthy();
    // A score keeps one line and its width on a narrow phone: the opponents' names give way.
    const score = within(rows[0]!).getByText('10–4');
    expect(score.style.whiteSpace).toBe('nowrap');
    expect((score.parentElement as HTMLElement).style.flexShrink).toBe('0');
  });

  it('says so when there are none, and shows a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    show(7);
    expect(await screen.findByText('No finished ranked or quick games yet.')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { message: 'User not found', code: 'user_not_found' })),
    );
    show(8);
    expect(await screen.findByText('User not found')).toBeTruthy();
  });
});
