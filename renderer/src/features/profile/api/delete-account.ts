import type { DeleteAccountBody, DeleteAccountResponse } from '@shared/protocol';
import { api } from '../../../lib/http';

export function deleteAccount(body: DeleteAccountBody): Promise<DeleteAccountResponse> {
  return api<DeleteAccountResponse>('/api/auth/delete-account', { method: 'POST', body });
}
