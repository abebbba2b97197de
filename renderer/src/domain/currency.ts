import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Balance } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../lib/http';

/**
 * Query keys of the economy, named once: several features read and move money, and every money
 * move refreshes the same balance, history and ownership queries.
 */
export const currencyKeys = {
  balance: ['currency', 'balance'],
  transactions: ['currency', 'transactions'],
  purchases: ['currency', 'purchases'],
  shop: ['currency', 'shop'],
  pending: ['currency', 'pending-transactions'],
  dailyRewards: ['currency', 'daily-rewards'],
  achievements: ['currency', 'achievement-rewards'],
} as const;

export const balanceQueryOptions = queryOptions({
  queryKey: currencyKeys.balance,
  queryFn: () => call(ROUTES.currency.balance),
  // Money moves elsewhere too (game rewards, payments settled by the provider): show the latest.
  staleTime: 0,
});

/**
 * After any money move: take the balance the server answered with at once, then refetch the
 * balance, both histories and the shop's owned flags.
 */
export function afterMoneyMove(client: QueryClient, balance?: Balance): void {
  if (balance) client.setQueryData(currencyKeys.balance, balance);
  for (const queryKey of [
    currencyKeys.balance,
    currencyKeys.transactions,
    currencyKeys.purchases,
    currencyKeys.shop,
  ])
    void client.invalidateQueries({ queryKey });
}
