import { queryOptions } from '@tanstack/react-query';
import type { RatingHistory } from '@shared/protocol';
import { api } from '../../../lib/http';

/** A player's rating after each of their last ranked games, oldest first (docs/api.md, "Players"). */
export const ratingHistoryQueryOptions = (userId: number, limit = 50) =>
  queryOptions({
    queryKey: ['users', userId, 'rating-history', limit],
    queryFn: () => api<RatingHistory>(`/api/users/${userId}/rating-history?limit=${limit}`),
    staleTime: 0,
  });
