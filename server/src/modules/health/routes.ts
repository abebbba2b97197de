import type { FastifyInstance } from 'fastify';
import { APP_BUILD, APP_VERSION, RELEASE_LABEL } from '@shared/constants';

export const HEALTH = { status: 'ok', version: APP_VERSION, build: APP_BUILD, label: RELEASE_LABEL } as const;

export function healthRoutes(app: FastifyInstance): void {
  app.get('/api/health', async () => HEALTH);
}
