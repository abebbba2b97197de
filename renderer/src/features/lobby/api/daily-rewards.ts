import { queryOptions } from '@tanstack/react-query';
import type { DailyRewardsState } from '@shared/protocol';
import { api } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const dailyRewardsQueryOptions = queryOptions({
  queryKey: currencyKeys.dailyRewards,
  queryFn: () => api<DailyRewardsState>('/api/currency/daily-rewards'),
  // A new day opens a new claim: read it afresh each time the hub opens.
  staleTime: 0,
});
