import {
  achievementsResponseSchema,
  claimAchievementBodySchema,
  claimGameRewardBodySchema,
  claimResponseSchema,
  dailyClaimResponseSchema,
  dailyRewardsResponseSchema,
  gameRewardsResponseSchema,
  limitQuerySchema,
} from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
import type { RewardService } from './service';

/** Daily, achievement and game rewards: every route is the signed-in player's own. */
export function rewardRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; rewards: RewardService },
): void {
  const auth = requireAuth(deps.authenticator);
  const { rewards } = deps;

  app.get(
    '/api/currency/daily-rewards',
    { preValidation: auth, schema: { response: { 200: dailyRewardsResponseSchema } } },
    async (request) => rewards.dailyState(authOf(request).user.id),
  );

  app.post(
    '/api/currency/daily-rewards/claim',
    { preValidation: auth, schema: { response: { 200: dailyClaimResponseSchema } } },
    async (request) => rewards.claimDaily(authOf(request).user.id),
  );

  app.get(
    '/api/currency/achievement-rewards',
    {
      preValidation: auth,
      schema: { querystring: limitQuerySchema, response: { 200: achievementsResponseSchema } },
    },
    async (request) => rewards.achievements(authOf(request).user.id, request.query.limit),
  );

  app.post(
    '/api/currency/achievement-rewards/claim',
    {
      preValidation: auth,
      schema: { body: claimAchievementBodySchema, response: { 200: claimResponseSchema } },
    },
    async (request) => rewards.claimAchievement(authOf(request).user.id, request.body.achievementId),
  );

  app.get(
    '/api/currency/game-rewards',
    {
      preValidation: auth,
      schema: { querystring: limitQuerySchema, response: { 200: gameRewardsResponseSchema } },
    },
    async (request) => rewards.gameRewards(authOf(request).user.id, request.query.limit),
  );

  app.post(
    '/api/currency/game-rewards/claim',
    {
      preValidation: auth,
      schema: { body: claimGameRewardBodySchema, response: { 200: claimResponseSchema } },
    },
    async (request) => rewards.claimGameReward(authOf(request).user.id, request.body.gameId),
  );
}
