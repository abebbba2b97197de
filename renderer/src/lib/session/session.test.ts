// @vitest-environment happy-dom
import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@shared/protocol/routes.generated';
import { ApiError, call, errorText, failureText, isSessionFailure, SESSION_EXPIRED_MESSAGE } from '../http';
import { createQueryClient } from '../query-client';
import { STORAGE_KEYS, getToken } from '../storage';
import { toastsAtom } from '../toast';
import { fetchUser, userQueryOptions } from './user';

const user = {
  id: 3,
  username: 'ama',
  email: null,
  isVerified: false,
  markedForDelete: false,
  role: 'user',
  createdAt: 1,
};

function respond(status: number, body: unknown, contentType = 'application/json') {
  return vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': contentType },
      }),
  );
}

describe('session start and expiry', () => {
  beforeEach(() => {
    localStorage.clear();
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('without a token there is no user and no request', async () => {
    const fetch = respond(200, user);
    vi.stubGlobal('fetch', fetch);
    expect(await fetchUser()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a stored token is checked with GET /api/auth/user and the user is cached', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'good');
    const fetch = respond(200, user);
    vi.stubGlobal('fetch', fetch);
    expect(await fetchUser()).toEqual(user);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/user');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer good');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toEqual(user);
  });

  for (const body of [
    { message: 'Invalid token' },
    { error: 'token_expired', message: 'Token expired' },
    // A revoked session (signed out elsewhere): the code decides, whatever the wording.
    { error: 'invalid_token', message: 'This session was signed out' },
  ]) {
    it(`a 401 ${JSON.stringify(body)} clears token and user and says the session expired`, async () => {
      localStorage.setItem(STORAGE_KEYS.token, 'stale');
      localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
      vi.stubGlobal('fetch', respond(401, body));
      expect(await fetchUser()).toBeNull();
      expect(getToken()).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
      expect(
        getDefaultStore()
          .get(toastsAtom)
          .map((t) => t.message),
      ).toEqual([SESSION_EXPIRED_MESSAGE]);
    });
  }

  it('a 401 is read by its code first and by the message strings only without a code', () => {
    expect(isSessionFailure(401, { error: 'invalid_token', message: 'Signed out elsewhere' })).toBe(true);
    expect(isSessionFailure(401, { error: 'token_expired' })).toBe(true);
    expect(isSessionFailure(401, { message: 'Token expired' })).toBe(true);
    expect(isSessionFailure(401, { message: 'Invalid token' })).toBe(true);
    // The code wins over a message that happens to match.
    expect(isSessionFailure(401, { error: 'auth_required', message: 'Invalid token' })).toBe(false);
    expect(isSessionFailure(401, { error: 'invalid_credentials', message: 'Wrong password' })).toBe(false);
    expect(isSessionFailure(401, { message: 'Authentication required' })).toBe(false);
    expect(isSessionFailure(403, { error: 'invalid_token' })).toBe(false);
    expect(isSessionFailure(401, null)).toBe(false);
  });

  it('a network error keeps the cached user', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'good');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await fetchUser()).toEqual(user);
    expect(getToken()).toBe('good');
  });

  for (const status of [502, 503, 504])
    it(`a gateway's ${status} while the server is out of reach keeps the cached user`, async () => {
      localStorage.setItem(STORAGE_KEYS.token, 'good');
      localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
      vi.stubGlobal('fetch', respond(status, 'Bad Gateway', 'text/plain'));
      expect(await fetchUser()).toEqual(user);
      expect(getToken()).toBe('good');
      expect(getDefaultStore().get(toastsAtom)).toEqual([]);
    });

  it('the check runs offline without waiting for a network, and again when the network returns', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'good');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
    const fetch = vi.fn(async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    const client = createQueryClient();
    // As QueryClientProvider does: the client follows onlineManager.
    client.mount();
    const observer = new QueryObserver(client, userQueryOptions);
    const stop = observer.subscribe(() => {});
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(user));
      expect(fetch).toHaveBeenCalledTimes(1);
      // Back online, the server says the session was signed out meanwhile.
      fetch.mockImplementation(
        respond(401, { error: 'invalid_token', message: 'This session was signed out' }),
      );
      onlineManager.setOnline(true);
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeNull());
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(getToken()).toBeNull();
    } finally {
      stop();
      client.unmount();
      onlineManager.setOnline(true);
    }
  });

  it('errors read the JSON message, else "status: text", else the status text', async () => {
    expect((await errorText(new Response('{"message":"Insufficient funds"}', { status: 400 }))).message).toBe(
      'Insufficient funds',
    );
    expect((await errorText(new Response('Bad Gateway upstream', { status: 502 }))).message).toBe(
      '502: Bad Gateway upstream',
    );
    expect(
      (await errorText(new Response('', { status: 503, statusText: 'Service Unavailable' }))).message,
    ).toBe('Service Unavailable');
    vi.stubGlobal('fetch', respond(409, { message: 'Username is already taken' }));
    const body = { username: 'ama', password: 'long enough' };
    await expect(call(ROUTES.auth.register, { body })).rejects.toMatchObject({
      status: 409,
      message: 'Username is already taken',
    });
    await expect(call(ROUTES.auth.register, { body })).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', respond(401, { message: 'Authentication required' }));
    expect(await call(ROUTES.auth.user, { nullOn401: true })).toBeNull();
    const refusal = { code: 'insufficient_funds', message: 'Insufficient funds' };
    expect(failureText(new ApiError(400, 'Insufficient funds', refusal))).toBe('Insufficient funds');
    // A bare status is not a message for a player.
    expect(failureText(new ApiError(500, '500'), 'Failed to acquire deck')).toBe('Failed to acquire deck');
    expect(failureText(new TypeError('Failed to fetch'))).toBe('Please try again later');
    expect(failureText(new TypeError('x'), 'Failed to acquire deck')).toBe('Failed to acquire deck');
  });
});
