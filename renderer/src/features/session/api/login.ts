import type { LoginBody } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export function login(body: LoginBody) {
  return call(ROUTES.auth.login, { body });
}
