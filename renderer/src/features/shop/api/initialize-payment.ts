import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

export type InitializedPayment = CallResult<typeof ROUTES.payments.initialize>;

/** Starts paying for a coin or gem pack: where to send the player, and whether it is a test payment. */
export function initializePayment(shopItemId: number): Promise<InitializedPayment> {
  return call(ROUTES.payments.initialize, { body: { shopItemId } });
}
