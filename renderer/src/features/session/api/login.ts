import type { AuthResponse, LoginBody } from '@shared/protocol';
import { api } from '../../../lib/http';

export function login(body: LoginBody): Promise<AuthResponse> {
  return api<AuthResponse>('/api/auth/login', { method: 'POST', body });
}
