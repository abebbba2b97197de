import { queryOptions } from '@tanstack/react-query';
import type { GoogleAuthResponse } from '@shared/protocol';
import { api } from '../../../lib/http';

export function googleSignIn(idToken: string): Promise<GoogleAuthResponse> {
  return api<GoogleAuthResponse>('/api/auth/google', { method: 'POST', body: { idToken } });
}

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => api<{ google: { clientId: string } | null }>('/api/auth/providers'),
});
