// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RANKS, SUITS } from '@shared/game';
import type { Deck } from '@shared/protocol';
import { STORAGE_KEYS } from '../../../../lib/storage';
import { renderWithProviders } from '../../../../lib/testing/render';
import { toastsAtom } from '../../../../lib/toast';
import { DecksPanel } from './DecksPanel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deck(partial: Partial<Deck> & Pick<Deck, 'id' | 'name'>): Deck {
  return {
    deckType: 'classic',
    deckUrl: `/assets/decks/${partial.name.toLowerCase().replace(/ /g, '-')}`,
    membership: 'free',
    price: 0,
    currencyType: 'regular',
    isTradeable: false,
    owned: false,
    isDefault: false,
    ...partial,
  };
}

const CATALOG: Deck[] = [
  deck({ id: -1, name: 'Default', owned: true, isDefault: true }),
  deck({ id: 2, name: 'Classic' }),
  deck({ id: 3, name: 'Pixel City', deckType: 'pixel', membership: 'premium', price: 800, owned: true }),
  deck({ id: 4, name: 'Rome', deckType: 'royal', membership: 'premium', price: 1000, isTradeable: true }),
  deck({
    id: 5,
    name: 'Incarnate',
    deckType: 'fantasy',
    membership: 'exclusive',
    price: 60,
    currencyType: 'premium',
  }),
];

type Answer = Response | Promise<Response>;

/**
 * The catalogue and the balance answer at once; each deck action (acquire, set default, remove)
 * answers with what the test queued for it, or waits until `release` when nothing was queued.
 */
function server(
  balance: { currency: number; premiumCurrency: number },
  answers: Record<string, Answer> = {},
) {
  const waiting: ((res: Response) => void)[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url.endsWith('/api/deck/catalog')) return Promise.resolve(json(200, CATALOG));
    if (url.endsWith('/api/currency/balance')) return Promise.resolve(json(200, balance));
    const action = url.replace(/^.*\/api\/deck\//, '').replace(/\/-?\d+$/, '');
    if (answers[action]) return Promise.resolve(answers[action]!);
    if (init?.method) return new Promise<Response>((resolve) => waiting.push(resolve));
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
  vi.stubGlobal('fetch', fetch);
  const release = async (res: Response) => {
    await waitFor(() => expect(waiting).toHaveLength(1));
    waiting.shift()!(res);
  };
  return { fetch, release };
}

function show() {
  renderWithProviders(<DecksPanel userId={1} />, { route: '/shop?tab=decks' });
}

const shownNames = () => screen.queryAllByTestId('deck-item').map((item) => item.getAttribute('aria-label'));
const item = (name: string) => screen.getByRole('article', { name });
const toasts = () => getDefaultStore().get(toastsAtom);
const confirmButton = () =>
  within(screen.getByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', {
    name: /^Buy for/,
  }) as HTMLButtonElement;

