import { api } from '../../../lib/http';

export function deleteAccount(body: { password?: string; confirm?: boolean }) {
  return api<{ markedForDelete: true; deleteAfter: number; message: string }>('/api/auth/delete-account', {
    method: 'POST',
    body,
  });
}
