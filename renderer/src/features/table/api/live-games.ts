import { queryOptions } from '@tanstack/react-query';
import type { GameListItem } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/** How often the watch page asks for the live games again. See docs/design.md, "Watch and replays". */
export const LIVE_REFRESH_MS = 3000;

/** Running ranked and quick games, the highest-rated first, refreshed while the page is open. */
export const liveGamesQueryOptions = queryOptions({
  queryKey: ['games', 'live'],
  queryFn: () => call(ROUTES.games.list, { query: { scope: 'live', limit: 20 } }),
  refetchInterval: LIVE_REFRESH_MS,
  staleTime: 0,
});

/**
 * Tournament games first, featured on /watch (the server lists a live tournament's top table
 * first; its other tables follow it here too), each group in the server's order.
 */
export function tournamentGamesFirst(games: readonly GameListItem[]): GameListItem[] {
  return [...games.filter((g) => g.tournament), ...games.filter((g) => !g.tournament)];
}

/** A finished game's seed and moves with its players and result (404 while it runs). */
export const replayQueryOptions = (gameId: string) =>
  queryOptions({
    queryKey: ['games', gameId, 'replay'],
    queryFn: () => call(ROUTES.games.replay, { params: { id: gameId } }),
    // A finished game never changes.
    staleTime: Infinity,
    retry: false,
  });
