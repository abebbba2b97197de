import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../http';

export function logout() {
  return call(ROUTES.auth.logout);
}
