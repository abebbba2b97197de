import type { z } from 'zod';
import type { verifyPaymentResponseSchema } from '@shared/protocol';
import { api } from '../../../lib/http';

export type VerifiedPayment = z.infer<typeof verifyPaymentResponseSchema>;

export function verifyPayment(reference: string): Promise<VerifiedPayment> {
  return api<VerifiedPayment>(`/api/currency/paystack/verify?reference=${encodeURIComponent(reference)}`);
}
