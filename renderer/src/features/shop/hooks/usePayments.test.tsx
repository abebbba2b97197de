// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { PENDING_PAYMENTS_POLL_MS } from '../../../lib/timings';
import { toastsAtom } from '../../../lib/toast';
import { PendingPayments } from '../components/PendingPayments';
import { usePaymentReturn, usePendingPayments } from './usePayments';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const balance = { currency: 1000, premiumCurrency: 0 };
const pendingItem = (reference: string) => ({
  reference,
  status: 'pending',
  shopItemId: 1,
  name: 'Pouch of coins',
  createdAt: 1,
});
const ledger = (reference: string) => ({
  transactions: [
    {
      id: 9,
      currencyType: 'regular',
      amount: 1000,
      balanceAfter: 1000,
      reason: 'payment',
      reference,
      description: 'Pouch of coins',
      createdAt: 2,
    },
  ],
  nextBefore: null,
});

/**
 * A fake server: `pending` is what the pending list answers now, `outcome` what verifying says.
 * Every request is recorded by its path.
 */
function server(state: {
  pending: unknown[];
  outcome: 'pending' | 'completed' | 'failed';
  listFails?: boolean;
}) {
  const calls: string[] = [];
  let verified = '';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/currency/pending-transactions')
        return state.listFails
          ? json(500, { message: 'boom' })
          : json(200, { pendingTransactions: state.pending });
      if (url.startsWith('/api/currency/paystack/verify')) {
        verified = new URL(url, 'http://x').searchParams.get('reference')!;
        if (state.outcome !== 'pending') state.pending = [];
        return json(200, {
          success: state.outcome === 'completed',
          status: state.outcome,
          balance,
        });
      }
      if (url === '/api/currency/paystack/cancel') {
        // Unpaid: the cancel ends it; paid meanwhile: it completes instead.
        state.pending = [];
        const status = state.outcome === 'completed' ? 'completed' : 'failed';
        return json(200, { success: status === 'completed', status, balance });
      }
      if (url.startsWith('/api/currency/transactions')) return json(200, ledger(verified));
      return json(200, url.endsWith('/balance') ? balance : []);
    }),
  );
  const count = (prefix: string) => calls.filter((c) => c.startsWith(prefix)).length;
  return { count };
}

function Strip() {
  const confirming = usePaymentReturn(true);
  const pending = usePendingPayments(true);
  const { search } = useLocation();
  return (
    <>
      <PendingPayments pending={pending} confirming={confirming} />
      <p>search:{search}</p>
    </>
  );
}

function show(path = '/shop') {
  renderWithProviders(<Strip />, { route: path });
}

/** Lets fetches, effects and renders run, moving the clock by `ms`. */
const advance = async (ms = 0) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  // Requests, the query's notifications and the effects they start run on real short timeouts.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
};
const toasts = () => getDefaultStore().get(toastsAtom);

