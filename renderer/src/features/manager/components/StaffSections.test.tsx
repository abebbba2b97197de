// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagerShopItem } from '@shared/protocol';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { AdjustmentsSection } from './AdjustmentsSection';
import { ShopItemsSection } from './ShopItemsSection';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const lion: ManagerShopItem = {
  id: 7,
  sku: 'avatar_lion',
  kind: 'avatar',
  name: 'Lion',
  description: 'A lion',
  imageUrl: '/assets/shop/avatars/lion.svg',
  price: 300,
  currencyType: 'regular',
  moneyPrice: null,
  moneyCurrency: null,
  grantAmount: null,
  grantCurrencyType: null,
  assetUrl: '/assets/shop/avatars/lion.svg',
  sortOrder: 70,
  isActive: true,
};

/** GETs answer the list (or a profile); writes answer the item, or `failure` when given. */
function stubServer(failure?: Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET')
      return url.includes('/profile') ? json(200, { id: 17, username: 'ama' }) : json(200, [lion]);
    if (failure) return failure;
    if (url.endsWith('/adjust'))
      return json(200, { message: 'ok', actionId: 1, balance: { currency: 40, premiumCurrency: 2 } });
    return json(init?.method === 'POST' ? 201 : 200, {
      ...lion,
      ...(JSON.parse(String(init!.body)) as object),
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const writes = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
    .map(([url, init]) => ({ url, method: init!.method, body: JSON.parse(String(init!.body)) as unknown }));

function show(ui: React.ReactNode) {
  renderWithProviders(ui);
}

describe('shop items', () => {
  beforeEach(() => {
    localStorage.clear();
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('edits an item’s price and withdraws it from sale', async () => {
    const fetch = stubServer();
    show(<ShopItemsSection stacked={false} />);
    fireEvent.click(await screen.findByRole('button', { name: /Lion/ }));
    const form = await screen.findByRole('form', { name: 'Edit Lion' });
    expect((within(form).getByLabelText(/^Kind/) as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/^Price\s*\*?$/), { target: { value: '250' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Gems' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    expect(writes(fetch)[0]).toEqual({
      url: '/api/manager/shop-items/7',
      method: 'PUT',
      body: {
        name: 'Lion',
        description: 'A lion',
        imageUrl: '/assets/shop/avatars/lion.svg',
        price: 250,
        currencyType: 'premium',
      },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw from sale' }));
    await waitFor(() => expect(writes(fetch)).toHaveLength(2));
    expect(writes(fetch)[1]).toEqual({
      url: '/api/manager/shop-items/7',
      method: 'PUT',
      body: { isActive: false },
    });
  });

  it('creates a gem pack priced in money, and refuses a nameless item without asking the server', async () => {
    const fetch = stubServer();
    show(<ShopItemsSection stacked={false} />);
    const form = await screen.findByRole('form', { name: 'New shop item' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', 'Name is required');
    fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'gem_pack' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Bag of Gems' } });
    fireEvent.change(within(form).getByLabelText(/^Image URL/), { target: { value: '/uploads/abc.png' } });
    fireEvent.change(within(form).getByLabelText(/^Money price/), { target: { value: '150000' } });
    fireEvent.change(within(form).getByLabelText(/^Gems granted/), { target: { value: '80' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    expect(writes(fetch)[0]).toEqual({
      url: '/api/manager/shop-items',
      method: 'POST',
      body: {
        kind: 'gem_pack',
        name: 'Bag of Gems',
        description: '',
        imageUrl: '/uploads/abc.png',
        isActive: true,
        moneyPrice: 150000,
        grantAmount: 80,
      },
    });
  });
});

describe('balance adjustments', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('looks the player up, requires a reason, and deducts with a negative amount', async () => {
    const fetch = stubServer();
    show(<AdjustmentsSection />);
    const form = screen.getByRole('form', { name: 'Adjust a balance' });
    fireEvent.change(within(form).getByLabelText(/^Player id/), { target: { value: '17' } });
    expect(await within(form).findByText('Player: ama')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: 'Deduct' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Gems' }));
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Deduct' }));
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      'A reason of at least 3 characters is required',
    );
    expect(writes(fetch)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: ' Chargeback ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Deduct' }));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    expect(writes(fetch)[0]).toEqual({
      url: '/api/manager/users/17/adjust',
      method: 'POST',
      body: { currencyType: 'premium', amount: -12, reason: 'Chargeback' },
    });
    expect(await screen.findByTestId('adjust-result')).toHaveProperty(
      'textContent',
      'ama now has 40 coins and 2 gems.',
    );
  });

  it('a refused deduction shows the server’s reason', async () => {
    stubServer(json(400, { message: 'Insufficient funds', code: 'insufficient_funds' }));
    show(<AdjustmentsSection />);
    const form = screen.getByRole('form', { name: 'Adjust a balance' });
    fireEvent.change(within(form).getByLabelText(/^Player id/), { target: { value: '17' } });
    await within(form).findByText('Player: ama');
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'Test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Could not adjust the balance', message: 'Insufficient funds', type: 'error' },
    ]);
  });
});
