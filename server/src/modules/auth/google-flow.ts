/**
 * Google sign-in through the browser, the same on every platform (see docs/design.md, "Google
 * sign-in"): `start` remembers a state and hands out Google's authorization URL; `callback` (called
 * by the /oauth-redirect page with what Google sent back) checks the state, redeems Google's code
 * and answers a one-time app code; `exchange` gives a session to whoever holds the PKCE verifier
 * the sign-in was started with.
 */
import { createHash } from 'node:crypto';
import type { GoogleAuthResponse, GoogleCallbackResponse, GoogleStartResponse } from '@shared/protocol';
import type { Db } from '../../db';
import { AuthError, DomainError } from '../../errors';
import { hashToken, newToken } from './crypto';
import { InvalidGoogleToken } from './google';
import { GoogleCodeRefused, type GoogleOAuth } from './google-oauth';
import * as repo from './oauth-repo';
import type { AccountService, ClientInfo } from './service';

/** How long a started sign-in may take at Google. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** How long the app has to redeem its one-time code. */
export const OAUTH_CODE_TTL_MS = 60_000;

/** The PKCE S256 challenge of a verifier (RFC 7636, section 4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface GoogleFlowDeps {
  db: Db;
  now: () => number;
  google: GoogleOAuth;
  accounts: AccountService;
  /** PUBLIC_URL + /oauth-redirect: registered with Google as the client's redirect URI. */
  redirectUri: string;
}

export class GoogleFlow {
  constructor(private readonly deps: GoogleFlowDeps) {}

  /** The OAuth client id, which the sign-in page may show (it is public). */
  get clientId(): string {
    return this.deps.google.clientId;
  }

  private get db() {
    return this.deps.db.kysely;
  }

  async start(input: { platform: 'web' | 'native'; codeChallenge: string }): Promise<GoogleStartResponse> {
    const now = this.deps.now();
    await repo.deleteExpired(this.db, now);
    const state = newToken();
    const nonce = newToken();
    const googleVerifier = newToken();
    await repo.insertState(this.db, {
      state_hash: hashToken(state),
      nonce,
      google_verifier: googleVerifier,
      platform: input.platform,
      app_challenge: input.codeChallenge,
      created_at: now,
      expires_at: now + OAUTH_STATE_TTL_MS,
    });
    const url = this.deps.google.authorizationUrl({
      state,
      nonce,
      codeChallenge: pkceChallenge(googleVerifier),
      redirectUri: this.deps.redirectUri,
    });
    return { url };
  }

  async callback(input: { state: string; code: string }): Promise<GoogleCallbackResponse> {
    const now = this.deps.now();
    const started = await repo.consumeState(this.db, hashToken(input.state), now);
    if (!started)
      throw new DomainError(
        'invalid',
        'This Google sign-in has expired or was already used. Please start again.',
        'invalid_state',
      );
    let identity;
    try {
      identity = await this.deps.google.identify({
        code: input.code,
        codeVerifier: started.google_verifier,
        redirectUri: this.deps.redirectUri,
        nonce: started.nonce,
      });
    } catch (error) {
      if (error instanceof GoogleCodeRefused)
        throw new AuthError(
          'Google sign-in failed: Google did not accept the sign-in code',
          'invalid_credentials',
        );
      if (error instanceof InvalidGoogleToken)
        throw new AuthError('Google sign-in failed: the ID token is not valid', 'invalid_credentials');
      throw error;
    }
    const code = newToken();
    await repo.insertCode(this.db, {
      code_hash: hashToken(code),
      app_challenge: started.app_challenge,
      google_sub: identity.sub,
      email: identity.email,
      email_verified: identity.emailVerified ? 1 : 0,
      name: identity.name,
      created_at: now,
      expires_at: now + OAUTH_CODE_TTL_MS,
    });
    return { platform: started.platform, code };
  }

  async exchange(
    input: { code: string; codeVerifier: string },
    client: ClientInfo,
  ): Promise<GoogleAuthResponse> {
    const now = this.deps.now();
    const row = await repo.consumeCode(
      this.db,
      hashToken(input.code),
      pkceChallenge(input.codeVerifier),
      now,
    );
    if (!row)
      throw new DomainError(
        'invalid',
        'This sign-in code is invalid, expired or already used. Please sign in again.',
        'invalid_code',
      );
    return this.deps.accounts.signInWithGoogle(
      { sub: row.google_sub, email: row.email, emailVerified: row.email_verified === 1, name: row.name },
      client,
    );
  }
}
