import type { z } from 'zod';
import type { purchaseResponseSchema } from '@shared/protocol';
import { api } from '../../../lib/http';

export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

export function purchaseItem(itemId: number): Promise<PurchaseResponse> {
  return api<PurchaseResponse>(`/api/currency/shop/${itemId}/purchase`, { method: 'POST' });
}
