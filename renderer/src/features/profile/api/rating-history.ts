import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/** A player's rating after each of their last ranked games, oldest first (docs/api.md, "Players"). */
export const ratingHistoryQueryOptions = (userId: number, limit = 50) =>
  queryOptions({
    queryKey: ['users', userId, 'rating-history', limit],
    queryFn: () => call(ROUTES.players.ratingHistory, { params: { id: userId }, query: { limit } }),
    staleTime: 0,
  });
