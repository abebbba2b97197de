// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { PurchaseDialog, type PricedItem } from './PurchaseDialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const avatar: PricedItem = {
  id: 7,
  kind: 'avatar',
  name: 'Kente Lion',
  description: 'A proud lion',
  imageUrl: '/assets/shop/lion.svg',
  price: 40,
  currencyType: 'premium',
  moneyPrice: null,
  moneyCurrency: null,
  grantAmount: null,
  grantCurrencyType: null,
  assetUrl: null,
  owned: false,
};

/** Answers the balance at once; each purchase waits until the test answers it. */
function server(balance: { currency: number; premiumCurrency: number }) {
  const purchases: ((res: Response) => void)[] = [];
  const fetch = vi.fn((url: string) =>
    url.endsWith('/purchase')
      ? new Promise<Response>((resolve) => purchases.push(resolve))
      : Promise.resolve(json(200, url.endsWith('/api/currency/balance') ? balance : [])),
  );
  vi.stubGlobal('fetch', fetch);
  const answerPurchase = async (res: Response) => {
    await waitFor(() => expect(purchases).toHaveLength(1));
    purchases.shift()!(res);
  };
  return { fetch, answerPurchase };
}

function show(onClose = vi.fn()) {
  renderWithProviders(<PurchaseDialog item={avatar} onClose={onClose} />, { route: '/shop?tab=avatars' });
  return onClose;
}

const confirm = () => screen.getByRole('button', { name: /^Buy for/ }) as HTMLButtonElement;
const toasts = () => getDefaultStore().get(toastsAtom);

describe('purchase dialog', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is disabled and says what is missing when the balance in the item’s currency is short', async () => {
    // Plenty of coins, but the avatar costs gems.
    server({ currency: 5000, premiumCurrency: 25 });
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await within(dialog).findByText('You need 15 gems more to buy this item.');
    expect(confirm().disabled).toBe(true);
  });

  it('offers a way to get what is missing: Get gems opens the shop’s packs and closes the dialog', async () => {
    server({ currency: 5000, premiumCurrency: 25 });
    const onClose = show();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    const getMore = await within(dialog).findByRole('link', { name: 'Get gems' });
    expect(getMore.getAttribute('href')).toBe('/shop?tab=packs');
    fireEvent.click(getMore);
    expect(onClose).toHaveBeenCalled();
  });

  it('offers no Get button when the balance covers the price', async () => {
    server({ currency: 0, premiumCurrency: 40 });
    show();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    expect(screen.queryByRole('link', { name: /^Get / })).toBeNull();
  });

  it('is disabled while the purchase runs, then closes and announces it', async () => {
    const { fetch, answerPurchase } = server({ currency: 0, premiumCurrency: 40 });
    const onClose = show();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(confirm().disabled).toBe(true));
    expect(fetch).toHaveBeenCalledWith(
      '/api/currency/shop/7/purchase',
      expect.objectContaining({ method: 'POST' }),
    );
    await answerPurchase(
      json(200, { message: 'ok', purchase: {}, balance: { currency: 0, premiumCurrency: 0 } }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts()).toMatchObject([{ title: 'Purchase Successful', message: 'Kente Lion is yours.' }]);
  });

  it('a 400 Insufficient funds shows the destructive Insufficient Funds notice in the item’s currency', async () => {
    const { answerPurchase } = server({ currency: 0, premiumCurrency: 100 });
    const onClose = show();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await answerPurchase(json(400, { message: 'Insufficient funds', code: 'insufficient_funds' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()).toMatchObject([
      {
        title: 'Insufficient Funds',
        message: "You don't have enough gems to purchase this item.",
        type: 'error',
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('another failure shows the server’s message', async () => {
    const { answerPurchase } = server({ currency: 0, premiumCurrency: 100 });
    show();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await answerPurchase(json(409, { message: 'You already own this item' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()).toMatchObject([{ title: 'Error', message: 'You already own this item', type: 'error' }]);
    expect(confirm().disabled).toBe(false);
  });
});
