import type { QueryClient } from '@tanstack/react-query';
import type { CurrencyType } from '@shared/protocol';
import { currencyName } from '../../components/currency-format';
import { afterMoneyMove } from '../../domain/currency';
import { toastFailure } from '../../lib/http';
import { toast } from '../../lib/toast';

/**
 * The notice for a purchase from a balance that failed, an item's or a deck's. `short` is the
 * route's own `insufficient_funds` code (the caller checks it with `isApiError`, typed by route):
 * then our balance was out of date, so the real one is fetched; anything else shows the server's
 * message, or `fallback` when it sent none.
 */
export function toastPurchaseFailure(
  client: QueryClient,
  error: unknown,
  failure: { short: boolean; currencyType: CurrencyType; thing: 'item' | 'deck'; fallback: string },
): void {
  if (!failure.short) {
    toastFailure('Error', error, failure.fallback);
    return;
  }
  toast({
    title: 'Insufficient Funds',
    description: `You don't have enough ${currencyName(failure.currencyType)} to purchase this ${failure.thing}.`,
    variant: 'destructive',
  });
  afterMoneyMove(client);
}
