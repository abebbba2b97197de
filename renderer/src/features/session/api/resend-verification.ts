import type { ResendVerificationResponse } from '@shared/protocol';
import { api } from '../../../lib/http';

export function resendVerification(): Promise<ResendVerificationResponse> {
  return api<ResendVerificationResponse>('/api/auth/resend-verification', { method: 'POST' });
}
