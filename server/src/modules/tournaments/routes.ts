import { managerTournamentsApi, tournamentsApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import { requireStaff, staffOf } from '../manager/routes';
import type { TournamentService } from './service';

/**
 * Arena tournaments: players' list, page, join, withdraw and pause; staff's list, create, edit and
 * cancel (`/api/manager/tournaments`). Every route private. See docs/api.md, "Tournaments".
 */
export function tournamentRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; tournaments: TournamentService },
): void {
  // Before validation, so an anonymous caller gets the 401 whatever the path or body holds.
  const auth = { preValidation: requireAuth(deps.authenticator) };
  const staff = { preValidation: [requireAuth(deps.authenticator), requireStaff] };
  const { tournaments } = deps;

  route(app, tournamentsApi.list, auth, async (request) => ({
    tournaments: await tournaments.list(authOf(request).user.id, request.query.list),
  }));

  route(app, tournamentsApi.get, auth, async (request) =>
    tournaments.get(request.params.id, authOf(request).user.id, request.query.invite),
  );

  route(app, tournamentsApi.join, auth, async (request) =>
    tournaments.join(request.params.id, authOf(request).user.id, request.body.invite),
  );

  route(app, tournamentsApi.withdraw, auth, async (request) =>
    tournaments.withdraw(request.params.id, authOf(request).user.id),
  );

  route(app, tournamentsApi.pause, auth, async (request) =>
    tournaments.pause(request.params.id, authOf(request).user.id, request.body.paused),
  );

  route(app, managerTournamentsApi.list, staff, async () => tournaments.managerList());

  route(app, managerTournamentsApi.create, staff, async (request, reply) =>
    reply.code(201).send(await tournaments.create(staffOf(request), request.body)),
  );

  route(app, managerTournamentsApi.update, staff, async (request) =>
    tournaments.update(staffOf(request), request.params.id, request.body),
  );

  route(app, managerTournamentsApi.cancel, staff, async (request) =>
    tournaments.cancel(staffOf(request), request.params.id),
  );
}
