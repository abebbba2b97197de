import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

export type VerifiedPayment = CallResult<typeof ROUTES.payments.verify>;

export function verifyPayment(reference: string): Promise<VerifiedPayment> {
  return call(ROUTES.payments.verify, { query: { reference } });
}
