import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { PendingTransaction } from '@shared/protocol';
import { afterMoneyMove, currencyKeys } from '../../../domain/currency';
import { formatAmount } from '../../../components/currency-format';
import { PENDING_PAYMENTS_POLL_MS } from '../../../lib/timings';
import { toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { cancelPayment } from '../api/cancel-payment';
import { pendingTransactionsQueryOptions } from '../api/pending-transactions';
import { fetchTransactions } from '../api/transactions';
import { verifyPayment } from '../api/verify-payment';

type Outcome = 'pending' | 'completed' | 'failed';

/**
 * One verification per reference at a time, and one notice per settled payment: the return from
 * checkout and the poll may both ask about the same reference.
 */
const inFlight = new Map<string, Promise<Outcome>>();
const settled = new Map<string, Outcome>();

/** What a settled payment credited, read from the ledger row it wrote (reason `payment`). */
async function creditedText(reference: string): Promise<string> {
  try {
    const page = await fetchTransactions();
    const row = page.transactions.find((t) => t.reason === 'payment' && t.reference === reference);
    if (row) return `${formatAmount(row.amount, row.currencyType)} added to your balance.`;
  } catch (error) {
    console.error('Could not read what the payment credited', error);
  }
  return 'Your balance has been credited.';
}

async function settle(client: QueryClient, reference: string): Promise<Outcome> {
  const result = await verifyPayment(reference);
  if (result.status === 'pending') return 'pending';
  afterMoneyMove(client, result.balance);
  void client.invalidateQueries({ queryKey: currencyKeys.pending });
  const outcome = result.success ? 'completed' : 'failed';
  if (!settled.has(reference)) {
    settled.set(reference, outcome);
    if (result.success)
      toast({ title: 'Payment Successful', description: await creditedText(reference), variant: 'success' });
    else
      toast({
        title: 'Payment Failed',
        description: 'The payment was not completed. Nothing was credited.',
        variant: 'destructive',
      });
  }
  return outcome;
}

/**
 * Cancels a pending payment the player has not paid. A payment the provider reports paid
 * meanwhile completes instead, and is announced as a success; either way the outcome is
 * recorded, so the poll does not announce it a second time.
 */
export function useCancelPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: async (result, reference) => {
      afterMoneyMove(client, result.balance);
      void client.invalidateQueries({ queryKey: currencyKeys.pending });
      if (result.status === 'pending' || settled.has(reference)) return;
      settled.set(reference, result.status);
      if (result.success)
        toast({
          title: 'Payment Successful',
          description: `It was paid before it could be cancelled. ${await creditedText(reference)}`,
          variant: 'success',
        });
      else toast({ title: 'Payment Cancelled', description: 'Nothing was charged.', variant: 'info' });
    },
    onError: (error) => toastFailure('Could not cancel the payment', error, 'Please try again in a moment.'),
  });
}

/** Verifies a payment with the provider and announces the outcome once it is settled. */
export function useSettlePayment(): (reference: string) => Promise<Outcome> {
  const client = useQueryClient();
  return useCallback(
    (reference: string) => {
      // Settled already: nothing left to ask the provider.
      const known = settled.get(reference);
      if (known) return Promise.resolve(known);
      const running = inFlight.get(reference);
      if (running) return running;
      const attempt = settle(client, reference).finally(() => inFlight.delete(reference));
      inFlight.set(reference, attempt);
      return attempt;
    },
    [client],
  );
}

const isPending = (p: PendingTransaction) => p.status === 'pending';

/**
 * The player's pending payments, asked after every 30 s while any is pending (and not at all
 * otherwise), and again whenever the player comes back to the app (from a checkout they left
 * without being sent back, say); each answer's pending payments are verified with the provider.
 */
export function usePendingPayments(enabled: boolean): PendingTransaction[] {
  const settlePayment = useSettlePayment();
  const query = useQuery({
    ...pendingTransactionsQueryOptions,
    enabled,
    refetchOnWindowFocus: 'always',
    refetchInterval: (q) => (q.state.data?.some(isPending) ? PENDING_PAYMENTS_POLL_MS : false),
  });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    for (const payment of data?.filter(isPending) ?? [])
      settlePayment(payment.reference).catch((error: unknown) =>
        console.error('Could not verify a payment', error),
      );
    // dataUpdatedAt: every poll verifies again, even when its answer equals the last one.
  }, [data, dataUpdatedAt, settlePayment]);
  return data?.filter(isPending) ?? [];
}

/**
 * Back from checkout (`/shop?reference=…`): verify that payment at once, then drop the reference
 * from the address. Returns the reference while it is being confirmed.
 */
export function usePaymentReturn(enabled: boolean): string | null {
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference');
  const client = useQueryClient();
  const settlePayment = useSettlePayment();
  const verify = useMutation({
    mutationFn: settlePayment,
    onSuccess: (outcome) => {
      if (outcome !== 'pending') return;
      // Still open with the provider: the pending list (and its poll) takes it from here.
      void client.invalidateQueries({ queryKey: currencyKeys.pending });
      toast({
        title: 'Payment Pending',
        description: 'We will let you know here as soon as the payment is confirmed.',
        variant: 'info',
      });
    },
    onError: (error) => {
      console.error('Could not verify the payment', error);
      void client.invalidateQueries({ queryKey: currencyKeys.pending });
      toast({
        title: 'Payment Pending',
        description: 'We could not confirm the payment yet; we will keep checking.',
        variant: 'warning',
      });
    },
  });
  const { mutate } = verify;
  useEffect(() => {
    if (!enabled || !reference) return;
    mutate(reference);
    setParams(
      (current) => {
        current.delete('reference');
        current.delete('trxref'); // Paystack adds its own copy of the reference
        return current;
      },
      { replace: true },
    );
  }, [enabled, reference, setParams, mutate]);
  return verify.isPending ? (verify.variables ?? null) : null;
}
