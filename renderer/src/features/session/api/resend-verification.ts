import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export function resendVerification() {
  return call(ROUTES.auth.resendVerification);
}