describe('pending payments', () => {
  beforeEach(() => {
    // Only the clock and intervals are faked: the poll is an interval, everything else runs as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('polls every 30 s only while a payment is pending, verifies it, announces the outcome and stops', async () => {
    const state = { pending: [pendingItem('ref-poll-1')] as unknown[], outcome: 'pending' as const };
    const { count } = server(state as never);
    show();
    await waitFor(() => expect(count('/api/currency/paystack/verify?reference=ref-poll-1')).toBe(1));
    expect(count('/api/currency/pending-transactions')).toBe(1);
    expect(screen.getByRole('status', { name: 'Pending payments' }).textContent).toContain('Pouch of coins');

    await advance(PENDING_PAYMENTS_POLL_MS - 1000);
    expect(count('/api/currency/pending-transactions')).toBe(1);
    expect(toasts()).toEqual([]);

    // The provider settles it; the next poll verifies again and hears so.
    (state as { outcome: string }).outcome = 'completed';
    await advance(1000);
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(count('/api/currency/pending-transactions')).toBeGreaterThanOrEqual(2);
    expect(count('/api/currency/paystack/verify?reference=ref-poll-1')).toBe(2);
    expect(toasts()).toMatchObject([
      { title: 'Payment Successful', message: '1,000 coins added to your balance.', type: 'info' },
    ]);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Pending payments' })).toBeNull());

    // Nothing pending any more: no more polls.
    const lists = count('/api/currency/pending-transactions');
    await advance(PENDING_PAYMENTS_POLL_MS * 3);
    expect(count('/api/currency/pending-transactions')).toBe(lists);
    expect(count('/api/currency/paystack/verify')).toBe(2);
    expect(toasts()).toHaveLength(1);
  });

  it('a failed payment is announced as Payment Failed (destructive)', async () => {
    const state = { pending: [pendingItem('ref-fail-1')], outcome: 'failed' as const };
    server(state as never);
    show();
    await waitFor(() => expect(toasts()).toMatchObject([{ title: 'Payment Failed', type: 'error' }]));
  });

  it('does not poll when nothing is pending', async () => {
    const { count } = server({ pending: [], outcome: 'pending' });
    show();
    await advance(PENDING_PAYMENTS_POLL_MS * 3);
    expect(count('/api/currency/pending-transactions')).toBe(1);
    expect(count('/api/currency/paystack/verify')).toBe(0);
  });

  it('a failed list is logged and read as nothing pending', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { count } = server({ pending: [], outcome: 'pending', listFails: true });
    show();
    await advance(PENDING_PAYMENTS_POLL_MS * 2);
    expect(log).toHaveBeenCalledWith('Could not load pending payments', expect.anything());
    expect(count('/api/currency/pending-transactions')).toBe(1);
    expect(screen.queryByRole('status', { name: 'Pending payments' })).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('back from checkout it verifies the returned reference at once, once, and clears it from the address', async () => {
    const state = { pending: [pendingItem('ref-back-1')], outcome: 'completed' as const };
    const { count } = server(state as never);
    show('/shop?reference=ref-back-1&trxref=ref-back-1');
    await waitFor(() => expect(toasts()).toHaveLength(1));
    await advance();
    expect(count('/api/currency/paystack/verify?reference=ref-back-1')).toBe(1);
    expect(toasts()).toMatchObject([
      { title: 'Payment Successful', message: '1,000 coins added to your balance.' },
    ]);
    expect(screen.getByText('search:')).toBeTruthy();
  });

  it('the waiting strip can be dismissed; the payment is still verified and announced when it settles', async () => {
    const state = { pending: [pendingItem('ref-dismiss-1')] as unknown[], outcome: 'pending' as string };
    const { count } = server(state as never);
    show();
    const strip = await screen.findByRole('status', { name: 'Pending payments' });
    fireEvent.click(within(strip).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Pending payments' })).toBeNull());
    state.outcome = 'failed';
    await advance(PENDING_PAYMENTS_POLL_MS);
    await waitFor(() => expect(toasts()).toMatchObject([{ title: 'Payment Failed' }]));
    expect(count('/api/currency/paystack/verify?reference=ref-dismiss-1')).toBe(2);
  });

  it('Cancel ends an unpaid payment: the spinner goes and the player is told nothing was charged', async () => {
    const state = { pending: [pendingItem('ref-cancel-1')] as unknown[], outcome: 'pending' as string };
    const { count } = server(state as never);
    show();
    const strip = await screen.findByRole('status', { name: 'Pending payments' });
    fireEvent.click(within(strip).getByRole('button', { name: 'Cancel the payment for Pouch of coins' }));
    await waitFor(() =>
      expect(toasts()).toMatchObject([{ title: 'Payment Cancelled', message: 'Nothing was charged.' }]),
    );
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Pending payments' })).toBeNull());
    expect(count('/api/currency/paystack/cancel')).toBe(1);
    // No later poll announces it a second time.
    await advance(PENDING_PAYMENTS_POLL_MS * 2);
    expect(toasts()).toHaveLength(1);
  });

  it('Cancel on a payment paid meanwhile announces the success instead', async () => {
    const state = { pending: [pendingItem('ref-cancel-2')] as unknown[], outcome: 'pending' as string };
    server(state as never);
    show();
    const strip = await screen.findByRole('status', { name: 'Pending payments' });
    state.outcome = 'completed';
    fireEvent.click(within(strip).getByRole('button', { name: 'Cancel the payment for Pouch of coins' }));
    await waitFor(() => expect(toasts()).toMatchObject([{ title: 'Payment Successful' }]));
  });
});
