import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';

export type ClaimResponse = CallResult<typeof ROUTES.rewards.claimGameReward>;

export function claimGameReward(gameId: string): Promise<ClaimResponse> {
  return call(ROUTES.rewards.claimGameReward, { body: { gameId } });
}
