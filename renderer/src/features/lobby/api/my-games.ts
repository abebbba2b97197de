import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export const myGamesQueryOptions = queryOptions({
  queryKey: ['games', 'mine'],
  queryFn: () => call(ROUTES.games.list, { query: { scope: 'mine', limit: 10 } }),
  // The hub is where players come back between games: always show the latest.
  staleTime: 0,
});
