// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import {
  createPkce,
  onSignInResult,
  PENDING_TTL_MS,
  savePending,
  takePending,
  type SignInMode,
} from '../hooks/google-flow';
import { AuthPage } from './AuthPage';
import { OAuthRedirectPage } from './OAuthRedirectPage';

vi.mock('../../../lib/realtime', () => ({ socket: { connect: vi.fn(), disconnect: vi.fn() } }));

/** SHA-256, base64url: computed here independently of the code under test. */
async function s256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const USER = {
  id: 9,
  username: 'Ama_Owusu',
  email: 'ama@gmail.com',
  isVerified: true,
  markedForDelete: false,
  role: 'user',
  createdAt: 1,
};
const SESSION = {
  token: 'google-session',
  user: USER,
  isNewUser: true,
  markedForDelete: false,
  message: 'Account created',
};

/** A fake API: answers each path from `answers`, recording the bodies sent. */
function api(answers: Record<string, Response | (() => Response)>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://spar.test').pathname;
    calls.push({ path, body: init?.body ? JSON.parse(init.body as string) : null });
    const answer = answers[path];
    if (!answer)
      return Promise.resolve(json(401, { error: 'auth_required', message: 'Authentication required' }));
    return Promise.resolve(typeof answer === 'function' ? answer() : answer.clone());
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function Arrived() {
  const { pathname } = useLocation();
  return <p>arrived at {pathname}</p>;
}

function show(entry: string) {
  renderWithProviders(
    <Routes>
      <Route path="/oauth-redirect" element={<OAuthRedirectPage />} />
      <Route path="/auth" element={<AuthPage />} />
      <Route path="*" element={<Arrived />} />
    </Routes>,
    { route: entry },
  );
}

const pending = (mode: SignInMode, startedAt = Date.now()) =>
  savePending({ verifier: 'v'.repeat(43), mode, returnTo: '/games', startedAt });
const toasts = () => getDefaultStore().get(toastsAtom);

beforeEach(() => {
  localStorage.clear();
  getDefaultStore().set(toastsAtom, []);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Google sign-in helpers', () => {
  it('makes a PKCE pair whose challenge is the S256 of the verifier', async () => {
    // The helper itself checked against a known answer: SHA-256("abc").
    expect(await s256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    const { verifier, challenge } = await createPkce();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(await s256(verifier));
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await createPkce()).verifier).not.toBe(verifier);
  });

  it('hands the sign-in in progress out once, and not after 10 minutes', () => {
    pending('tab', 1000);
    expect(takePending(2000)).toMatchObject({ mode: 'tab', returnTo: '/games' });
    expect(takePending(2000)).toBeNull();
    pending('tab', 1000);
    expect(takePending(1000 + PENDING_TTL_MS + 1)).toBeNull();
    localStorage.setItem('google-sign-in', '{not json');
    expect(takePending()).toBeNull();
  });

  it('acts once on a popup result however many ways it arrives, and only from this origin', () => {
    const seen: unknown[] = [];
    const stop = onSignInResult((result) => seen.push(result));
    const message = { type: 'spar-google-sign-in', id: 'r1', error: 'Sign-in was cancelled' };
    window.dispatchEvent(new MessageEvent('message', { data: message, origin: window.location.origin }));
    window.dispatchEvent(new MessageEvent('message', { data: message, origin: window.location.origin }));
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...message, id: 'r2' }, origin: 'https://evil.example' }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'other', id: 'r3' }, origin: window.location.origin }),
    );
    stop();
    expect(seen).toEqual([message]);
  });
});

