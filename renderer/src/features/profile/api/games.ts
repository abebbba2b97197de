import { queryOptions } from '@tanstack/react-query';
import type { UserGame } from '@shared/protocol';
import { api } from '../../../lib/http';

/** A player's recent finished ranked and quick games, each with a replay. */
export const userGamesQueryOptions = (userId: number, limit = 10) =>
  queryOptions({
    queryKey: ['users', userId, 'games', limit],
    queryFn: () => api<UserGame[]>(`/api/users/${userId}/games?limit=${limit}`),
    staleTime: 0,
  });
