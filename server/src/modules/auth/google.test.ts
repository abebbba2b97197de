import { createSign, generateKeyPairSync } from 'node:crypto';
import { OAuth2Client } from 'google-auth-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { createGoogleVerifier } from './google';

const CLIENT_ID = 'spar-test.apps.googleusercontent.com';
const KID = 'test-key-1';
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const other = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A Google-style ID token signed with our local key (RS256). */
function idToken(claims: Record<string, unknown>, key = privateKey): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64({ alg: 'RS256', kid: KID, typ: 'JWT' });
  const payload = b64({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    iat: now,
    exp: now + 3600,
    ...claims,
  });
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The real google-auth-library check, with Google's certificates replaced by our public key. */
function stubbedClient(): OAuth2Client {
  const client = new OAuth2Client();
  client.getFederatedSignonCertsAsync = async () => ({
    certs: { [KID]: publicKey },
    format: 'PEM' as never,
    res: null,
  });
  return client;
}

describe('Google ID token verification (real library, stubbed certificates)', () => {
  const verify = createGoogleVerifier([CLIENT_ID], stubbedClient());

  it('accepts a well-signed token for our client id', async () => {
    const identity = await verify(
      idToken({ sub: '1001', email: 'ama@gmail.com', email_verified: true, name: 'Ama Owusu' }),
    );
    expect(identity).toEqual({ sub: '1001', email: 'ama@gmail.com', emailVerified: true, name: 'Ama Owusu' });
  });

  it('rejects another audience, an expired token, a foreign signature, a wrong issuer and garbage', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const bad = [
      idToken({ sub: '1', aud: 'someone-else' }),
      idToken({ sub: '1', iat: past, exp: past + 60 }),
      idToken({ sub: '1' }, other.privateKey),
      idToken({ sub: '1', iss: 'https://evil.example' }),
      'not.a.jwt',
    ];
    for (const token of bad) await expect(verify(token)).rejects.toThrow();
  });
});

describe.each(DIALECTS)('POST /api/auth/google on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(
      dialect,
      {},
      { googleVerifier: createGoogleVerifier([CLIENT_ID], stubbedClient()) },
    );
  });
  afterEach(() => t.close());

  const google = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: token } });

  it('creates an account on first sign-in and signs in after that', async () => {
    const first = await google(
      idToken({ sub: '2001', email: 'kofi@gmail.com', email_verified: true, name: 'Kofi Boateng' }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isNewUser: true,
      markedForDelete: false,
      message: 'Account created',
      user: { username: 'Kofi_Boateng', email: 'kofi@gmail.com', isVerified: true },
    });
    const again = await google(
      idToken({ sub: '2001', email: 'kofi@gmail.com', email_verified: true, name: 'Kofi Boateng' }),
    );
    expect(again.json()).toMatchObject({
      isNewUser: false,
      message: 'Sign-in successful',
      user: { id: first.json().user.id },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: bearer(again.json().token),
    });
    expect(me.json().username).toBe('Kofi_Boateng');
  });

  it('picks a free username when the natural one is taken', async () => {
    await register(t.app, { username: 'Kofi_Boateng' });
    const res = await google(
      idToken({ sub: '2002', email: 'kb@gmail.com', email_verified: true, name: 'Kofi Boateng' }),
    );
    expect(res.json().user.username).toBe('Kofi_Boateng2');
  });

  it('skips a look-alike of a taken name, and never makes a reserved one', async () => {
    await register(t.app, { username: 'K0fi_Boateng' });
    const lookalike = await google(
      idToken({ sub: '2003', email: 'kb3@gmail.com', email_verified: true, name: 'Kofi Boateng' }),
    );
    expect(lookalike.json().user.username).toBe('Kofi_Boateng2');
    const staffish = await google(
      idToken({ sub: '2004', email: 'ss@gmail.com', email_verified: true, name: 'Spar Support' }),
    );
    expect(staffish.statusCode).toBe(200);
    expect(staffish.json().user.username).toBe('player');
    const admin = await google(
      idToken({ sub: '2005', email: 'admin@gmail.com', email_verified: true, name: 'Admin' }),
    );
    expect(admin.json().user.username).toBe('player2');
    const mixed = await google(
      idToken({ sub: '2006', email: 'am@gmail.com', email_verified: true, name: 'Ama the Moderator' }),
    );
    expect(mixed.json().user.username).toBe('Ama_the');
  });

  it('links to an existing account whose verified email matches', async () => {
    const existing = await register(t.app, { username: 'abena', email: 'abena@gmail.com' });
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${t.mailer.lastToken('abena@gmail.com')}`,
    });
    const res = await google(idToken({ sub: '2003', email: 'abena@gmail.com', email_verified: true }));
    expect(res.json()).toMatchObject({ isNewUser: false, user: { id: existing.user.id, username: 'abena' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'abena', password: 'correct horse' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes over an unverified account with that email: its password and sessions stop working', async () => {
    const squatter = await register(t.app, { username: 'squatter', email: 'owner@gmail.com' });
    const res = await google(idToken({ sub: '2004', email: 'owner@gmail.com', email_verified: true }));
    expect(res.json()).toMatchObject({ isNewUser: false, user: { id: squatter.user.id, isVerified: true } });
    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: bearer(squatter.token),
    });
    expect(oldSession.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'squatter', password: 'correct horse' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('does not link on an unverified Google email', async () => {
    const existing = await register(t.app, { username: 'yaa', email: 'yaa@gmail.com' });
    const res = await google(
      idToken({ sub: '2005', email: 'yaa@gmail.com', email_verified: false, name: 'Yaa' }),
    );
    expect(res.json().isNewUser).toBe(true);
    expect(res.json().user.id).not.toBe(existing.user.id);
    expect(res.json().user.email).toBeNull();
  });

  it('tells a user marked for deletion, and refuses bad tokens with 401', async () => {
    const first = await google(idToken({ sub: '2006', name: 'Leaving Soon' }));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { confirm: true },
      headers: bearer(first.json().token),
    });
    expect((await google(idToken({ sub: '2006' }))).json().markedForDelete).toBe(true);
    const bad = await google(idToken({ sub: '2007', aud: 'other-app' }));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toMatch(/Google sign-in failed/);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: {} })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/auth/google without GOOGLE_CLIENT_IDS', () => {
  it('answers 503 with a clear message', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: 'x' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'google_unavailable',
        message: 'Google sign-in is not configured on this server',
      });
    } finally {
      await t.close();
    }
  });
});
