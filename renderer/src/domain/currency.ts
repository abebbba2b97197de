import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Balance, CurrencyType } from '@shared/protocol';
import { api } from '../lib/http';

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
  queryFn: () => api<Balance>('/api/currency/balance'),
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

/** 'coins' or 'gems' (singular for one). */
export function currencyName(type: CurrencyType, amount = 2): string {
  const word = type === 'premium' ? 'gem' : 'coin';
  return amount === 1 ? word : `${word}s`;
}

/** "+1,000 coins", "−30 gems". */
export function formatAmount(amount: number, type: CurrencyType, signed = false): string {
  const sign = signed ? (amount > 0 ? '+' : amount < 0 ? '−' : '') : '';
  return `${sign}${Math.abs(amount).toLocaleString('en')} ${currencyName(type, Math.abs(amount))}`;
}

/** A real-money price given in the minor unit (kobo for NGN): 150000 NGN → "₦1,500.00". */
export function formatMoney(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const amount = minor / 10 ** digits;
  // Whole amounts read better without ".00" and fit a phone's buy button.
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    ...(Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}
