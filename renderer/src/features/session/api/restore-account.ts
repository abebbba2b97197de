import type { RestoreAccountResponse } from '@shared/protocol';
import { api } from '../../../lib/http';

export function restoreAccount(): Promise<RestoreAccountResponse> {
  return api<RestoreAccountResponse>('/api/auth/restore-account', { method: 'POST' });
}
