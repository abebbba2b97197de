import type { DeleteAccountBody } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export function deleteAccount(body: DeleteAccountBody) {
  return call(ROUTES.auth.deleteAccount, { body });
}
