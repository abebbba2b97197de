// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@shared/protocol';
import { STORAGE_KEYS } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { ManagerPage } from './ManagerPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Signed in with `role`; the staff routes answer empty lists. */
function signedInAs(role: Role) {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  const fetch = vi.fn(async (url: string) =>
    url === '/api/auth/user'
      ? json({
          id: 4,
          username: 'kofi',
          email: null,
          isVerified: false,
          markedForDelete: false,
          role,
          createdAt: 1,
        })
      : json([]),
  );
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<ManagerPage />, { route: '/manager' });
  return fetch;
}

describe('staff area gate', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a plain user sees "Not allowed" and nothing is asked of the staff routes', async () => {
    const fetch = signedInAs('user');
    await screen.findByRole('heading', { name: 'Not allowed' });
    screen.getByText('The staff area is only for managers and admins.');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/user']);
  });

  it.each(['manager', 'admin'] as const)('a %s gets the daily rewards section', async (role) => {
    const fetch = signedInAs(role);
    await screen.findByRole('heading', { name: 'Daily rewards' });
    expect(screen.queryByText('Not allowed')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/manager/daily-rewards');
  });
});
