/**
 * Google's side of the browser sign-in (OAuth 2.0 authorization code with PKCE, OpenID Connect):
 * the authorization URL, the code exchange at the token endpoint, and the check of the ID token it
 * returns. See docs/design.md, "Google sign-in".
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { GoogleOAuthConfig } from '../../config';
import { DomainError } from '../../errors';
import { InvalidGoogleToken, type GoogleIdentity } from './google';

/** Google refused the authorization code (unknown, expired, already used, or another client's). */
export class GoogleCodeRefused extends Error {}

export interface GoogleOAuth {
  clientId: string;
  authorizationUrl(input: {
    state: string;
    nonce: string;
    codeChallenge: string;
    redirectUri: string;
  }): string;
  /** Redeems Google's code and returns who the verified ID token names. */
  identify(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
    nonce: string;
  }): Promise<GoogleIdentity>;
}

const TOKEN_TIMEOUT_MS = 10_000;

function unreachable(detail: string): DomainError {
  return new DomainError(
    'upstream',
    `Google sign-in is unavailable right now (${detail}). Please try again.`,
    'google_upstream',
  );
}

/** jose's errors that mean "this token is bad", as opposed to "the keys could not be fetched". */
function isTokenProblem(error: unknown): boolean {
  return (
    error instanceof joseErrors.JWTClaimValidationFailed ||
    error instanceof joseErrors.JWTExpired ||
    error instanceof joseErrors.JWTInvalid ||
    error instanceof joseErrors.JWSInvalid ||
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JOSEAlgNotAllowed
  );
}

export function createGoogleOAuth(config: GoogleOAuthConfig, fetchImpl: typeof fetch = fetch): GoogleOAuth {
  // Keys are fetched on first use and cached, refetched when a token names an unknown key id.
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: TOKEN_TIMEOUT_MS });

  async function exchange(code: string, codeVerifier: string, redirectUri: string): Promise<string> {
    let res: Response;
    try {
      res = await fetchImpl(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }),
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      });
    } catch {
      throw unreachable('no answer from its token endpoint');
    }
    const body = (await res.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
    // invalid_grant is Google's answer for a code that is unknown, expired or already redeemed.
    if (res.status === 400 && body?.error === 'invalid_grant') throw new GoogleCodeRefused('invalid_grant');
    if (!res.ok) throw unreachable(`token endpoint answered ${res.status}`);
    if (typeof body?.id_token !== 'string') throw unreachable('no ID token in its answer');
    return body.id_token;
  }

  return {
    clientId: config.clientId,

    authorizationUrl({ state, nonce, codeChallenge, redirectUri }) {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'select_account',
      }).toString();
      return url.toString();
    },

    async identify({ code, codeVerifier, redirectUri, nonce }) {
      const idToken = await exchange(code, codeVerifier, redirectUri);
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer: config.issuers,
          audience: config.clientId,
          algorithms: ['RS256'],
        }));
      } catch (error) {
        if (isTokenProblem(error))
          throw new InvalidGoogleToken(error instanceof Error ? error.message : String(error));
        throw unreachable('its signing keys could not be fetched');
      }
      // The nonce ties the token to the sign-in this server started, so a token cannot be replayed.
      if (payload.nonce !== nonce) throw new InvalidGoogleToken('nonce does not match');
      if (typeof payload.sub !== 'string' || !payload.sub)
        throw new InvalidGoogleToken('token has no subject');
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : null,
        emailVerified: payload.email_verified === true,
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    },
  };
}
