import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export function restoreAccount() {
  return call(ROUTES.auth.restoreAccount);
}
