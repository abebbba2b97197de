import { queryOptions } from '@tanstack/react-query';
import type { PendingTransaction } from '@shared/protocol';
import { api } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

/**
 * The player's payments still open with the provider. A failed fetch is logged and reads as
 * "none pending", so the shop keeps working.
 */
export const pendingTransactionsQueryOptions = queryOptions({
  queryKey: currencyKeys.pending,
  queryFn: async (): Promise<PendingTransaction[]> => {
    try {
      const answer = await api<{ pendingTransactions: PendingTransaction[] } | PendingTransaction[]>(
        '/api/currency/pending-transactions',
      );
      // A bare array is accepted as well as the wrapped list.
      return Array.isArray(answer) ? answer : answer.pendingTransactions;
    } catch (error) {
      console.error('Could not load pending payments', error);
      return [];
    }
  },
  staleTime: 0,
});
