import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const purchasesQueryOptions = queryOptions({
  queryKey: currencyKeys.purchases,
  queryFn: () => call(ROUTES.currency.purchases),
});
