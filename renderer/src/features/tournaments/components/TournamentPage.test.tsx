// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Standing, TournamentDetail } from '@shared/protocol';
import { fakeSocket } from '../../../lib/testing/fake-socket';
import { renderWithProviders } from '../../../lib/testing/render';
import { TournamentPage } from './TournamentPage';

vi.mock('../../../lib/realtime', async () => ({
  socket: (await import('../../../lib/testing/fake-socket')).fakeSocket,
}));
vi.mock('../../../lib/session/useSession', () => ({
  useSession: () => ({ user: { id: 20, username: 'kofi', role: 'user' }, loading: false }),
}));

const standing = (
  place: number,
  userId: number,
  username: string,
  over: Partial<Standing> = {},
): Standing => ({
  place,
  userId,
  username,
  avatarUrl: null,
  rating: 1500,
  score: 0,
  games: 0,
  wins: 0,
  streak: 0,
  paused: false,
  prize: null,
  ...over,
});

function tournament(over: Partial<TournamentDetail> = {}): TournamentDetail {
  return {
    id: 4,
    name: 'Friday Arena',
    description: 'Quick games',
    bannerUrl: null,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 14 * 60_000).toISOString(),
    durationMinutes: 15,
    seats: 2,
    targetScore: 3,
    entryFee: { currencyType: 'regular', amount: 50 },
    prizes: [{ place: 1, coins: 1000, gems: 0, shopItemId: null }],
    ratingMin: null,
    ratingMax: null,
    playerCap: null,
    visibility: 'public',
    status: 'running',
    entrantCount: 2,
    joined: true,
    standings: [standing(1, 10, 'ama'), standing(2, 20, 'kofi')],
    myGames: [],
    topTables: [],
    currentGameId: null,
    paused: false,
    inviteCode: null,
    ...over,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the server holds: a test moves it on as the server would, before its message says so. */
let server: TournamentDetail;

function open(detail: TournamentDetail, answers: Record<string, () => Response> = {}) {
  server = detail;
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = new URL(url, 'http://app').pathname;
    if (answers[path]) return answers[path]();
    if (path === '/api/tournaments/4') return json(server);
    return json([]);
  });
  vi.stubGlobal('fetch', fetch);
  const view = renderWithProviders(
    <Routes>
      <Route path="/tournaments/:id" element={<TournamentPage />} />
    </Routes>,
    { route: '/tournaments/4' },
  );
  return { fetch, ...view };
}

const scores = () =>
  screen
    .getAllByTestId('standing')
    .map((row) => [row.dataset.user, within(row).getByTestId('standing-score').textContent]);

describe('a tournament page', () => {
  beforeEach(() => {
    fakeSocket.reset();
    fakeSocket.unsend.mockImplementation(() => false);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('watches the standings while open, moves them with each message, and stops watching on leaving', async () => {
    const { unmount, fetch } = open(tournament());
    await screen.findByRole('table', { name: 'Standings' });
    expect(fakeSocket.send).toHaveBeenCalledWith({ type: 'TOURNAMENT_WATCH', tournamentId: 4 });
    expect(scores()).toEqual([
      ['ama', '0'],
      ['kofi', '0'],
    ]);

    const moved = [
      standing(1, 20, 'kofi', { score: 6, games: 3, wins: 3, streak: 3 }),
      standing(2, 10, 'ama', { games: 3, paused: true }),
    ];
    const asked = fetch.mock.calls.length;
    server = { ...server, standings: moved };
    fakeSocket.emit({ type: 'TOURNAMENT_STANDINGS', tournamentId: 4, status: 'running', standings: moved });
    await waitFor(() =>
      expect(scores()).toEqual([
        ['kofi', '6'],
        ['ama', '0'],
      ]),
    );
    screen.getByLabelText('3 in a row: next win ×2');
    screen.getByText('Paused');
    // The player's own line shows a game more: their games list is asked for again.
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(asked));
    // Another tournament's standings are not this page's.
    fakeSocket.emit({ type: 'TOURNAMENT_STANDINGS', tournamentId: 5, status: 'running', standings: [] });
    expect(scores()).toHaveLength(2);

    unmount();
    expect(fakeSocket.send).toHaveBeenLastCalledWith({ type: 'TOURNAMENT_UNWATCH', tournamentId: 4 });
  });

  it('shows the rules with the streak, the countdown to the end, and Pause for an entrant while live', async () => {
    open(tournament());
    await screen.findByText(/every win counts double \(4\)/);
    screen.getByRole('timer', { name: /^Ends in 1[34]:\d\d$/ });
    screen.getByRole('button', { name: 'Pause' });
  });

  it('asks before joining, showing the fee, and says a refusal in clear words', async () => {
    const { fetch } = open(
      tournament({
        status: 'scheduled',
        joined: false,
        startsAt: new Date(Date.now() + 300_000).toISOString(),
      }),
      {
        '/api/tournaments/4/join': () =>
          json({ message: 'Insufficient funds', code: 'insufficient_funds' }, 409),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join · 50 coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Friday Arena?' });
    within(dialog).getByText(/entry fee of 50 coins is taken from your balance/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join · 50 coins' }));
    await screen.findByText('You do not have enough for the entry fee. Top up in the shop and try again.');
    expect(
      fetch.mock.calls.some(([url, init]) => String(url).endsWith('/join') && init?.method === 'POST'),
    ).toBe(true);
  });

  it('a finished tournament shows its podium with the prizes', async () => {
    const prize = { place: 1, coins: 1000, gems: 0, shopItemId: null };
    open(
      tournament({
        status: 'finished',
        standings: [
          standing(1, 20, 'kofi', { score: 10, prize }),
          standing(2, 10, 'ama', { score: 4 }),
          standing(3, 30, 'esi', { score: 2 }),
        ],
      }),
    );
    const podium = await screen.findByRole('list', { name: 'Podium' });
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['2nd: ama, 4 points', '1st: kofi, 10 points', '3rd: esi, 2 points']);
    within(podium).getByText('1,000 coins');
    expect(screen.queryByRole('button', { name: /Join|Pause/ })).toBeNull();
  });
});
