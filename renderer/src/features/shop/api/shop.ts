import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const shopQueryOptions = queryOptions({
  queryKey: currencyKeys.shop,
  queryFn: async () => {
    try {
      return await call(ROUTES.currency.shop);
    } catch (error) {
      // Logged as well as shown: see docs/design.md, "Errors".
      console.error('Could not load the shop', error);
      throw error;
    }
  },
});
