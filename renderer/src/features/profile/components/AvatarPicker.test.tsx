// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@shared/protocol';
import { STORAGE_KEYS } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { ProfilePage } from './ProfilePage';

const user = {
  id: 3,
  username: 'ama',
  email: null,
  isVerified: false,
  markedForDelete: false,
  role: 'user',
  createdAt: 1,
};
const LION = '/assets/shop/avatars/lion.svg';

const purchase = (over: Partial<Purchase>): Purchase => ({
  id: 1,
  userId: 3,
  shopItemId: 7,
  itemId: 7,
  kind: 'avatar',
  name: 'Lion of the Savanna',
  description: '',
  imageUrl: LION,
  price: 300,
  currencyType: 'regular',
  purchaseDate: 1,
  expiryDate: null,
  isActive: true,
  paymentReference: null,
  moneyPrice: null,
  moneyCurrency: null,
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server as the profile page sees it; `avatarId` is what the profile reports. */
function server(opts: { failChoice?: boolean; initial?: number; purchases?: Purchase[] } = {}) {
  let avatarId: number | null = opts.initial ?? null;
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
    if (url === '/api/auth/user') return json(user);
    if (url === '/api/users/3/profile')
      return json({
        id: 3,
        username: 'ama',
        rating: 1500,
        ratedGames: 0,
        wins: 0,
        losses: 0,
        record: [],
        createdAt: 1,
        avatarId,
        avatarSource: avatarId === null ? 'default' : 'shop',
        avatarUrl: avatarId === null ? null : LION,
        status: 'standard',
      });
    if (url === '/api/currency/purchases')
      return json(
        opts.purchases ?? [
          purchase({}),
          // Bought twice, listed once; a refunded avatar and a pack are not choices.
          purchase({ id: 2 }),
          purchase({ id: 3, shopItemId: 8, name: 'Night Owl', isActive: false }),
          purchase({ id: 4, shopItemId: 1, kind: 'coin_pack', name: 'Pouch of Coins' }),
        ],
      );
    if (url === '/api/users/me/avatar' && method === 'PUT') {
      if (opts.failChoice)
        return json({ message: 'You do not own this avatar', code: 'avatar_not_owned' }, 403);
      avatarId = (JSON.parse(init.body as string) as { avatarId: number | null }).avatarId;
      return json({
        avatarId,
        avatarSource: avatarId ? 'shop' : 'default',
        imageUrl: avatarId ? LION : null,
      });
    }
    return json([]);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function showProfile() {
  renderWithProviders(<ProfilePage />, { route: '/profile' });
}

describe('avatar picker on your profile', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the initials and each owned avatar once, and saves a pick shown at once', async () => {
    const calls = server();
    showProfile();
    const picker = await screen.findByRole('region', { name: 'Avatar' });
    await within(picker).findByRole('radio', { name: 'Lion of the Savanna' });
    expect(
      within(picker)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Initials', 'Lion of the Savanna']);
    expect(within(picker).getByRole('radio', { name: 'Initials' }).getAttribute('aria-checked')).toBe('true');
    expect(within(picker).getByRole('img', { name: 'Lion of the Savanna' }).getAttribute('src')).toBe(LION);
    // The header shows the initials until an avatar is chosen.
    expect(screen.queryByRole('img', { name: "ama's avatar" })).toBeNull();

    fireEvent.click(within(picker).getByRole('radio', { name: 'Lion of the Savanna' }));
    await waitFor(() =>
      expect(
        within(picker).getByRole('radio', { name: 'Lion of the Savanna' }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/users/me/avatar', body: { avatarId: 7 } },
    ]);
    // The header shows the image now.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: "ama's avatar" }).getAttribute('src')).toBe(LION),
    );

    fireEvent.click(within(picker).getByRole('radio', { name: 'Initials' }));
    await waitFor(() =>
      expect(within(picker).getByRole('radio', { name: 'Initials' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { avatarId: 7 },
      { avatarId: null },
    ]);
  });

  it('keeps the avatar in use as a choice when its purchase is gone', async () => {
    server({ initial: 9, purchases: [] });
    showProfile();
    const current = await screen.findByRole('radio', { name: 'Current avatar' });
    expect(current.getAttribute('aria-checked')).toBe('true');
    const picker = screen.getByRole('region', { name: 'Avatar' });
    expect(
      within(picker)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Initials', 'Current avatar']);
  });

  it('a refused choice keeps the current avatar', async () => {
    server({ failChoice: true });
    showProfile();
    const lion = await screen.findByRole('radio', { name: 'Lion of the Savanna' });
    fireEvent.click(lion);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Initials' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(lion.getAttribute('aria-checked')).toBe('false');
  });
});
