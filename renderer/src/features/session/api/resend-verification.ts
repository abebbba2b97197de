import { api } from '../../../lib/http';

export function resendVerification(): Promise<{ emailVerificationSent: boolean; message: string }> {
  return api('/api/auth/resend-verification', { method: 'POST' });
}
