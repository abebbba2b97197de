import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

export type PurchaseResponse = CallResult<typeof ROUTES.currency.purchase>;

export function purchaseItem(itemId: number): Promise<PurchaseResponse> {
  return call(ROUTES.currency.purchase, { params: { id: itemId } });
}
