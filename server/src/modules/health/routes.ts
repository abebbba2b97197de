import { APP_BUILD, APP_VERSION, RELEASE_LABEL } from '@shared/constants';
import { healthContract, type HealthResponse } from '@shared/protocol';
import type { ContractApp } from '../../http/contract';

export const HEALTH: HealthResponse = {
  status: 'ok',
  version: APP_VERSION,
  build: APP_BUILD,
  label: RELEASE_LABEL,
};

export function healthRoutes(app: ContractApp): void {
  app.get('/api/health', { schema: healthContract }, async () => HEALTH);
}
