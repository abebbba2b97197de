import type { AuthResponse } from '@shared/protocol';
import { api } from '../../../lib/http';

export function login(body: { username: string; password: string }): Promise<AuthResponse> {
  return api<AuthResponse>('/api/auth/login', { method: 'POST', body });
}
