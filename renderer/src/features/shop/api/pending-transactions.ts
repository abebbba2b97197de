import { queryOptions } from '@tanstack/react-query';
import type { PendingTransaction } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

/**
 * The player's payments still open with the provider. A failed fetch is logged and reads as
 * "none pending", so the shop keeps working.
 */
export const pendingTransactionsQueryOptions = queryOptions({
  queryKey: currencyKeys.pending,
  queryFn: async (): Promise<PendingTransaction[]> => {
    try {
      return (await call(ROUTES.payments.pending)).pendingTransactions;
    } catch (error) {
      console.error('Could not load pending payments', error);
      return [];
    }
  },
  staleTime: 0,
});
