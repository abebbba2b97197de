import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

/** One place on the leaderboard; a null `avatarUrl` shows the player's initials. */
export type LeaderboardRow = CallResult<typeof ROUTES.games.leaderboard>[number];

export const leaderboardQueryOptions = queryOptions({
  queryKey: ['leaderboard'],
  queryFn: () => call(ROUTES.games.leaderboard, { query: { limit: 10 } }),
  staleTime: 0,
});
