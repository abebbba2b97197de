import { gamesApi, playersApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import type { GameService } from './service';

export function gameRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; games: GameService },
): void {
  const auth = requireAuth(deps.authenticator);
  const { games } = deps;

  route(app, gamesApi.practice, { preHandler: auth }, async (request, reply) => {
    const { user } = authOf(request);
    return reply
      .code(201)
      .send(await games.startPractice(user, request.body.difficulty, request.body.opponents ?? 1));
  });

  route(app, gamesApi.private, { preHandler: auth }, async (request, reply) => {
    const { user } = authOf(request);
    return reply.code(201).send(await games.createPrivate(user, request.body.friendshipId));
  });

  route(app, gamesApi.list, { preHandler: auth }, async (request) =>
    games.list(authOf(request).user.id, request.query.scope, request.query.limit),
  );

  route(app, gamesApi.summary, { preHandler: auth }, async (request) =>
    games.summary(authOf(request).user.id, request.params.id),
  );

  route(app, gamesApi.replay, { preHandler: auth }, async (request) =>
    games.replay(authOf(request).user.id, request.params.id),
  );

  // Signed in first, as the profile route: a stranger learns nothing, not even which ids are valid.
  route(app, playersApi.games, { preValidation: auth }, async (request) =>
    games.recentOf(authOf(request).user.id, request.params.id, request.query.limit),
  );

  // As the profile: signed in first, then the same 404 for an unknown player and a blocked pair.
  route(app, playersApi.ratingHistory, { preValidation: auth }, async (request) =>
    games.ratingHistoryOf(authOf(request).user.id, request.params.id, request.query.limit),
  );

  route(app, gamesApi.leaderboard, {}, async (request) => games.leaderboard(request.query.limit));
}