describe('/oauth-redirect', () => {
  it('in the app, redeems the deep link code with the kept verifier and signs in', async () => {
    pending('native');
    const calls = api({ '/api/auth/google/exchange': json(200, SESSION) });
    show('/oauth-redirect?code=one-time');
    expect(await screen.findByText('arrived at /games')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/google/exchange')!.body).toEqual({
      code: 'one-time',
      codeVerifier: 'v'.repeat(43),
    });
    expect(getToken()).toBe('google-session');
    expect(toasts()).toMatchObject([{ title: 'Account Created', message: 'Signed in as Ama_Owusu' }]);
  });

  it('in the app, a cancelled or unknown sign-in says Google sign-in failed', async () => {
    pending('native');
    api({});
    show('/oauth-redirect?error=access_denied');
    // Back on the sign-in page, with the notice.
    expect(await screen.findByLabelText(/Password/)).toBeTruthy();
    expect(toasts()[0]).toMatchObject({
      title: 'Google sign-in failed',
      message: 'Sign-in was cancelled',
      type: 'error',
    });
  });

  it('in the system browser, sends a native sign-in back to the app with an Open Spar link', async () => {
    const calls = api({ '/api/auth/google/callback': json(200, { platform: 'native', code: 'app-code' }) });
    show('/oauth-redirect?state=s1&code=g1');
    const link = await screen.findByRole('link', { name: 'Open Spar' });
    expect(link.getAttribute('href')).toBe('spar://oauth-redirect?code=app-code');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/google/callback']);
    expect(calls[0]!.body).toEqual({ state: 's1', code: 'g1' });
  });

  it('in the same tab, finishes the sign-in and goes where the player was headed', async () => {
    pending('tab');
    const calls = api({
      '/api/auth/google/callback': json(200, { platform: 'web', code: 'app-code' }),
      '/api/auth/google/exchange': json(200, { ...SESSION, isNewUser: false, message: 'Sign-in successful' }),
    });
    show('/oauth-redirect?state=s1&code=g1');
    expect(await screen.findByText('arrived at /games')).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({ code: 'app-code', codeVerifier: 'v'.repeat(43) });
    expect(toasts()).toMatchObject([{ title: 'Sign-in Successful' }]);
  });

  it('in a popup, tells the opening window and closes', async () => {
    pending('popup');
    api({
      '/api/auth/google/callback': json(200, { platform: 'web', code: 'app-code' }),
      '/api/auth/google/exchange': json(200, SESSION),
    });
    const heard: unknown[] = [];
    const channel = new BroadcastChannel('spar-oauth');
    channel.onmessage = (event) => heard.push(event.data);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    show('/oauth-redirect?state=s1&code=g1');
    await waitFor(() => expect(close).toHaveBeenCalled());
    await waitFor(() =>
      expect(heard).toMatchObject([{ type: 'spar-google-sign-in', answer: { token: 'google-session' } }]),
    );
    channel.close();
    // The popup itself does not sign in: the window that opened it does.
    expect(getToken()).toBeNull();
  });

  it('a refused callback in the same tab shows the server message', async () => {
    pending('tab');
    api({
      '/api/auth/google/callback': json(400, {
        code: 'invalid_state',
        message: 'This Google sign-in has expired or was already used. Please start again.',
      }),
    });
    show('/oauth-redirect?state=s1&code=g1');
    await waitFor(() =>
      expect(toasts()[0]).toMatchObject({
        title: 'Google sign-in failed',
        message: 'This Google sign-in has expired or was already used. Please start again.',
      }),
    );
  });
});

describe('the Continue with Google button', () => {
  it('starts a PKCE sign-in in a 500×600 popup and signs in when the popup reports back', async () => {
    const calls = api({
      '/api/auth/providers': json(200, { google: { clientId: 'c.apps', flow: 'redirect' } }),
      '/api/auth/google/start': json(200, { url: 'https://accounts.example/authorize?x=1' }),
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    show('/auth?returnTo=%2Fwatch');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    const [url, , features] = open.mock.calls[0]!;
    expect(url).toBe('https://accounts.example/authorize?x=1');
    expect(features).toMatch(/width=500,height=600/);
    const start = calls.find((c) => c.path === '/api/auth/google/start')!.body as Record<string, string>;
    expect(start.platform).toBe('web');
    const kept = takePending()!;
    expect(kept).toMatchObject({ mode: 'popup', returnTo: '/watch' });
    expect(start.codeChallenge).toBe(await s256(kept.verifier));

    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'spar-google-sign-in', id: 'p1', answer: { ...SESSION, isNewUser: false } },
        origin: window.location.origin,
      }),
    );
    expect(await screen.findByText('arrived at /watch')).toBeTruthy();
    expect(getToken()).toBe('google-session');
    expect(toasts()).toMatchObject([{ title: 'Sign-in Successful' }]);
  });

  it('signs in in this tab when the popup is blocked', async () => {
    api({
      '/api/auth/providers': json(200, { google: { clientId: 'c.apps', flow: 'redirect' } }),
      '/api/auth/google/start': json(200, { url: 'https://accounts.example/authorize?x=2' }),
    });
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    show('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize?x=2'));
    expect(takePending()).toMatchObject({ mode: 'tab', returnTo: '/' });
  });

  it('is not offered when the server has no Google sign-in', async () => {
    api({ '/api/auth/providers': json(200, { google: null }) });
    show('/auth');
    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });
});
