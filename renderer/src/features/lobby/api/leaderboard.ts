import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface LeaderboardRow {
  rank: number;
  userId: number;
  username: string;
  /** Null: the player shows their initials. */
  avatarUrl: string | null;
  rating: number;
  games: number;
  wins: number;
}

export const leaderboardQueryOptions = queryOptions({
  queryKey: ['leaderboard'],
  queryFn: () => api<LeaderboardRow[]>('/api/leaderboard?limit=10'),
  staleTime: 0,
});
