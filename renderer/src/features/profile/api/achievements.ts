import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const achievementsQueryOptions = queryOptions({
  queryKey: currencyKeys.achievements,
  queryFn: () => call(ROUTES.rewards.achievements, { query: { limit: 100 } }),
  // Progress moves with every finished game.
  staleTime: 0,
});
