// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { AuthPage } from './AuthPage';

vi.mock('../../../lib/realtime', () => ({ socket: { connect: vi.fn(), disconnect: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the providers check at once and holds each login until the test releases it. */
function server() {
  const pending: ((res: Response) => void)[] = [];
  const fetch = vi.fn((url: string) =>
    url.endsWith('/api/auth/providers')
      ? Promise.resolve(json(200, { google: null }))
      : new Promise<Response>((resolve) => pending.push(resolve)),
  );
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (res: Response) => pending.shift()!(res) };
}

function Arrived() {
  return <p>arrived at {useLocation().pathname}</p>;
}

function show(returnTo: string) {
  renderWithProviders(
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="*" element={<Arrived />} />
    </Routes>,
    { route: `/auth?returnTo=${encodeURIComponent(returnTo)}` },
  );
}

function signIn() {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: ' ama ' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const submitButton = () =>
  screen.getByText('Sign in', { selector: 'button[type=submit] *' }).closest('button')!;

describe('auth page', () => {
  beforeEach(() => {
    localStorage.clear();
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a refused sign-in shows the server message and frees the button again', async () => {
    const { fetch, answer } = server();
    show('/games');
    signIn();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(submitButton().disabled).toBe(true);
    answer(json(401, { error: 'invalid_credentials', message: 'Invalid username or password' }));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Login failed', message: 'Invalid username or password', type: 'error' },
    ]);
    expect(getToken()).toBeNull();
  });

  it('a sign-in stores the session and goes where the visitor was headed, never off the site', async () => {
    const user = { id: 3, username: 'ama', email: null, isVerified: false, markedForDelete: false };
    const { fetch, answer } = server();
    show('//evil.example');
    signIn();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ama', password: 'secret-pass' });
    answer(json(200, { user, token: 'new-session', requiresVerification: false, message: 'ok' }));
    expect(await screen.findByText('arrived at /')).toBeTruthy();
    expect(getToken()).toBe('new-session');
  });

  it('a player already signed in is sent on to where they were headed, not shown the form', async () => {
    localStorage.setItem('token', 'live-session');
    const user = { id: 3, username: 'ama', email: null, isVerified: true, markedForDelete: false };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(url.endsWith('/api/auth/user') ? json(200, user) : json(200, { google: null })),
      ),
    );
    show('/games');
    expect(await screen.findByText('arrived at /games')).toBeTruthy();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
  });

  it('the sign-up toast welcomes the player instead of repeating its title', async () => {
    const user = {
      id: 4,
      username: 'bob_2x4',
      email: 'b@example.com',
      isVerified: false,
      markedForDelete: false,
    };
    const { fetch, answer } = server();
    show('/');
    fireEvent.click(screen.getByText('Create account'));
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'bob_2x4' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answer(
      json(201, {
        user,
        token: 'fresh',
        requiresVerification: true,
        emailVerificationSent: true,
        message: 'Registration successful. Please check your email to verify your account.',
      }),
    );
    expect(await screen.findByText('arrived at /')).toBeTruthy();
    const [shown] = getDefaultStore().get(toastsAtom);
    expect(shown).toMatchObject({
      title: 'Registration Successful',
      message: 'Welcome to Spar, bob_2x4. Check your email to verify your account.',
    });
    expect(shown!.message.toLowerCase()).not.toContain('registration successful');
  });

  it('opened from an invitation to sign up (PATHS.signUp), it shows the Create account form at once', async () => {
    server();
    renderWithProviders(
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
      </Routes>,
      { route: '/auth?mode=register&returnTo=%2Fgames' },
    );
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByLabelText(/Email/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('a sign-in that never reaches the server says so, rather than repeating "Login failed"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.endsWith('/api/auth/providers')
          ? Promise.resolve(json(200, { google: null }))
          : Promise.reject(new TypeError('Failed to fetch')),
      ),
    );
    show('/');
    signIn();
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    const [shown] = getDefaultStore().get(toastsAtom);
    expect(shown!.title).toBe('Login failed');
    expect(shown!.message).not.toBe('');
    expect(shown!.message).not.toBe('Login failed');
  });

  it('a failed sign-up notice goes away once a later sign-up succeeds', async () => {
    const user = { id: 5, username: 'kofi_9', email: null, isVerified: false, markedForDelete: false };
    const { fetch, answer } = server();
    show('/');
    fireEvent.click(screen.getByText('Create account'));
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'kofi' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answer(json(409, { code: 'username_taken', message: 'Username is already taken' }));
    await waitFor(() =>
      expect(getDefaultStore().get(toastsAtom)).toMatchObject([{ title: 'Registration failed' }]),
    );
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'kofi_9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    answer(
      json(201, {
        user,
        token: 'fresh',
        requiresVerification: false,
        emailVerificationSent: false,
        message: 'Registration successful',
      }),
    );
    expect(await screen.findByText('arrived at /')).toBeTruthy();
    const titles = getDefaultStore()
      .get(toastsAtom)
      .map((t) => t.title);
    expect(titles).toEqual(['Registration Successful']);
  });

  it('a too-short password is refused on the page with the server rule, sending nothing', async () => {
    const { fetch } = server();
    show('/');
    fireEvent.click(screen.getByText('Create account'));
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'short_pw' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1)); // the providers check only
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/auth/register'))).toBe(false);
    expect(getDefaultStore().get(toastsAtom)).toEqual([]);
  });

  it('offers "Forgot password?" when signing in', () => {
    server();
    show('/');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
