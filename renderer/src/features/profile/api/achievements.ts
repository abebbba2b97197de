import { queryOptions } from '@tanstack/react-query';
import type { Achievement } from '@shared/protocol';
import { api } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const achievementsQueryOptions = queryOptions({
  queryKey: currencyKeys.achievements,
  queryFn: () => api<Achievement[]>('/api/currency/achievement-rewards?limit=100'),
  // Progress moves with every finished game.
  staleTime: 0,
});
