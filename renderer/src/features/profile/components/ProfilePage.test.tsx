// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '../../../lib/http';
import { getToken, STORAGE_KEYS } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { ProfilePage } from './ProfilePage';

const cachedUser = {
  id: 3,
  username: 'ama',
  email: null,
  isVerified: false,
  markedForDelete: false,
  role: 'user',
  createdAt: 1,
};

function showProfile() {
  renderWithProviders(<ProfilePage />, { route: '/profile' });
}

describe('profile page, signed out', () => {
  beforeEach(() => {
    localStorage.clear();
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a session revoked on the server (401 invalid_token) ends here: sign-in prompt, token gone, notice', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'revoked');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(cachedUser));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'invalid_token', message: 'This session was signed out' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    showProfile();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/auth?returnTo=%2Fprofile');
    expect(screen.getByText('Sign in to see your profile, rating and record.')).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.message),
    ).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  it('without a session it asks to sign in and sends no request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    showProfile();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
