import {
  blockBodySchema,
  friendRemoveBodySchema,
  friendRequestBodySchema,
  friendRespondBodySchema,
  friendRespondResultSchema,
  friendSearchQuerySchema,
  friendSearchResultSchema,
  friendsListSchema,
  friendshipSchema,
  socialDoneSchema,
  visibilityBodySchema,
  visibilitySchema,
} from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
import type { SocialService } from './service';

/** Friends, requests, blocks, search and profile visibility; every route private. See docs/api.md, "Friends". */
export function socialRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; social: SocialService },
): void {
  const auth = requireAuth(deps.authenticator);
  const { social } = deps;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.get(
    '/api/friends',
    { preValidation: auth, schema: { response: { 200: friendsListSchema } } },
    async (request) => social.list(me(request)),
  );

  app.post(
    '/api/friends/request',
    { preValidation: auth, schema: { body: friendRequestBodySchema, response: { 200: friendshipSchema } } },
    async (request) => social.request(me(request), request.body.friendId),
  );

  app.post(
    '/api/friends/respond',
    {
      preValidation: auth,
      schema: { body: friendRespondBodySchema, response: { 200: friendRespondResultSchema } },
    },
    async (request) => social.respond(me(request), request.body.requestId, request.body.status),
  );

  app.delete(
    '/api/friends/remove',
    { preValidation: auth, schema: { body: friendRemoveBodySchema, response: { 200: socialDoneSchema } } },
    async (request) => social.remove(me(request), request.body.friendId),
  );

  app.post(
    '/api/friends/block',
    { preValidation: auth, schema: { body: blockBodySchema, response: { 200: friendshipSchema } } },
    async (request) => social.block(me(request), request.body.userId),
  );

  app.post(
    '/api/friends/unblock',
    { preValidation: auth, schema: { body: blockBodySchema, response: { 200: socialDoneSchema } } },
    async (request) => social.unblock(me(request), request.body.userId),
  );

  app.get(
    '/api/friends/search',
    {
      preValidation: auth,
      schema: { querystring: friendSearchQuerySchema, response: { 200: friendSearchResultSchema } },
    },
    async (request) => social.search(me(request), request.query.username),
  );

  app.get(
    '/api/users/me/visibility',
    { preValidation: auth, schema: { response: { 200: visibilitySchema } } },
    async (request) => social.visibility(me(request)),
  );

  app.put(
    '/api/users/me/visibility',
    { preValidation: auth, schema: { body: visibilityBodySchema, response: { 200: visibilitySchema } } },
    async (request) => social.setVisibility(me(request), request.body.profileVisibility),
  );
}
