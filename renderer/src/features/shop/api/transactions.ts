import { infiniteQueryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** Newest first; each further page starts before the last one's `nextBefore`. */
export const transactionsQueryOptions = infiniteQueryOptions({
  queryKey: currencyKeys.transactions,
  queryFn: ({ pageParam }) =>
    call(ROUTES.currency.transactions, {
      query: { limit: TRANSACTIONS_PAGE_SIZE, before: pageParam ?? undefined },
    }),
  initialPageParam: null as number | null,
  getNextPageParam: (last) => last.nextBefore,
});

/** One page of the ledger, outside the paginated list (e.g. to say what a payment credited). */
export function fetchTransactions(limit = TRANSACTIONS_PAGE_SIZE) {
  return call(ROUTES.currency.transactions, { query: { limit } });
}
