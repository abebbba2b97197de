import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Checks a Google ID token (signature, issuer, audience, expiry) and returns who it names. */
export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

export class InvalidGoogleToken extends Error {}

export function createGoogleVerifier(clientIds: string[], client = new OAuth2Client()): GoogleVerifier {
  return async (idToken) => {
    let payload;
    try {
      payload = (await client.verifyIdToken({ idToken, audience: clientIds })).getPayload();
    } catch (error) {
      throw new InvalidGoogleToken(error instanceof Error ? error.message : String(error));
    }
    if (!payload?.sub) throw new InvalidGoogleToken('token has no subject');
    return {
      sub: payload.sub,
      email: payload.email ?? null,
      emailVerified: payload.email_verified === true,
      name: payload.name ?? null,
    };
  };
}
