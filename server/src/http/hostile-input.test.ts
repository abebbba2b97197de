import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../testing/harness';

/** A JSON text with `levels` arrays nested inside one field of an otherwise ordinary body. */
function nestedBody(field: string, levels: number, rest: Record<string, unknown> = {}): string {
  const inner = JSON.stringify(rest).slice(1, -1);
  return `{${inner ? `${inner},` : ''}"${field}":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

const TOO_DEEP = {
  message: `Request body is nested too deeply (limit ${MAX_JSON_DEPTH} levels)`,
  code: 'too_deep',
};

describe.each(DIALECTS)('hostile request bodies on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ token } = await register(t.app, { username: 'deep_diver' }));
  });
  afterEach(() => t.close());

  const post = (url: string, payload: string, address = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...bearer(token) },
      remoteAddress: address,
    });

  const targets: [string, string, Record<string, unknown>][] = [
    ['/api/auth/register', 'email', { username: 'nested_one', password: 'correct horse' }],
    ['/api/auth/login', 'password', { username: 'deep_diver' }],
    ['/api/games/practice', 'difficulty', {}],
    ['/api/device-tokens', 'deviceName', { token: 'fcm-1', platform: 'ios' }],
    ['/api/device-tokens/deactivate', 'token', {}],
    ['/api/auth/delete-account', 'password', {}],
    ['/api/auth/google/start', 'codeChallenge', { platform: 'web' }],
    ['/api/auth/google/exchange', 'codeVerifier', { code: 'one-time' }],
  ];

  it('answers 400, not 500, for bodies nested thousands of levels deep', async () => {
    for (const levels of [5_000, 100_000]) {
      for (const [url, field, rest] of targets) {
        const res = await post(url, nestedBody(field, levels, rest));
        expect(res.statusCode, `${url} ${levels}`).toBe(400);
        expect(res.json(), `${url} ${levels}`).toEqual(TOO_DEEP);
      }
    }
    // Nothing was created or changed on the way.
    const users = await t.app.db.kysely.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['deep_diver']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json(),
    ).toMatchObject({ username: 'deep_diver', markedForDelete: false });
  });

  it('accepts nesting up to the limit and refuses one level more', async () => {
    // Unknown fields are dropped by the schema, so only the depth decides here.
    const login = (levels: number) =>
      post('/api/auth/login', nestedBody('extra', levels - 1, { username: 'deep_diver', password: 'x' }));
    expect((await login(MAX_JSON_DEPTH)).statusCode).toBe(401);
    const over = await login(MAX_JSON_DEPTH + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual(TOO_DEEP);
  });

  it('still names the field that carries a NUL, in a value or in a key', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ username: 'a\u0000b', password: 'pw' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'username must not contain NUL characters',
      code: 'nul_character',
    });
    const key = await post(
      '/api/device-tokens',
      JSON.stringify({ token: 't', platform: 'ios', 'x\u0000': 1 }),
    );
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe('x\u0000 must not contain NUL characters');
  });

  it('authenticates before it validates, so an anonymous caller learns nothing of the body', async () => {
    for (const url of ['/api/device-tokens', '/api/auth/delete-account', '/api/users/abc/profile']) {
      const res = await t.app.inject({
        method: url.endsWith('profile') ? 'GET' : 'POST',
        url,
        ...(url.endsWith('profile') ? {} : { payload: { token: 5, password: [] } }),
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: 'auth_required', message: 'Authentication required' });
    }
  });

  it('redirects a verification link whatever its query holds', async () => {
    for (const query of ['token=a&token=b', `token=${'x'.repeat(600)}`, 'token=%00', 'token[a]=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?${query}` });
      expect(res.statusCode, query).toBe(303);
      expect(res.headers.location, query).toBe('/?notice=verification_failed');
    }
  });

  it('keeps answering other requests through a burst of deep bodies', async () => {
    const deep = nestedBody('password', 100_000, { username: 'deep_diver' });
    const burst = Array.from({ length: 40 }, (_, i) => post('/api/auth/delete-account', deep, `10.9.0.${i}`));
    const health = Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: '/api/health' }));
    const [attacks, checks] = await Promise.all([Promise.all(burst), Promise.all(health)]);
    for (const res of attacks) expect(res.statusCode).toBe(400);
    for (const res of checks) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok' });
    }
  });
});
