import { api } from '../../../lib/http';

export function restoreAccount() {
  return api<{ markedForDelete: false; message: string }>('/api/auth/restore-account', { method: 'POST' });
}
