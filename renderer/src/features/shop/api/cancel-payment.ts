import type { z } from 'zod';
import type { cancelPaymentResponseSchema } from '@shared/protocol';
import { api } from '../../../lib/http';

export type CancelledPayment = z.infer<typeof cancelPaymentResponseSchema>;

/**
 * Ends the player's own pending payment before they pay. The server asks the provider first: a
 * payment paid meanwhile comes back `completed` (and credited) instead of cancelled.
 */
export function cancelPayment(reference: string): Promise<CancelledPayment> {
  return api<CancelledPayment>('/api/currency/paystack/cancel', { method: 'POST', body: { reference } });
}
