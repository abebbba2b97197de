import { queryOptions } from '@tanstack/react-query';
import type { GoogleCallbackBody, GoogleExchangeBody, GoogleStartBody } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => call(ROUTES.auth.providers),
});

/** Google's authorization URL for a new sign-in. See docs/design.md, "Google sign-in". */
export function startGoogleSignIn(body: GoogleStartBody) {
  return call(ROUTES.auth.googleStart, { body });
}

/** What Google sent back to /oauth-redirect, traded for a one-time app code. */
export function finishGoogleSignIn(body: GoogleCallbackBody) {
  return call(ROUTES.auth.googleCallback, { body });
}

/** The one-time app code and the PKCE verifier the sign-in started with, traded for a session. */
export function redeemGoogleCode(body: GoogleExchangeBody) {
  return call(ROUTES.auth.googleExchange, { body });
}
