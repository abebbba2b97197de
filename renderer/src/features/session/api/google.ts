import { queryOptions } from '@tanstack/react-query';
import type {
  GoogleAuthResponse,
  GoogleCallbackBody,
  GoogleCallbackResponse,
  GoogleExchangeBody,
  GoogleStartBody,
  GoogleStartResponse,
  ProvidersResponse,
} from '@shared/protocol';
import { api } from '../../../lib/http';

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => api<ProvidersResponse>('/api/auth/providers'),
});

/** Google's authorization URL for a new sign-in. See docs/design.md, "Google sign-in". */
export function startGoogleSignIn(body: GoogleStartBody): Promise<GoogleStartResponse> {
  return api<GoogleStartResponse>('/api/auth/google/start', { method: 'POST', body });
}

/** What Google sent back to /oauth-redirect, traded for a one-time app code. */
export function finishGoogleSignIn(body: GoogleCallbackBody): Promise<GoogleCallbackResponse> {
  return api<GoogleCallbackResponse>('/api/auth/google/callback', { method: 'POST', body });
}

/** The one-time app code and the PKCE verifier the sign-in started with, traded for a session. */
export function redeemGoogleCode(body: GoogleExchangeBody): Promise<GoogleAuthResponse> {
  return api<GoogleAuthResponse>('/api/auth/google/exchange', { method: 'POST', body });
}
