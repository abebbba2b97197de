import { devicesApi } from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import { deactivateDeviceToken, upsertDeviceToken } from './repo';

export function deviceRoutes(
  app: ContractApp,
  deps: { db: Db; authenticator: Authenticator; now: () => number },
): void {
  const auth = requireAuth(deps.authenticator);

  route(app, devicesApi.register, { preValidation: auth }, async (request) => {
    const body = request.body;
    const row = await upsertDeviceToken(deps.db.kysely, {
      userId: authOf(request).user.id,
      token: body.token,
      platform: body.platform,
      deviceName: body.deviceName ?? null,
      now: deps.now(),
    });
    // The platform is the one just stored, already narrowed by the request's schema.
    return {
      id: row.id,
      platform: body.platform,
      deviceName: row.device_name,
      isActive: row.is_active === 1,
    };
  });

  route(app, devicesApi.deactivate, { preValidation: auth }, async (request) => {
    const { token } = request.body;
    if (!(await deactivateDeviceToken(deps.db.kysely, authOf(request).user.id, token, deps.now()))) {
      throw new DomainError('not_found', 'No such device token for this account', 'device_token_not_found');
    }
    return { isActive: false as const };
  });
}
