import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TransactionsPage } from '@shared/protocol';
import { api } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** Newest first; each further page starts before the last one's `nextBefore`. */
export const transactionsQueryOptions = infiniteQueryOptions({
  queryKey: currencyKeys.transactions,
  queryFn: ({ pageParam }) =>
    api<TransactionsPage>(
      `/api/currency/transactions?limit=${TRANSACTIONS_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
    ),
  initialPageParam: null as number | null,
  getNextPageParam: (last) => last.nextBefore,
});

/** One page of the ledger, outside the paginated list (e.g. to say what a payment credited). */
export function fetchTransactions(limit = TRANSACTIONS_PAGE_SIZE): Promise<TransactionsPage> {
  return api<TransactionsPage>(`/api/currency/transactions?limit=${limit}`);
}
