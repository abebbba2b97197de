import type { AuthResponse } from '@shared/protocol';
import { api } from '../../../lib/http';

export function register(body: {
  username: string;
  password: string;
  email?: string;
}): Promise<AuthResponse> {
  return api<AuthResponse>('/api/auth/register', { method: 'POST', body });
}
