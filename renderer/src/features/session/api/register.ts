import type { RegisterBody } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export function register(body: RegisterBody) {
  return call(ROUTES.auth.register, { body });
}
