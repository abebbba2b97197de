// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { ResetPasswordPage } from './ResetPasswordPage';

vi.mock('../../../lib/realtime', () => ({ socket: { connect: vi.fn(), disconnect: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Arrived() {
  return <p>arrived at {useLocation().pathname}</p>;
}

function show(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<Arrived />} />
    </Routes>,
    { route },
  );
}

function fill(password: string, repeat: string) {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Repeat new password/), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('reset password page', () => {
  beforeEach(() => {
    localStorage.clear();
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the rule and the repeat on the page before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show('/reset-password?token=abc');
    fill('short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    fill('long enough 1', 'long enough 2');
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the token with the new password, forgets this device’s session and goes to sign in', async () => {
    setToken('old-session');
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        json(200, { message: 'Your password has been changed. Sign in with your new password.' }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    show('/reset-password?token=the-token');
    fill('long enough 1', 'long enough 1');
    expect(await screen.findByText('arrived at /auth', {}, { timeout: 10_000 })).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toContain('/api/auth/reset-password');
    expect(JSON.parse(String(init!.body))).toEqual({ token: 'the-token', password: 'long enough 1' });
    expect(getToken()).toBeNull();
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([{ title: 'Password changed' }]);
  });

  it('shows why a link is refused and offers a new one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, {
            code: 'reset_token_expired',
            message: 'This password reset link has expired. Ask for a new one.',
          }),
        ),
      ),
    );
    show('/reset-password?token=old');
    fill('long enough 1', 'long enough 1');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('has expired'));
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('without a token, sends the player to ask for a link', () => {
    show('/reset-password');
    expect(screen.getByRole('link', { name: 'Ask for a reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
