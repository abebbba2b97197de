import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

export type CancelledPayment = CallResult<typeof ROUTES.payments.cancel>;

/**
 * Ends the player's own pending payment before they pay. The server asks the provider first: a
 * payment paid meanwhile comes back `completed` (and credited) instead of cancelled.
 */
export function cancelPayment(reference: string): Promise<CancelledPayment> {
  return call(ROUTES.payments.cancel, { body: { reference } });
}
