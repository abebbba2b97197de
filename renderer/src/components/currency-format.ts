import type { CurrencyType } from '@shared/protocol';

/*
 * Words only, no server data: kept in components/ so the currency icons (Currency.tsx) and every
 * feature name amounts alike; the wallet's queries are in domain/currency.ts.
 */

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
