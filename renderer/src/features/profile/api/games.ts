import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/** A player's recent finished ranked and quick games, each with a replay. */
export const userGamesQueryOptions = (userId: number, limit = 10) =>
  queryOptions({
    queryKey: ['users', userId, 'games', limit],
    queryFn: () => call(ROUTES.players.games, { params: { id: userId }, query: { limit } }),
    staleTime: 0,
  });
