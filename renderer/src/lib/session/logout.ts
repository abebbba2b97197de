import { api } from '../http';

export function logout(): Promise<{ message: string }> {
  return api('/api/auth/logout', { method: 'POST' });
}
