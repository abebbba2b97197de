import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface PlayerProfile {
  id: number;
  username: string;
  rating: number;
  ratedGames: number;
  wins: number;
  losses: number;
  createdAt: number;
}

export const profileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'profile'],
    queryFn: () => api<PlayerProfile>(`/api/users/${userId}/profile`),
    // A profile's rating changes as games finish; refresh it when the page is opened again.
    staleTime: 0,
  });
