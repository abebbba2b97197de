import type { FastifyInstance } from 'fastify';
import { deactivateDeviceBodySchema, deviceTokenBodySchema } from '@shared/protocol';
import type { Db } from '../../db';
import { authOf, requireAuth } from '../../http/auth';
import { HttpError, parseInput } from '../../http/errors';
import type { AccountService } from '../auth/service';
import { deactivateDeviceToken, upsertDeviceToken } from './repo';

export function deviceRoutes(
  app: FastifyInstance,
  deps: { db: Db; accounts: AccountService; now: () => number },
): void {
  const auth = requireAuth(deps.accounts);

  app.post('/api/device-tokens', { preHandler: auth }, async (request) => {
    const body = parseInput(deviceTokenBodySchema, request.body);
    const row = await upsertDeviceToken(deps.db.kysely, {
      userId: authOf(request).user.id,
      token: body.token,
      platform: body.platform,
      deviceName: body.deviceName ?? null,
      now: deps.now(),
    });
    return { id: row.id, platform: row.platform, deviceName: row.device_name, isActive: row.is_active === 1 };
  });

  app.post('/api/device-tokens/deactivate', { preHandler: auth }, async (request) => {
    const { token } = parseInput(deactivateDeviceBodySchema, request.body);
    if (!(await deactivateDeviceToken(deps.db.kysely, authOf(request).user.id, token, deps.now()))) {
      throw new HttpError(404, 'No such device token for this account');
    }
    return { isActive: false };
  });
}
