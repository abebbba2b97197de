import type { AuthResponse, RegisterBody } from '@shared/protocol';
import { api } from '../../../lib/http';

export function register(body: RegisterBody): Promise<AuthResponse> {
  return api<AuthResponse>('/api/auth/register', { method: 'POST', body });
}
