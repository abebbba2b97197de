// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { PackCard, type Pack } from './PackCard';
import { PackDialog } from './PackDialog';

const pack: Pack = {
  id: 3,
  kind: 'coin_pack',
  name: 'Pouch of coins',
  description: 'A small pouch',
  imageUrl: '/assets/shop/pouch.svg',
  price: null,
  currencyType: null,
  moneyPrice: 150_000,
  moneyCurrency: 'NGN',
  grantAmount: 1500,
  grantCurrencyType: 'regular',
  assetUrl: null,
  owned: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The pack's card and its dialog, as the Packs tab wires them. */
function Shelf() {
  const [buying, setBuying] = useState<Pack | null>(null);
  return (
    <>
      <PackCard pack={pack} onBuy={setBuying} />
      <PackDialog pack={buying} onClose={() => setBuying(null)} />
    </>
  );
}

describe('buying a pack', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('Buy asks first: no payment is opened until Pay, and Cancel opens none', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        json(200, {
          reference: 'spar-1',
          authorizationUrl: 'http://localhost/payments/test-checkout/spar-1',
          testMode: true,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderWithProviders(<Shelf />);

    fireEvent.click(screen.getByRole('button', { name: /^Buy Pouch of coins for/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(within(dialog).getByText('Pouch of coins')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /^Buy Pouch of coins for/ }));
    const again = await screen.findByRole('dialog', { name: 'Confirm payment' });
    fireEvent.click(within(again).getByRole('button', { name: /^Pay / }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/payments/test-checkout/spar-1'),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      '/api/currency/paystack/initialize',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
