import { socialApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import type { SocialService } from './service';

/** Friends, requests, blocks, search and profile visibility; every route private. See docs/api.md, "Friends". */
export function socialRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; social: SocialService },
): void {
  const auth = { preValidation: requireAuth(deps.authenticator) };
  const { social } = deps;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  route(app, socialApi.friends, auth, async (request) => social.list(me(request)));

  route(app, socialApi.request, auth, async (request) => social.request(me(request), request.body.friendId));

  route(app, socialApi.respond, auth, async (request) =>
    social.respond(me(request), request.body.requestId, request.body.status),
  );

  route(app, socialApi.remove, auth, async (request) => social.remove(me(request), request.body.friendId));

  route(app, socialApi.block, auth, async (request) => social.block(me(request), request.body.userId));

  route(app, socialApi.unblock, auth, async (request) => social.unblock(me(request), request.body.userId));

  route(app, socialApi.search, auth, async (request) => social.search(me(request), request.query.username));

  route(app, socialApi.visibility, auth, async (request) => social.visibility(me(request)));

  route(app, socialApi.setVisibility, auth, async (request) =>
    social.setVisibility(me(request), request.body.profileVisibility),
  );
}
