// @vitest-environment happy-dom
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { Balance, purchaseResponseSchema } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { ApiError, call, isApiError } from './http';
import { STORAGE_KEYS } from './storage';
import { toastsAtom } from './toast';

function respond(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(body === null ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

function sent(fetch: ReturnType<typeof respond>): { url: string; init: RequestInit } {
  const [url, init] = fetch.mock.calls.at(-1) as unknown as [string, RequestInit];
  return { url, init };
}

describe('call: one typed request per contract (docs/design.md, "REST contracts")', () => {
  beforeEach(() => {
    localStorage.clear();
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path parameters, each encoded, and sends the method and the bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const fetch = respond(200, { id: 1, seed: 's' });
    vi.stubGlobal('fetch', fetch);
    await call(ROUTES.games.replay, { params: { id: 'a/b c' } });
    const { url, init } = sent(fetch);
    expect(url).toBe('/api/games/a%2Fb%20c/replay');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('adds the query from its defined values, in order', async () => {
    const fetch = respond(200, { transactions: [], nextBefore: null });
    vi.stubGlobal('fetch', fetch);
    await call(ROUTES.currency.transactions, { query: { limit: 20, before: undefined } });
    expect(sent(fetch).url).toBe('/api/currency/transactions?limit=20');
    await call(ROUTES.social.search, { query: { username: 'ama & kofi' } });
    expect(sent(fetch).url).toBe('/api/friends/search?username=ama%20%26%20kofi');
  });

  it('sends a JSON body as JSON with its method', async () => {
    const fetch = respond(200, { message: 'ok' });
    vi.stubGlobal('fetch', fetch);
    await call(ROUTES.social.remove, { body: { friendId: 7 } });
    const { url, init } = sent(fetch);
    expect([url, init.method, init.body]).toEqual(['/api/friends/remove', 'DELETE', '{"friendId":7}']);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("sends an upload's form data as it is, without a JSON content type", async () => {
    const fetch = respond(201, { imageUrl: '/uploads/x.png' });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    expect(await call(ROUTES.manager.uploadImage, { body: form })).toEqual({ imageUrl: '/uploads/x.png' });
    const { url, init } = sent(fetch);
    expect([url, init.method, init.body]).toEqual(['/api/manager/upload-image', 'POST', form]);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('answers null for an empty answer (204)', async () => {
    vi.stubGlobal('fetch', respond(204, null));
    expect(await call(ROUTES.manager.deleteDailyReward, { params: { id: 3 } })).toBeNull();
  });

  it("a refusal's code is on ApiError: `code` of a 4xx, `error` of a 401; none when the answer had none", async () => {
    vi.stubGlobal('fetch', respond(400, { message: 'Insufficient funds', code: 'insufficient_funds' }));
    const refusal = await call(ROUTES.currency.purchase, { params: { id: 4 } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 400, code: 'insufficient_funds', message: 'Insufficient funds' });
    expect(isApiError(refusal, ROUTES.currency.purchase, 'insufficient_funds')).toBe(true);
    expect(isApiError(refusal, ROUTES.currency.purchase, 'already_owned')).toBe(false);

    vi.stubGlobal('fetch', respond(401, { error: 'invalid_credentials', message: 'Wrong password' }));
    const login = await call(ROUTES.auth.login, { body: { username: 'ama', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(login).toMatchObject({ status: 401, code: 'invalid_credentials' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad Gateway', { status: 502 })),
    );
    const gateway = await call(ROUTES.currency.balance).catch((e: unknown) => e);
    expect(gateway).toMatchObject({ status: 502, code: null });
    expect(isApiError(new Error('insufficient_funds'), ROUTES.currency.purchase, 'insufficient_funds')).toBe(
      false,
    );
  });

  it('is typed by the contract: its input, its answer and the codes it may refuse with', () => {
    // Types only: a wrong call fails the typecheck (scripts/typecheck.mjs), not this run.
    const typed = () => {
      expectTypeOf(call(ROUTES.currency.balance)).resolves.toEqualTypeOf<Balance>();
      expectTypeOf(call(ROUTES.currency.purchase, { params: { id: 1 } })).resolves.toEqualTypeOf<
        z.output<typeof purchaseResponseSchema>
      >();
      expectTypeOf(call(ROUTES.auth.user, { nullOn401: true })).resolves.toBeNullable();
      // @ts-expect-error a path parameter is required
      void call(ROUTES.currency.purchase);
      // @ts-expect-error the body is the schema's
      void call(ROUTES.social.remove, { body: { friend: 7 } });
      // @ts-expect-error a GET without a body takes none
      void call(ROUTES.currency.balance, { body: {} });
      // @ts-expect-error not a code this endpoint answers with
      isApiError(null, ROUTES.currency.purchase, 'deck_not_owned');
    };
    expect(typed).toBeTypeOf('function');
  });
});
