import { sql } from 'kysely';
import { APP_BUILD, APP_VERSION, RELEASE_LABEL } from '@shared/constants';
import { healthApi, type ClientUpdate, type HealthResponse } from '@shared/protocol';
import { route, type ContractApp } from '../../http/contract';
import type { Db } from '../../db';
import type { RedisConnections } from '../../infra/redis/connection';

export const HEALTH: HealthResponse & { status: 'ok' } = {
  status: 'ok',
  version: APP_VERSION,
  build: APP_BUILD,
  label: RELEASE_LABEL,
};

export interface HealthDeps {
  nodeId: string;
  db: Db;
  /** Null on a single node (no REDIS_URL): Redis is then reported as not configured. */
  redis: RedisConnections | null;
  /** The oldest app served and where to update (MIN_CLIENT_VERSION); null for no minimum. */
  clientUpdate: ClientUpdate | null;
}

/** A check that does not answer within this long counts as down: a load balancer must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

async function check(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/api/health` answers at once (the process is up), with the minimum client version when there is
 * one (docs/api.md, "Health"); `?deep=1` also asks the database and Redis
 * and answers 503 when either is down, for load balancers (docs/operations.md, "Running several nodes").
 */
export function healthRoutes(app: ContractApp, deps: HealthDeps): void {
  // A desktop or mobile app asks here at start, signed in or not, whether it is still served.
  const shallow = { ...HEALTH, ...deps.clientUpdate };
  route(app, healthApi.health, {}, async (request, reply) => {
    const { deep } = request.query;
    if (deep !== '1' && deep !== 'true') return shallow;
    const [database, redis] = await Promise.all([
      check(() => sql`select 1`.execute(deps.db.kysely)),
      deps.redis ? check(() => deps.redis!.command.ping()) : Promise.resolve(null),
    ]);
    const up = database && redis !== false;
    return reply.code(up ? 200 : 503).send({
      ...shallow,
      status: up ? 'ok' : 'degraded',
      node: deps.nodeId,
      checks: {
        database: database ? 'up' : 'down',
        redis: redis === null ? 'not_configured' : redis ? 'up' : 'down',
      },
    });
  });
}
