import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

export type DailyClaim = CallResult<typeof ROUTES.rewards.claimDaily>;

export function claimDailyReward(): Promise<DailyClaim> {
  return call(ROUTES.rewards.claimDaily);
}
