import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

export type ClaimResponse = CallResult<typeof ROUTES.rewards.claimAchievement>;

export function claimAchievement(achievementId: string): Promise<ClaimResponse> {
  return call(ROUTES.rewards.claimAchievement, { body: { achievementId } });
}
