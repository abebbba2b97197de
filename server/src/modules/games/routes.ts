import {
  gameIdParamsSchema,
  gameListSchema,
  gameReplaySchema,
  gameSummarySchema,
  gamesQuerySchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  practiceBodySchema,
  practiceCreatedSchema,
  ratingHistoryQuerySchema,
  ratingHistorySchema,
  privateGameBodySchema,
  privateGameCreatedSchema,
  userGamesQuerySchema,
  userGamesSchema,
  userIdParamsSchema,
} from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
import type { GameService } from './service';

export function gameRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; games: GameService },
): void {
  const auth = requireAuth(deps.authenticator);
  const { games } = deps;

  app.post(
    '/api/games/practice',
    { preHandler: auth, schema: { body: practiceBodySchema, response: { 201: practiceCreatedSchema } } },
    async (request, reply) => {
      const { user } = authOf(request);
      return reply
        .code(201)
        .send(await games.startPractice(user, request.body.difficulty, request.body.opponents ?? 1));
    },
  );

  app.post(
    '/api/game-rooms/private',
    {
      preHandler: auth,
      schema: { body: privateGameBodySchema, response: { 201: privateGameCreatedSchema } },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      return reply.code(201).send(await games.createPrivate(user, request.body.friendshipId));
    },
  );

  app.get(
    '/api/games',
    { preHandler: auth, schema: { querystring: gamesQuerySchema, response: { 200: gameListSchema } } },
    async (request) => games.list(authOf(request).user.id, request.query.scope, request.query.limit),
  );

  app.get(
    '/api/games/:id',
    { preHandler: auth, schema: { params: gameIdParamsSchema, response: { 200: gameSummarySchema } } },
    async (request) => games.summary(authOf(request).user.id, request.params.id),
  );

  app.get(
    '/api/games/:id/replay',
    { preHandler: auth, schema: { params: gameIdParamsSchema, response: { 200: gameReplaySchema } } },
    async (request) => games.replay(authOf(request).user.id, request.params.id),
  );

  app.get(
    '/api/users/:id/games',
    {
      // Signed in first, as the profile route: a stranger learns nothing, not even which ids are valid.
      preValidation: auth,
      schema: {
        params: userIdParamsSchema,
        querystring: userGamesQuerySchema,
        response: { 200: userGamesSchema },
      },
    },
    async (request) => games.recentOf(authOf(request).user.id, request.params.id, request.query.limit),
  );

  app.get(
    '/api/users/:id/rating-history',
    {
      // As the profile: signed in first, then the same 404 for an unknown player and a blocked pair.
      preValidation: auth,
      schema: {
        params: userIdParamsSchema,
        querystring: ratingHistoryQuerySchema,
        response: { 200: ratingHistorySchema },
      },
    },
    async (request) => games.ratingHistoryOf(authOf(request).user.id, request.params.id, request.query.limit),
  );

  app.get(
    '/api/leaderboard',
    { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema } } },
    async (request) => games.leaderboard(request.query.limit),
  );
}
