import { queryOptions } from '@tanstack/react-query';
import type { GoogleAuthResponse, GoogleBody, ProvidersResponse } from '@shared/protocol';
import { api } from '../../../lib/http';

export function googleSignIn(idToken: GoogleBody['idToken']): Promise<GoogleAuthResponse> {
  return api<GoogleAuthResponse>('/api/auth/google', { method: 'POST', body: { idToken } });
}

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => api<ProvidersResponse>('/api/auth/providers'),
});
