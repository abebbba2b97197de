import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const dailyRewardsQueryOptions = queryOptions({
  queryKey: currencyKeys.dailyRewards,
  queryFn: () => call(ROUTES.rewards.daily),
  // A new day opens a new claim: read it afresh each time the hub opens.
  staleTime: 0,
});
