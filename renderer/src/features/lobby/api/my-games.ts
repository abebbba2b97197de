import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import type { GameStatus } from '@shared/protocol';

export interface GameSummary {
  id: string;
  mode: 'ranked' | 'quick' | 'private' | 'practice';
  status: GameStatus;
  opponent: { userId: number | null; username: string; avatarUrl: string | null; isBot: boolean } | null;
  result: 'win' | 'loss' | null;
  score: { you: number; opponent: number };
  ratingChange: number | null;
  reason: string | null;
  createdAt: number;
  finishedAt: number | null;
}

export const myGamesQueryOptions = queryOptions({
  queryKey: ['games', 'mine'],
  queryFn: () => api<GameSummary[]>('/api/games?scope=mine&limit=10'),
  // The hub is where players come back between games: always show the latest.
  staleTime: 0,
});