describe('deck screen', () => {
  beforeEach(() => {
    getDefaultStore().set(toastsAtom, []);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every deck with owned and default badges, and Remove only for decks that are not -1', async () => {
    server({ currency: 0, premiumCurrency: 0 });
    show();
    await screen.findByRole('article', { name: 'Rome' });
    expect(shownNames()).toEqual(['Default', 'Classic', 'Pixel City', 'Rome', 'Incarnate']);
    expect(within(item('Default')).getByText('Default', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(item('Default')).queryByRole('button', { name: 'Remove Default' })).toBeNull();
    expect(within(item('Pixel City')).getByText('Owned')).toBeTruthy();
    expect(
      within(item('Pixel City')).getByRole('button', { name: 'Set Pixel City as default' }),
    ).toBeTruthy();
    expect(within(item('Pixel City')).getByRole('button', { name: 'Remove Pixel City' })).toBeTruthy();
    expect(within(item('Rome')).getByRole('button', { name: 'Buy Rome' })).toBeTruthy();
    expect(within(item('Classic')).getByRole('button', { name: 'Add Classic' })).toBeTruthy();
  });

  it('shows the preview cards A13–D13 of each deck, and the back when one fails to load', async () => {
    server({ currency: 0, premiumCurrency: 0 });
    show();
    const rome = await screen.findByRole('article', { name: 'Rome' });
    const previews = within(rome).getAllByTestId('deck-preview-card');
    expect(previews.map((img) => img.getAttribute('src'))).toEqual([
      '/assets/decks/rome/A13.svg',
      '/assets/decks/rome/B13.svg',
      '/assets/decks/rome/C13.svg',
      '/assets/decks/rome/D13.svg',
    ]);
    fireEvent.error(previews[2]!);
    await waitFor(() => expect(previews[2]!.getAttribute('src')).toBe('/assets/decks/rome/back.svg'));
    expect(previews[1]!.getAttribute('src')).toBe('/assets/decks/rome/B13.svg');
  });

  it('shows every card a game is played with and the back, in the deck’s art, before a deck is bought', async () => {
    server({ currency: 1000, premiumCurrency: 0 });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Rome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    const spread = within(dialog).getByRole('group', { name: 'Rome cards' });
    const sources = within(spread)
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));
    expect(sources).toEqual(
      SUITS.flatMap((suit) => RANKS.map((rank) => `/assets/decks/rome/${rank}_${suit}.svg`)),
    );
    // And its back, beside its name.
    expect(within(dialog).getByAltText('Face-down card').getAttribute('src')).toBe(
      '/assets/decks/rome/back.svg',
    );
  });

  it('filters by tab, name, deck type and membership, with a way back when nothing matches', async () => {
    server({ currency: 0, premiumCurrency: 0 });
    show();
    await screen.findByRole('article', { name: 'Rome' });
    fireEvent.click(screen.getByRole('tab', { name: 'Premium' }));
    await waitFor(() => expect(shownNames()).toEqual(['Pixel City', 'Rome', 'Incarnate']));
    fireEvent.click(screen.getByRole('tab', { name: 'Free' }));
    await waitFor(() => expect(shownNames()).toEqual(['Default', 'Classic']));
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search decks' }), { target: { value: ' pIXel' } });
    await waitFor(() => expect(shownNames()).toEqual(['Pixel City']));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search decks' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Deck type' }), { target: { value: 'royal' } });
    await waitFor(() => expect(shownNames()).toEqual(['Rome']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Deck type' }), { target: { value: 'all' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Membership' }), {
      target: { value: 'exclusive' },
    });
    await waitFor(() => expect(shownNames()).toEqual(['Incarnate']));
    fireEvent.click(screen.getByRole('tab', { name: 'Free' }));
    await screen.findByText('No decks match these filters.');
    expect(shownNames()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(shownNames()).toHaveLength(5));
    expect((screen.getByRole('combobox', { name: 'Membership' }) as HTMLSelectElement).value).toBe('all');
  });

  it('switches between grid and list and remembers the choice on this device', async () => {
    server({ currency: 0, premiumCurrency: 0 });
    show();
    await screen.findByRole('article', { name: 'Rome' });
    expect(screen.getByTestId('deck-list').dataset.view).toBe('grid');
    expect(screen.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByTestId('deck-list').dataset.view).toBe('list');
    expect(localStorage.getItem(STORAGE_KEYS.deckView)).toBe('list');
    cleanup();
    show();
    await screen.findByRole('article', { name: 'Rome' });
    expect(screen.getByTestId('deck-list').dataset.view).toBe('list');
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('confirm is disabled when the balance in the deck’s currency is below the price', async () => {
    // Plenty of coins, too few gems for the exclusive deck.
    server({ currency: 5000, premiumCurrency: 59 });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Incarnate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await within(dialog).findByText('You need 1 gem more to buy this deck.');
    expect(confirmButton().disabled).toBe(true);
  });

  it('offers a way to get what is missing: Get gems opens the shop’s packs and closes the dialog', async () => {
    server({ currency: 5000, premiumCurrency: 59 });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Incarnate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    const getMore = await within(dialog).findByRole('link', { name: 'Get gems' });
    expect(getMore.getAttribute('href')).toBe('/shop?tab=packs');
    fireEvent.click(getMore);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm purchase' })).toBeNull());
  });

  it('offers no Get button when the balance covers the price', async () => {
    server({ currency: 1000, premiumCurrency: 0 });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Rome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(within(dialog).queryByRole('link', { name: /^Get / })).toBeNull();
  });

  it('confirm is disabled while the purchase runs; success closes the dialog and refreshes the decks', async () => {
    const { fetch, release } = server({ currency: 1000, premiumCurrency: 0 });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Rome' }));
    await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(confirmButton().textContent).toBe('Buy for 1,000 coins');
    fireEvent.click(confirmButton());
    await waitFor(() => expect(confirmButton().disabled).toBe(true));
    expect(fetch).toHaveBeenCalledWith('/api/deck/acquire/4', expect.objectContaining({ method: 'POST' }));
    const catalogReads = () => fetch.mock.calls.filter(([url]) => url.endsWith('/api/deck/catalog')).length;
    const balanceReads = () =>
      fetch.mock.calls.filter(([url]) => url.endsWith('/api/currency/balance')).length;
    const [catalogBefore, balanceBefore] = [catalogReads(), balanceReads()];
    await release(json(200, { isPurchase: true, price: 1000, currencyType: 'regular' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm purchase' })).toBeNull());
    expect(toasts()).toMatchObject([{ title: 'Purchase Successful', message: 'Rome is in your decks.' }]);
    await waitFor(() => expect(catalogReads()).toBeGreaterThan(catalogBefore));
    await waitFor(() => expect(balanceReads()).toBeGreaterThan(balanceBefore));
  });

  it('a 400 Insufficient funds shows the Insufficient Funds notice in the deck’s currency', async () => {
    server(
      { currency: 0, premiumCurrency: 100 },
      { acquire: json(400, { message: 'Insufficient funds', code: 'insufficient_funds' }) },
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Incarnate' }));
    await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()).toMatchObject([
      {
        title: 'Insufficient Funds',
        message: "You don't have enough gems to purchase this deck.",
        type: 'error',
      },
    ]);
    // Still open: the player can cancel.
    expect(screen.getByRole('dialog', { name: 'Confirm purchase' })).toBeTruthy();
  });

  it('says coins for a deck priced in coins', async () => {
    server(
      { currency: 5000, premiumCurrency: 0 },
      { acquire: json(400, { message: 'Insufficient funds', code: 'insufficient_funds' }) },
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Rome' }));
    await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toMatchObject({ message: "You don't have enough coins to purchase this deck." });
  });

  it('another acquire failure shows Error with the server’s message, or Failed to acquire deck', async () => {
    server(
      { currency: 0, premiumCurrency: 0 },
      { acquire: json(409, { message: 'You already own this deck' }) },
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Classic' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()).toMatchObject([{ title: 'Error', message: 'You already own this deck', type: 'error' }]);

    cleanup();
    getDefaultStore().set(toastsAtom, []);
    server({ currency: 0, premiumCurrency: 0 }, { acquire: new Response('', { status: 500 }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Classic' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    // No message in the answer: the fallback.
    expect(toasts()).toMatchObject([{ title: 'Error', message: 'Failed to acquire deck', type: 'error' }]);
  });

  it('set default and remove failures show their notices', async () => {
    server(
      { currency: 0, premiumCurrency: 0 },
      {
        'set-default': json(403, { message: 'You do not own this deck: acquire it first' }),
        remove: json(500, { message: 'boom' }),
      },
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Pixel City as default' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toMatchObject({
      title: 'Error',
      message: 'Failed to set deck as default',
      type: 'error',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pixel City' }));
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(toasts()[1]).toMatchObject({ title: 'Error', message: 'Failed to remove deck', type: 'error' });
  });

  it('a free deck is added without the purchase dialog; the button spins meanwhile', async () => {
    const { fetch, release } = server({ currency: 0, premiumCurrency: 0 });
    show();
    const add = await screen.findByRole('button', { name: 'Add Classic' });
    fireEvent.click(add);
    await waitFor(() => expect(add.getAttribute('data-loading')).toBe('true'));
    expect(screen.queryByRole('dialog', { name: 'Confirm purchase' })).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/deck/acquire/2', expect.objectContaining({ method: 'POST' }));
    await release(json(200, { isPurchase: false, price: 0, currencyType: 'regular' }));
    await waitFor(() => expect(toasts()).toMatchObject([{ title: 'Deck Added' }]));
  });
});
