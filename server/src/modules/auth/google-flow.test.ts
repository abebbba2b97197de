import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { FakeGoogle, type FakeIdentity } from '../../testing/fake-google';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';

/** An app-side PKCE pair, as the renderer makes one. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const AMA: FakeIdentity = { email: 'ama@gmail.com', name: 'Ama Owusu' };

describe.each(DIALECTS)('Google sign-in through the browser on %s', (dialect) => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    google = await new FakeGoogle().start();
  });
  afterAll(() => google.close());
  beforeEach(async () => {
    t = await createTestApp(dialect, { ...google.env(), AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterEach(() => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });

  async function start(platform: 'web' | 'native' = 'web') {
    const keys = pkce();
    const res = await post('/api/auth/google/start', { platform, codeChallenge: keys.challenge });
    expect(res.statusCode).toBe(200);
    return { ...keys, url: res.json().url as string };
  }

  /** Start, approve at the fake Google, and call back: the one-time app code. */
  async function appCode(identity = AMA, platform: 'web' | 'native' = 'web') {
    const started = await start(platform);
    const back = google.approve(started.url, identity);
    const res = await post('/api/auth/google/callback', {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
    });
    expect(res.statusCode).toBe(200);
    return { ...started, ...(res.json() as { code: string; platform: string }) };
  }

  it('offers Google on the sign-in page with the client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: { clientId: google.clientId, flow: 'redirect' } });
  });

  it('sends the browser to Google with a state, a nonce, PKCE and the product host redirect', async () => {
    const { url } = await start();
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(`${google.url}/authorize`);
    const params = target.searchParams;
    expect(params.get('client_id')).toBe(google.clientId);
    expect(params.get('redirect_uri')).toBe('http://spar.test/oauth-redirect');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Google's leg has its own PKCE pair, kept on the server: not the app's challenge.
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).not.toContain('secret');
  });

  it('signs a new player in on web, then the same player again', async () => {
    const first = await appCode();
    expect(first.platform).toBe('web');
    // The client secret and Google's verifier went to the token endpoint, not the app's verifier.
    const sent = google.tokenRequests.at(-1)!;
    expect(sent.client_secret).toBe(google.clientSecret);
    expect(sent.code_verifier).not.toBe(first.verifier);
    const res = await post('/api/auth/google/exchange', { code: first.code, codeVerifier: first.verifier });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isNewUser: true,
      markedForDelete: false,
      message: 'Account created',
      user: { username: 'Ama_Owusu', email: 'ama@gmail.com', isVerified: true },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: bearer(res.json().token),
    });
    expect(me.json().username).toBe('Ama_Owusu');

    const second = await appCode();
    const again = await post('/api/auth/google/exchange', {
      code: second.code,
      codeVerifier: second.verifier,
    });
    expect(again.json()).toMatchObject({
      isNewUser: false,
      message: 'Sign-in successful',
      user: { id: res.json().user.id },
    });
  });

  it('tells the redirect page a native sign-in goes back to the app', async () => {
    const native = await appCode(AMA, 'native');
    expect(native.platform).toBe('native');
    const res = await post('/api/auth/google/exchange', { code: native.code, codeVerifier: native.verifier });
    expect(res.statusCode).toBe(200);
  });

  it('links to the account with the same verified email', async () => {
    const existing = await register(t.app, { username: 'abena', email: 'abena@gmail.com' });
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${t.mailer.lastToken('abena@gmail.com')}`,
    });
    const flow = await appCode({ email: 'abena@gmail.com', name: 'Abena' });
    const res = await post('/api/auth/google/exchange', { code: flow.code, codeVerifier: flow.verifier });
    expect(res.json()).toMatchObject({ isNewUser: false, user: { id: existing.user.id, username: 'abena' } });
  });

  it('uses a state once, and not after 10 minutes', async () => {
    const started = await start();
    const back = google.approve(started.url, AMA);
    const body = { state: back.searchParams.get('state'), code: back.searchParams.get('code') };
    expect((await post('/api/auth/google/callback', body)).statusCode).toBe(200);
    const replay = await post('/api/auth/google/callback', body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'invalid_state',
      message: 'This Google sign-in has expired or was already used. Please start again.',
    });

    const late = await start();
    const lateBack = google.approve(late.url, AMA);
    t.clock.advance(10 * 60_000 + 1);
    const expired = await post('/api/auth/google/callback', {
      state: lateBack.searchParams.get('state'),
      code: lateBack.searchParams.get('code'),
    });
    expect(expired.json().code).toBe('invalid_state');
    const unknown = await post('/api/auth/google/callback', { state: 'made-up', code: 'whatever' });
    expect(unknown.json().code).toBe('invalid_state');
  });

  it('redeems an app code only with its verifier, once, within 60 seconds', async () => {
    const flow = await appCode();
    const stranger = pkce();
    const wrong = await post('/api/auth/google/exchange', {
      code: flow.code,
      codeVerifier: stranger.verifier,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'invalid_code',
      message: 'This sign-in code is invalid, expired or already used. Please sign in again.',
    });
    // A wrong verifier does not burn the code for its rightful holder.
    const right = await post('/api/auth/google/exchange', { code: flow.code, codeVerifier: flow.verifier });
    expect(right.statusCode).toBe(200);
    const replay = await post('/api/auth/google/exchange', { code: flow.code, codeVerifier: flow.verifier });
    expect(replay.json().code).toBe('invalid_code');

    const slow = await appCode();
    t.clock.advance(60_001);
    const late = await post('/api/auth/google/exchange', { code: slow.code, codeVerifier: slow.verifier });
    expect(late.json().code).toBe('invalid_code');
  });

  it('lets exactly one of 50 concurrent exchanges of one code succeed', async () => {
    const flow = await appCode();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/api/auth/google/exchange', { code: flow.code, codeVerifier: flow.verifier }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    const sessions = await t.app.db.kysely.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(1);
  });

  it('refuses what Google refused, and ID tokens that do not check out, with 401', async () => {
    const cases: [string, () => void][] = [
      ['code refused', () => (google.nextTokenAnswer = { status: 400, body: '{"error":"invalid_grant"}' })],
      ['foreign key', () => (google.signNextWithForeignKey = true)],
      ['other audience', () => (google.nextClaims = { aud: 'someone-else' })],
      ['other nonce', () => (google.nextClaims = { nonce: 'replayed-from-elsewhere' })],
      ['expired', () => (google.nextClaims = { exp: Math.floor(Date.now() / 1000) - 600 })],
    ];
    for (const [name, arrange] of cases) {
      const started = await start();
      const back = google.approve(started.url, AMA);
      arrange();
      const res = await post('/api/auth/google/callback', {
        state: back.searchParams.get('state'),
        code: back.searchParams.get('code'),
      });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().error, name).toBe('invalid_credentials');
      expect(res.json().message, name).toMatch(/^Google sign-in failed/);
    }
    expect(await t.app.db.kysely.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('answers 502 when Google fails', async () => {
    for (const answer of [
      { status: 500, body: 'oops' },
      { status: 401, body: '{"error":"invalid_client"}' },
      { status: 200, body: '{"access_token":"x"}' },
    ]) {
      const started = await start();
      const back = google.approve(started.url, AMA);
      google.nextTokenAnswer = answer;
      const res = await post('/api/auth/google/callback', {
        state: back.searchParams.get('state'),
        code: back.searchParams.get('code'),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('google_upstream');
      expect(res.json().message).toMatch(/^Google sign-in is unavailable right now/);
      expect(res.body).not.toContain(google.clientSecret);
    }
    google.jwksDown = true;
    try {
      const started = await start();
      const back = google.approve(started.url, AMA);
      const res = await post('/api/auth/google/callback', {
        state: back.searchParams.get('state'),
        code: back.searchParams.get('code'),
      });
      expect(res.statusCode).toBe(502);
    } finally {
      google.jwksDown = false;
    }
  });

  it('refuses hostile and malformed bodies with 400 naming the field', async () => {
    const { challenge, verifier } = pkce();
    const cases: [string, unknown, RegExp][] = [
      ['/api/auth/google/start', {}, /platform/],
      [
        '/api/auth/google/start',
        { platform: 'toaster', codeChallenge: challenge },
        /platform must be web or native/,
      ],
      ['/api/auth/google/start', { platform: 'web' }, /codeChallenge/],
      ['/api/auth/google/start', { platform: 'web', codeChallenge: 'short' }, /codeChallenge must be/],
      ['/api/auth/google/start', { platform: 'web', codeChallenge: 42 }, /codeChallenge/],
      ['/api/auth/google/callback', { state: 'a'.repeat(100_000), code: 'c' }, /state is too long/],
      ['/api/auth/google/callback', { state: 's', code: 'c'.repeat(5000) }, /code is too long/],
      ['/api/auth/google/callback', { state: ['s'], code: 'c' }, /state must be/],
      ['/api/auth/google/callback', { state: 's\u0000', code: 'c' }, /NUL/],
      ['/api/auth/google/exchange', { code: 'c', codeVerifier: 'short' }, /codeVerifier must be/],
      ['/api/auth/google/exchange', { code: 'c', codeVerifier: `${verifier}!` }, /codeVerifier must be/],
      ['/api/auth/google/exchange', { code: { $ne: null }, codeVerifier: verifier }, /code must be/],
      ['/api/auth/google/exchange', '[]', /JSON object/],
    ];
    for (const [url, body, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('Google sign-in through the browser, not configured', () => {
  it('offers no Google button and answers 503 on every step', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        google: null,
      });
      const bodies: [string, object][] = [
        ['/api/auth/google/start', { platform: 'web', codeChallenge: pkce().challenge }],
        ['/api/auth/google/callback', { state: 's', code: 'c' }],
        ['/api/auth/google/exchange', { code: 'c', codeVerifier: pkce().verifier }],
      ];
      for (const [url, payload] of bodies) {
        const res = await t.app.inject({ method: 'POST', url, payload });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          code: 'google_unavailable',
          message: 'Google sign-in is not configured on this server',
        });
      }
    } finally {
      await t.close();
    }
  });

  it('answers 502 when Google cannot be reached at all', async () => {
    const google = await new FakeGoogle().start();
    // Port 9 (discard) on this machine: nothing listens, the connection is refused.
    const t = await createTestApp('sqlite', {
      ...google.env(),
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google/start',
        payload: { platform: 'web', codeChallenge: pkce().challenge },
      });
      const back = google.approve(res.json().url, AMA);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google/callback',
        payload: { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
      });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toEqual({
        code: 'google_upstream',
        message:
          'Google sign-in is unavailable right now (no answer from its token endpoint). Please try again.',
      });
    } finally {
      await t.close();
      await google.close();
    }
  });

  it('stops at start when only half of the client is configured', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x.apps' })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 's' })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'x.apps', GOOGLE_CLIENT_SECRET: 's' }).googleOAuth).toMatchObject({
      clientId: 'x.apps',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
    });
  });
});
