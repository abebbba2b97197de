import type { z } from 'zod';
import type { initializePaymentResponseSchema } from '@shared/protocol';
import { api } from '../../../lib/http';

export type InitializedPayment = z.infer<typeof initializePaymentResponseSchema>;

/** Starts paying for a coin or gem pack: where to send the player, and whether it is a test payment. */
export function initializePayment(shopItemId: number): Promise<InitializedPayment> {
  return api<InitializedPayment>('/api/currency/paystack/initialize', {
    method: 'POST',
    body: { shopItemId },
  });
}
