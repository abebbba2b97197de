import { rewardsApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import type { RewardService } from './service';

/** Daily, achievement and game rewards: every route is the signed-in player's own. */
export function rewardRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; rewards: RewardService },
): void {
  const auth = { preValidation: requireAuth(deps.authenticator) };
  const { rewards } = deps;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  route(app, rewardsApi.daily, auth, async (request) => rewards.dailyState(me(request)));

  route(app, rewardsApi.claimDaily, auth, async (request) => rewards.claimDaily(me(request)));

  route(app, rewardsApi.achievements, auth, async (request) =>
    rewards.achievements(me(request), request.query.limit),
  );

  route(app, rewardsApi.claimAchievement, auth, async (request) =>
    rewards.claimAchievement(me(request), request.body.achievementId),
  );

  route(app, rewardsApi.gameRewards, auth, async (request) =>
    rewards.gameRewards(me(request), request.query.limit),
  );

  route(app, rewardsApi.claimGameReward, auth, async (request) =>
    rewards.claimGameReward(me(request), request.body.gameId),
  );
}
